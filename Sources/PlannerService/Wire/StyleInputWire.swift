import JSON
import TransitionEngine

/// A style's declared inputs (``StyleInput``) on the wire: decoded and validated with JSON
/// Pointers, written in canonical form, and described for `GET /v1/styles`. The only place
/// the wire layer reads a style's inputs, so no style is named here.
struct StyleInputWire {
  let limits: PlannerLimits

  // MARK: - Decoding

  /// The values of `inputs` in `object` (a request, or an object input), defaults filled in.
  func decode(
    _ inputs: [StyleInput], in object: JSONValue?, at base: JSONPointer, styleName: String,
    reader: inout FieldReader
  ) -> StyleValues {
    var values = StyleValues()
    for input in inputs {
      let pointer = base + input.name
      switch input.kind {
      case .rect:
        if let r = decodeRect(
          object?[input.name], at: pointer, required: input.required, styleName: styleName,
          reader: &reader)
        {
          values[input.name] = .rect(r)
        }
      case .number(let range, let defaultValue):
        if let n = reader.number(
          object, input.name, at: base, required: input.required, NumberRule(range))
        {
          values[input.name] = .number(n)
        } else if let defaultValue {
          values[input.name] = .number(defaultValue)
        }
      case .object(let members):
        let member = reader.object(
          object?[input.name], at: pointer, required: input.required,
          what: Self.memberList(members))
        values[input.name] = .object(
          decode(members, in: member, at: pointer, styleName: styleName, reader: &reader))
      }
    }
    return values
  }

  func decodeRect(
    _ value: JSONValue?, at pointer: JSONPointer, required: Bool, styleName: String,
    reader: inout FieldReader
  ) -> Rect? {
    guard let value, value != .null else {
      if required {
        reader.fail(
          pointer, "required for style \(styleName): {\"x\", \"y\", \"width\", \"height\"}")
      }
      return nil
    }
    guard
      let object = reader.object(
        value, at: pointer, required: required, what: "{\"x\", \"y\", \"width\", \"height\"}")
    else { return nil }
    let m = limits.maximumCoordinate
    let x = reader.number(object, "x", at: pointer, required: true, .closed(-m, m))
    let y = reader.number(object, "y", at: pointer, required: true, .closed(-m, m))
    let w = reader.number(object, "width", at: pointer, required: true, .closed(0, m))
    let h = reader.number(object, "height", at: pointer, required: true, .closed(0, m))
    guard let x, let y, let w, let h else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// `{"x", "y"}`: what an object input holds, for messages.
  static func memberList(_ members: [StyleInput]) -> String {
    "{" + members.map { "\"\($0.name)\"" }.joined(separator: ", ") + "}"
  }

  // MARK: - Canonical form

  /// `,"name":value` for each input that has a value, in declaration order (the canonical
  /// request's members after the container).
  static func writeCanonical(_ inputs: [StyleInput], _ values: StyleValues, _ w: inout JSONWriter) {
    for input in inputs {
      guard let value = values[input.name], !isEmpty(value) else { continue }
      w.raw(",")
      w.string(input.name)
      w.raw(":")
      writeValue(input, value, &w)
    }
  }

  private static func writeValue(_ input: StyleInput, _ value: StyleValue, _ w: inout JSONWriter) {
    switch (input.kind, value) {
    case (.object(let members), .object(let object)):
      w.raw("{")
      var first = true
      for member in members {
        guard let v = object[member.name], !isEmpty(v) else { continue }
        if !first { w.raw(",") }
        first = false
        w.string(member.name)
        w.raw(":")
        writeValue(member, v, &w)
      }
      w.raw("}")
    case (_, .rect(let r)): w.rect(r)
    case (_, .number(let n)): w.number(n)
    case (_, .object): w.raw("{}")
    }
  }

  private static func isEmpty(_ value: StyleValue) -> Bool {
    if case .object(let o) = value { return o.values.values.allSatisfy(isEmpty) }
    return false
  }

  // MARK: - Description

  /// `[{"name", "type", "required", "summary", ...}]` for `GET /v1/styles`: ranges and
  /// defaults of numbers, members of objects.
  func describe(_ inputs: [StyleInput], _ w: inout JSONWriter) {
    w.raw("[")
    for (i, input) in inputs.enumerated() {
      if i > 0 { w.raw(",") }
      w.raw("{\"name\":")
      w.string(input.name)
      w.raw(",\"type\":")
      switch input.kind {
      case .rect:
        w.raw("\"rect\"")
      case .number(let range, let defaultValue):
        w.raw("\"number\",")
        w.key(range.lowerInclusive ? "minimum" : "exclusiveMinimum")
        w.number(range.lower)
        w.raw(",")
        w.key(range.upperInclusive ? "maximum" : "exclusiveMaximum")
        w.number(range.upper)
        if let defaultValue {
          w.raw(",\"default\":")
          w.number(defaultValue)
        }
      case .object(let members):
        w.raw("\"object\",\"members\":")
        describe(members, &w)
      }
      w.raw(",\"required\":")
      w.bool(input.required)
      w.raw(",\"summary\":")
      w.string(input.summary)
      w.raw("}")
    }
    w.raw("]")
  }
}

extension NumberRule {
  /// The rule of a declared range.
  init(_ range: InputRange) {
    self.init(
      lower: range.lower, lowerInclusive: range.lowerInclusive, upper: range.upper,
      upperInclusive: range.upperInclusive)
  }
}
