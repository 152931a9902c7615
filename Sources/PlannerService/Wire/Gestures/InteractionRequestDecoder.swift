import JSON
import TransitionEngine

/// Turns a parsed `POST /v1/interactions` body into an engine request, reporting every invalid
/// field by JSON Pointer (docs/API.md, docs/GESTURES.md 7): the transition's fields at
/// `/transition/...` (through `PlanRequestDecoder`), then `gesture.kind`, what the kind refuses
/// of the transition, and the kind's own members, each bad sample at its own field
/// (`/gesture/samples/17/t`). Unknown fields are ignored.
public struct InteractionRequestDecoder {
  public var limits: PlannerLimits

  public init(limits: PlannerLimits = .init()) {
    self.limits = limits
  }

  public func decode<Node: JSONNode>(_ root: Node) -> Result<any GestureRequest, InvalidFields> {
    var reader = FieldReader()
    let request = decode(root, reader: &reader)
    if let request, reader.errors.isEmpty { return .success(request) }
    return .failure(InvalidFields(errors: reader.errors))
  }

  func decode<Node: JSONNode>(_ root: Node, reader: inout FieldReader) -> (any GestureRequest)? {
    guard root.isObject else {
      reader.fail(.root, "must be a JSON object (an interaction request), not \(root.typeName)")
      return nil
    }
    let transitionPointer = JSONPointer.root + "transition"
    var transition: PlanRequest?
    let transitionValue = root["transition"]
    if let object = reader.object(
      transitionValue, at: transitionPointer, required: true,
      what: "a plan request: {\"style\", \"operation\", \"container\", ...}")
    {
      var decoder = PlanRequestDecoder(limits: limits)
      decoder.allowsRetarget = false
      transition = decoder.decode(object, at: transitionPointer, reader: &reader)
    }
    // The kind decides what the rest is; an unknown kind stops there (docs/GESTURES.md 7).
    var kind = GestureRegistry.all[0]
    let gestureValue = root["gesture"]
    if let gestureValue, gestureValue.isObject {
      let errorsBefore = reader.errors.count
      let name = reader.string(
        gestureValue, "kind", at: .root + "gesture", required: false,
        oneOf: GestureRegistry.names)
      guard reader.errors.count == errorsBefore else { return nil }
      if let name, let named = GestureRegistry.kind(named: name) { kind = named }
    }
    return kind.decode(root, transition: transition, using: self, reader: &reader)
  }

  func decodeSamples<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
  )
    -> [GestureSample]?
  {
    guard let value, !value.isNull else {
      reader.fail(pointer, "is required: an array of {\"t\", \"x\", \"y\", \"state\"}")
      return nil
    }
    guard let items = value.elements else {
      reader.fail(pointer, "must be an array of samples, not \(value.typeName)")
      return nil
    }
    var checker = GestureStreamChecker(
      count: items.count, maximumSamples: limits.maximumGestureSamples,
      maximumSpan: limits.maximumGestureSpan)
    if let issue = checker.countIssue() {
      reader.fail(JSONPointer(segments: issue.field), issue.message)
      return nil
    }
    let m = limits.maximumCoordinate
    let position = NumberRule.closed(-m, m)
    let stateNames = GestureState.allCases.map(\.rawValue)
    var samples: [GestureSample] = []
    samples.reserveCapacity(items.count)
    var complete = true
    for (index, item) in items.enumerated() {
      let p = pointer.appending(index)
      guard
        let sample = reader.object(
          item, at: p, required: true, what: "{\"t\", \"x\", \"y\", \"state\"}")
      else {
        complete = false
        _ = checker.check(index: index, t: nil, state: nil)
        continue
      }
      let t = reader.number(sample, "t", at: p, required: true, .finite)
      let x = reader.number(sample, "x", at: p, required: true, position)
      let y = reader.number(sample, "y", at: p, required: true, position)
      let vx = reader.number(sample, "vx", at: p, required: false, position)
      let vy = reader.number(sample, "vy", at: p, required: false, position)
      let state = reader.string(sample, "state", at: p, required: true, oneOf: stateNames)
        .flatMap(GestureState.init(rawValue:))
      for issue in checker.check(index: index, t: t, state: state) {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      if let t, let x, let y, let state {
        samples.append(GestureSample(t: t, x: x, y: y, vx: vx, vy: vy, state: state))
      } else {
        complete = false
      }
    }
    return complete ? samples : nil
  }

  func decodeRelease<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
  )
    -> ReleasePolicy?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: false, what: "{\"policy\", ...}")
    else {
      if let value, !value.isNull { return nil }
      return .threshold()
    }
    let errorsBefore = reader.errors.count
    let name =
      reader.string(object, "policy", at: pointer, required: false, oneOf: ReleasePolicy.names)
    let policy: ReleasePolicy
    switch name {
    case "projected":
      let rate = reader.number(
        object, "decelerationRate", at: pointer, required: false, .open(0, 1))
      policy = .projected(decelerationRate: rate ?? ReleasePolicy.normalDecelerationRate)
    case "system":
      policy = .system
    default:
      // Absent (the default) or threshold; an unknown name is already reported.
      let threshold = reader.number(
        object, "threshold", at: pointer, required: false, .closed(0, 1))
      policy = .threshold(threshold: threshold ?? ReleasePolicy.defaultThreshold)
    }
    return reader.errors.count == errorsBefore ? policy : nil
  }

  func decodeCompletion<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
  )
    -> (speed: Double, curve: CompletionCurve)?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: false, what: "{\"speed\", \"curve\"}")
    else {
      if let value, !value.isNull { return nil }
      return (1, .default)
    }
    let errorsBefore = reader.errors.count
    // Any value <= 0 means 1 (UIKit); a positive speed is bounded so durations stay finite.
    var speed = reader.number(object, "speed", at: pointer, required: false, .finite) ?? 1
    if speed > 0, !(Self.speeds.contains(speed)) {
      reader.fail(
        pointer + "speed",
        "must be <= 0 (meaning 1) or from \(NumberRule.format(Self.speeds.lowerBound)) to \(NumberRule.format(Self.speeds.upperBound))"
      )
      speed = 1
    }
    let curve = reader.string(
      object, "curve", at: pointer, required: false,
      oneOf: CompletionCurve.allCases.map(\.rawValue)
    ).flatMap(CompletionCurve.init(rawValue:))
    guard reader.errors.count == errorsBefore else { return nil }
    return (speed, curve ?? .default)
  }

  /// Positive completion speeds allowed.
  static let speeds = 0.01...100.0
}
