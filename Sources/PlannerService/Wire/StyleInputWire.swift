import JSON
import TransitionEngine

/// A style's declared inputs (``StyleInput``) on the wire: decoded and validated with JSON
/// Pointers, written in canonical form, and described for `GET /v1/styles`. The only place
/// the wire layer reads a style's inputs, so no style is named here.
struct StyleInputWire {
  let limits: PlannerLimits

  // MARK: - Decoding

  /// The values of `inputs` in `object` (a request, or an object input), defaults filled in.
  func decode<Node: JSONNode>(
    _ inputs: [StyleInput], in object: Node?, at base: @autoclosure () -> JSONPointer,
    styleName: String, reader: inout FieldReader
  ) -> StyleValues {
    var values = StyleValues()
    // One allocation for the object's values rather than a rehash at every doubling: a hero
    // request decodes one of these per element (docs/PERFORMANCE.md "Hero plans").
    values.reserveCapacity(inputs.count)
    for input in inputs {
      // Built only where a nested value needs it as its base, or for an error: most inputs
      // are leaves, and most requests are valid.
      var pointer: JSONPointer { base() + input.name }
      let omitted = input.defaults == .omitted
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
          object, input.name, at: base(), required: input.required, NumberRule(range))
        {
          if !(omitted && n == defaultValue) { values[input.name] = .number(n) }
        } else if let defaultValue, !omitted {
          values[input.name] = .number(defaultValue)
        }
      case .object(let members):
        let member = reader.object(
          object?[input.name], at: pointer, required: input.required,
          what: Self.memberList(members))
        if omitted && member == nil { continue }
        let decoded = decode(
          members, in: member, at: pointer, styleName: styleName, reader: &reader)
        if omitted && decoded.isEmpty { continue }
        values[input.name] = .object(decoded)
      case .option(let members):
        guard
          let member = reader.object(
            object?[input.name], at: pointer, required: input.required,
            what: Self.memberList(members))
        else { continue }
        values[input.name] = .object(
          decode(members, in: member, at: pointer, styleName: styleName, reader: &reader))
      case .choice(let names, let defaultValue):
        if let s = reader.string(
          object, input.name, at: base(), required: input.required, oneOf: names)
        {
          if !(omitted && s == defaultValue) { values[input.name] = .text(s) }
        } else if let defaultValue, !omitted, object?[input.name] == nil {
          values[input.name] = .text(defaultValue)
        }
      case .boolean(let defaultValue):
        if let b = reader.bool(object, input.name, at: base()) {
          if !(omitted && b == defaultValue) { values[input.name] = .bool(b) }
        } else if let defaultValue, !omitted, object?[input.name] == nil {
          values[input.name] = .bool(defaultValue)
        }
      case .identifier(let maximumBytes):
        if let s = reader.string(object, input.name, at: base(), required: input.required) {
          let count = s.utf8.count
          if count == 0 || count > maximumBytes {
            reader.fail(
              pointer, "must be 1 to \(maximumBytes) UTF-8 bytes long, not \(count)")
          } else {
            values[input.name] = .text(s)
          }
        }
      case .list(let members, let maximumCount, let uniqueKey):
        if let items = decodeList(
          object?[input.name], at: pointer, required: input.required, members: members,
          maximumCount: maximumCount, uniqueKey: uniqueKey, styleName: styleName,
          reader: &reader), !(omitted && items.isEmpty)
        {
          values[input.name] = .list(items)
        }
      }
    }
    return values
  }

  /// An array of objects: its length bounded (reported at the array), each item decoded at
  /// its index, and with `uniqueKey` a repeated identifier reported at the later item's
  /// member (identifiers compare by their UTF-8 bytes, not by Unicode equivalence).
  private func decodeList<Node: JSONNode>(
    _ value: Node?, at pointerOf: @autoclosure () -> JSONPointer, required: Bool,
    members: [StyleInput], maximumCount: Int, uniqueKey: String?, styleName: String,
    reader: inout FieldReader
  ) -> [StyleValues]? {
    var pointer: JSONPointer { pointerOf() }
    guard let value, !value.isNull else {
      if required { reader.fail(pointer, "is required: an array of objects") }
      return nil
    }
    guard let array = value.elements else {
      reader.fail(pointer, "must be an array of objects, not \(value.typeName)")
      return nil
    }
    guard array.count <= maximumCount else {
      reader.fail(pointer, "must have at most \(maximumCount) items, not \(array.count)")
      return nil
    }
    var items: [StyleValues] = []
    items.reserveCapacity(array.count)
    var seen = FirstItemByBytes(capacity: uniqueKey == nil ? 0 : array.count)
    for (i, item) in array.enumerated() {
      var itemPointer: JSONPointer { pointer.appending(i) }
      guard
        let object = reader.object(
          item, at: itemPointer, required: true, what: Self.memberList(members))
      else { continue }
      let decoded = decode(
        members, in: object, at: itemPointer, styleName: styleName, reader: &reader)
      if let uniqueKey, let key = decoded.text(uniqueKey),
        let earlier = seen.earlier(key, item: i)
      {
        reader.fail(
          itemPointer + uniqueKey,
          "must be unique within the array: item \(earlier) has the same \(uniqueKey)")
      }
      items.append(decoded)
    }
    return items
  }

  func decodeRect<Node: JSONNode>(
    _ value: Node?, at pointerOf: @autoclosure () -> JSONPointer, required: Bool,
    styleName: String, reader: inout FieldReader
  ) -> Rect? {
    guard let value, !value.isNull else {
      if required {
        reader.fail(
          pointerOf(),
          "required for style \(styleName): {\"x\", \"y\", \"width\", \"height\"}")
      }
      return nil
    }
    guard
      let object = reader.object(
        value, at: pointerOf(), required: required,
        what: "{\"x\", \"y\", \"width\", \"height\"}")
    else { return nil }
    var pointer: JSONPointer { pointerOf() }
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
      guard let value = values[input.name], !isEmpty(input, value) else { continue }
      w.raw(",")
      w.string(input.name)
      w.raw(":")
      writeValue(input, value, &w)
    }
  }

  private static func writeMembers(
    _ members: [StyleInput], _ object: StyleValues, _ w: inout JSONWriter
  ) {
    w.raw("{")
    var first = true
    for member in members {
      guard let v = object[member.name], !isEmpty(member, v) else { continue }
      if !first { w.raw(",") }
      first = false
      w.string(member.name)
      w.raw(":")
      writeValue(member, v, &w)
    }
    w.raw("}")
  }

  private static func writeValue(_ input: StyleInput, _ value: StyleValue, _ w: inout JSONWriter) {
    switch (input.kind, value) {
    case (.object(let members), .object(let object)), (.option(let members), .object(let object)):
      writeMembers(members, object, &w)
    case (.list(let members, _, _), .list(let items)):
      w.raw("[")
      for (i, item) in items.enumerated() {
        if i > 0 { w.raw(",") }
        writeMembers(members, item, &w)
      }
      w.raw("]")
    case (_, .rect(let r)): w.rect(r)
    case (_, .number(let n)): w.number(n)
    case (_, .text(let t)): w.string(t)
    case (_, .bool(let b)): w.bool(b)
    case (_, .object): w.raw("{}")
    case (_, .list): w.raw("[]")
    }
  }

  /// An object of nothing but empty objects is left out (an option never: its presence
  /// matters).
  private static func isEmpty(_ input: StyleInput, _ value: StyleValue) -> Bool {
    switch (input.kind, value) {
    case (.object(let members), .object(let o)):
      return members.allSatisfy { member in o[member.name].map { isEmpty(member, $0) } ?? true }
    case (_, .list(let items)): return items.isEmpty
    default: return false
    }
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
      case .option(let members):
        w.raw("\"option\",\"members\":")
        describe(members, &w)
      case .choice(let names, let defaultValue):
        w.raw("\"choice\",\"values\":[")
        for (k, name) in names.enumerated() {
          if k > 0 { w.raw(",") }
          w.string(name)
        }
        w.raw("]")
        if let defaultValue {
          w.raw(",\"default\":")
          w.string(defaultValue)
        }
      case .boolean(let defaultValue):
        w.raw("\"boolean\"")
        if let defaultValue {
          w.raw(",\"default\":")
          w.bool(defaultValue)
        }
      case .identifier(let maximumBytes):
        w.raw("\"identifier\",\"maximumBytes\":")
        w.integer(Int64(maximumBytes))
      case .list(let members, let maximumCount, let uniqueKey):
        w.raw("\"list\",\"maximumItems\":")
        w.integer(Int64(maximumCount))
        if let uniqueKey {
          w.raw(",\"uniqueKey\":")
          w.string(uniqueKey)
        }
        w.raw(",\"members\":")
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
