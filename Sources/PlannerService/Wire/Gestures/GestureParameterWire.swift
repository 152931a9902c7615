import JSON
import TransitionEngine

/// Reads the members of `gesture.parameters` (docs/GESTURES.md 3.1, 4.6, 5.7): numbers in their
/// ranges, curves as names or cubic-bezier objects, a boolean, a fraction's name. A null
/// member takes the default, as an absent one.
struct GestureParameterWire {
  var limits: PlannerLimits

  /// The rule a parameter's range gives, worded as every number field's.
  static func rule(_ range: ParameterRange) -> NumberRule {
    NumberRule(
      lower: range.lower, lowerInclusive: !range.lowerOpen, upper: range.upper,
      upperInclusive: !range.upperOpen)
  }

  /// `parameters` as an object, or nil when absent (or null), or not an object (reported).
  func object<Node: JSONNode>(_ gesture: Node?, at pointer: JSONPointer, reader: inout FieldReader)
    -> Node?
  {
    reader.object(
      gesture?["parameters"], at: pointer + "parameters", required: false,
      what: "the constants to override")
  }

  /// `name`'s value in `parameters` by its kind; nil when absent or bad (then reported).
  func value<Node: JSONNode>(
    _ name: String, _ kind: ParameterKind, in parameters: Node,
    at pointer: JSONPointer, reader: inout FieldReader
  ) -> ParameterValue? {
    switch kind {
    case .number(let range):
      return reader.number(parameters, name, at: pointer, required: false, Self.rule(range))
        .map { .number($0) }
    case .boolean:
      return reader.bool(parameters, name, at: pointer).map { .boolean($0) }
    case .fraction:
      return reader.string(
        parameters, name, at: pointer, required: false,
        oneOf: CommitFraction.allCases.map(\.rawValue)
      ).flatMap(CommitFraction.init(rawValue:)).map { .fraction($0) }
    case .curve:
      return curve(parameters[name], at: pointer + name, reader: &reader).map { .curve($0) }
    }
  }

  /// A curve: a name of 3.1's list, or `{"type": "cubicBezier", "x1", "y1", "x2", "y2"}` read
  /// as a plan's `timing.curve` of that type.
  func curve<Node: JSONNode>(_ value: Node?, at pointer: JSONPointer, reader: inout FieldReader)
    -> GestureCurve?
  {
    guard let value, !value.isNull else { return nil }
    if let name = value.stringValue {
      guard let known = GestureCurve.Name(rawValue: name) else {
        reader.fail(
          pointer,
          "must be one of "
            + GestureCurve.Name.allCases.map(\.rawValue).joined(separator: ", "))
        return nil
      }
      return .named(known)
    }
    if value.isObject {
      guard
        case .cubicBezier(let x1, let y1, let x2, let y2)? = PlanRequestDecoder(limits: limits)
          .decodeCurve(value, at: pointer, reader: &reader, types: ["cubicBezier"])
      else { return nil }
      return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }
    reader.fail(pointer, "must be a curve name or a cubicBezier object, not \(value.typeName)")
    return nil
  }
}
