// The interaction request decoder as it was before the tape (a JSONValue tree: the body, its
// transition through the old plan decoder, each gesture kind's members), kept verbatim but
// renamed as the oracle that DecoderOracleTests compares the production decoder with. Only
// the dispatch to a kind's decoder (a method of each kind's wire conformance, which the test
// target cannot add twice) is written out as one switch, `OracleInteractionRequestDecoder.kindDecode`.
import JSON
import TransitionEngine

@testable import PlannerService

// ---- Sources/PlannerService/Wire/Gestures/OracleInteractionRequestDecoder.swift

/// Turns a parsed `POST /v1/interactions` body into an engine request, reporting every invalid
/// field by JSON Pointer (docs/API.md, docs/GESTURES.md 7): the transition's fields at
/// `/transition/...` (through `OraclePlanRequestDecoder`), then `gesture.kind`, what the kind refuses
/// of the transition, and the kind's own members, each bad sample at its own field
/// (`/gesture/samples/17/t`). Unknown fields are ignored.
struct OracleInteractionRequestDecoder {
  var limits: PlannerLimits

  init(limits: PlannerLimits = .init()) {
    self.limits = limits
  }

  func decode(_ root: JSONValue) -> Result<any GestureRequest, OracleInvalidFields> {
    var reader = OracleFieldReader()
    let request = decode(root, reader: &reader)
    if let request, reader.errors.isEmpty { return .success(request) }
    return .failure(OracleInvalidFields(errors: reader.errors))
  }

  func decode(_ root: JSONValue, reader: inout OracleFieldReader) -> (any GestureRequest)? {
    guard case .object = root else {
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
      var decoder = OraclePlanRequestDecoder(limits: limits)
      decoder.allowsRetarget = false
      transition = decoder.decode(object, at: transitionPointer, reader: &reader)
    }
    // The kind decides what the rest is; an unknown kind stops there (docs/GESTURES.md 7).
    var kind = GestureRegistry.all[0]
    let gestureValue = root["gesture"]
    if case .object = gestureValue {
      let errorsBefore = reader.errors.count
      let name = reader.string(
        gestureValue, "kind", at: .root + "gesture", required: false,
        oneOf: GestureRegistry.names)
      guard reader.errors.count == errorsBefore else { return nil }
      if let name, let named = GestureRegistry.kind(named: name) { kind = named }
    }
    return kindDecode(kind, root, transition: transition, reader: &reader)
  }

  func decodeSamples(_ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> [GestureSample]?
  {
    guard let value, value != .null else {
      reader.fail(pointer, "is required: an array of {\"t\", \"x\", \"y\", \"state\"}")
      return nil
    }
    guard case .array(let items) = value else {
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

  func decodeRelease(_ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> ReleasePolicy?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: false, what: "{\"policy\", ...}")
    else {
      if let value, value != .null { return nil }
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

  func decodeCompletion(
    _ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader
  )
    -> (speed: Double, curve: CompletionCurve)?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: false, what: "{\"speed\", \"curve\"}")
    else {
      if let value, value != .null { return nil }
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
// ---- Sources/PlannerService/Wire/Gestures/OracleGestureParameterWire.swift

/// Reads the members of `gesture.parameters` (docs/GESTURES.md 3.1, 4.6, 5.7): numbers in their
/// ranges, curves as names or cubic-bezier objects, a boolean, a fraction's name. A null
/// member takes the default, as an absent one.
struct OracleGestureParameterWire {
  var limits: PlannerLimits

  /// The rule a parameter's range gives, worded as every number field's.
  static func rule(_ range: ParameterRange) -> NumberRule {
    NumberRule(
      lower: range.lower, lowerInclusive: !range.lowerOpen, upper: range.upper,
      upperInclusive: !range.upperOpen)
  }

  /// `parameters` as an object, or nil when absent (or null), or not an object (reported).
  func object(_ gesture: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> JSONValue?
  {
    reader.object(
      gesture?["parameters"], at: pointer + "parameters", required: false,
      what: "the constants to override")
  }

  /// `name`'s value in `parameters` by its kind; nil when absent or bad (then reported).
  func value(
    _ name: String, _ kind: ParameterKind, in parameters: JSONValue,
    at pointer: JSONPointer, reader: inout OracleFieldReader
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
  func curve(_ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> GestureCurve?
  {
    guard let value, value != .null else { return nil }
    switch value {
    case .string(let name):
      guard let known = GestureCurve.Name(rawValue: name) else {
        reader.fail(
          pointer,
          "must be one of "
            + GestureCurve.Name.allCases.map(\.rawValue).joined(separator: ", "))
        return nil
      }
      return .named(known)
    case .object:
      guard
        case .cubicBezier(let x1, let y1, let x2, let y2)? = OraclePlanRequestDecoder(
          limits: limits
        )
        .decodeCurve(value, at: pointer, reader: &reader, types: ["cubicBezier"])
      else { return nil }
      return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    default:
      reader.fail(pointer, "must be a curve name or a cubicBezier object, not \(value.typeName)")
      return nil
    }
  }
}
// ---- Sources/PlannerService/Wire/Gestures/Pan/PanDecoder.swift

/// `gesture` of kind `pan` (docs/API.md "POST /v1/interactions"): `direction`, `distance`,
/// `samples`.
extension OracleInteractionRequestDecoder {
  func decodePan(_ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> PanGesture?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: true, what: "{\"direction\", \"distance\", \"samples\"}")
    else { return nil }
    let errorsBefore = reader.errors.count
    let directionName = reader.string(
      object, "direction", at: pointer, required: false,
      oneOf: GestureDirection.allCases.map(\.rawValue))
    let distance = reader.number(
      object, "distance", at: pointer, required: false, .closed(1, limits.maximumCoordinate))
    let samples = decodeSamples(object["samples"], at: pointer + "samples", reader: &reader)
    guard let samples, reader.errors.count == errorsBefore else { return nil }
    return PanGesture(
      direction: directionName.flatMap(GestureDirection.init(rawValue:)) ?? .either,
      distance: distance, samples: samples)
  }
}
// ---- Sources/PlannerService/Wire/Gestures/Back/BackDecoder.swift

/// `gesture` of kind `back` (docs/GESTURES.md 2, 7): `pattern`, `density`, `parameters` in 4.6's
/// order, then the samples one by one, each's values before its stream rules.
extension OracleInteractionRequestDecoder {
  func decodeBack(_ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> BackGesture?
  {
    let errorsBefore = reader.errors.count
    let patternName = reader.string(
      value, "pattern", at: pointer, required: false,
      oneOf: BackPattern.allCases.map(\.rawValue))
    let patternReadable = value?["pattern"].map { $0 == .null || patternName != nil } ?? true
    let density =
      reader.number(value, "density", at: pointer, required: false, .leftOpen(0, 100)) ?? 1
    let pattern = patternName.flatMap(BackPattern.init(rawValue:)) ?? .crossActivity
    var parameters = BackParameters()
    // With an invalid pattern the parameters are not checked at all: which ones it reads is
    // unknown.
    let wire = OracleGestureParameterWire(limits: limits)
    if patternReadable, let object = wire.object(value, at: pointer, reader: &reader) {
      for parameter in BackParameter.read(by: pattern) {
        if let v = wire.value(
          parameter.rawValue, parameter.kind, in: object, at: pointer + "parameters",
          reader: &reader)
        {
          parameters.set(parameter, v)
        }
      }
    }
    let samples = decodeBackSamples(value?["samples"], at: pointer + "samples", reader: &reader)
    guard let samples, reader.errors.count == errorsBefore else { return nil }
    return BackGesture(
      pattern: pattern, density: density, parameters: parameters, samples: samples)
  }

  func decodeBackSamples(
    _ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader
  ) -> [BackSample]? {
    let members = "{\"t\", \"state\", \"progress\", \"touchX\", \"touchY\", \"swipeEdge\"}"
    guard let value, value != .null else {
      reader.fail(pointer, "is required: an array of \(members)")
      return nil
    }
    guard case .array(let items) = value else {
      reader.fail(pointer, "must be an array of samples, not \(value.typeName)")
      return nil
    }
    var checker = BackStreamChecker(
      count: items.count, maximumSamples: limits.maximumGestureSamples,
      maximumSpan: limits.maximumGestureSpan)
    if let issue = checker.countIssue() {
      reader.fail(JSONPointer(segments: issue.field), issue.message)
      return nil
    }
    let edges = SwipeEdge.allCases.map(\.rawValue)
    var samples: [BackSample] = []
    samples.reserveCapacity(items.count)
    var complete = true
    for (index, item) in items.enumerated() {
      let p = pointer.appending(index)
      guard let sample = reader.object(item, at: p, required: true, what: members) else {
        complete = false
        _ = checker.check(index: index, t: nil, state: nil)
        continue
      }
      let errorsBefore = reader.errors.count
      let t = reader.number(sample, "t", at: p, required: true, .finite)
      let state = reader.string(
        sample, "state", at: p, required: true, oneOf: BackStreamChecker.stateNames
      ).flatMap(BackEventState.init(rawValue:))
      // Requiredness follows the state; a sample whose state is unknown has none.
      let opens = state == .began || state == .moved
      let progress = reader.number(
        sample, "progress", at: p, required: opens, .closed(0, 1))
      let touchX = touch(sample, "touchX", at: p, reader: &reader)
      let touchY = touch(sample, "touchY", at: p, reader: &reader)
      let edgeErrors = reader.errors.count
      let edge = reader.string(
        sample, "swipeEdge", at: p, required: state == .began, oneOf: edges
      ).flatMap(SwipeEdge.init(rawValue:))
      if reader.errors.count == edgeErrors,
        let issue = checker.edgeIssue(index: index, state: state, edge: edge)
      {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      for issue in checker.check(index: index, t: t, state: state) {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      if let t, let state, reader.errors.count == errorsBefore {
        samples.append(
          BackSample(
            t: t, state: state, progress: progress, touchX: touchX, touchY: touchY,
            swipeEdge: edge))
      } else {
        complete = false
      }
    }
    return complete ? samples : nil
  }

  /// `touchX` / `touchY`: nil when absent, NaN for null (a button press has no touch, and
  /// null does not inherit), else a number in [-1e7, 1e7] pixels.
  private func touch(
    _ sample: JSONValue, _ key: String, at base: JSONPointer, reader: inout OracleFieldReader
  ) -> Double? {
    if sample[key] == .null { return .nan }
    let m = limits.maximumCoordinate
    return reader.number(sample, key, at: base, required: false, .closed(-m, m))
  }
}
// ---- Sources/PlannerService/Wire/Gestures/DragDismiss/DragDismissDecoder.swift

/// `gesture` of kind `dragDismiss` (docs/GESTURES.md 2, 7): `element`, `anchor`, `distance`,
/// `parameters` in 5.7's order, the samples (a pan's), then `release` and `completion` as for
/// a pan.
extension OracleInteractionRequestDecoder {
  func decodeDragDismiss(
    _ root: JSONValue, transition: PlanRequest?, style: String?, at pointer: JSONPointer,
    reader: inout OracleFieldReader
  ) -> DragDismissRequest? {
    let errorsBefore = reader.errors.count
    let value = root["gesture"]
    let element = decodeElement(
      value, transition: transition, style: style, at: pointer,
      reader: &reader)
    var anchor: Point?
    let anchorPointer = pointer + "anchor"
    if let object = reader.object(
      value?["anchor"], at: anchorPointer, required: false, what: "{\"x\", \"y\"}")
    {
      let m = limits.maximumCoordinate
      let x = reader.number(object, "x", at: anchorPointer, required: true, .closed(-m, m))
      let y = reader.number(object, "y", at: anchorPointer, required: true, .closed(-m, m))
      if let x, let y { anchor = Point(x: x, y: y) }
    }
    let distance = reader.number(
      value, "distance", at: pointer, required: false, .closed(1, limits.maximumCoordinate))
    var parameters = DragDismissParameters()
    let wire = OracleGestureParameterWire(limits: limits)
    if let object = wire.object(value, at: pointer, reader: &reader) {
      for parameter in DragDismissParameter.allCases {
        if case .number(let v)? = wire.value(
          parameter.rawValue, .number(parameter.range), in: object,
          at: pointer + "parameters", reader: &reader)
        {
          parameters.set(parameter, v)
        }
      }
    }
    let samples = decodeSamples(value?["samples"], at: pointer + "samples", reader: &reader)
    let release = decodeRelease(root["release"], at: .root + "release", reader: &reader)
    let completion = decodeCompletion(root["completion"], at: .root + "completion", reader: &reader)
    guard let transition, let samples, let release, let completion,
      reader.errors.count == errorsBefore
    else { return nil }
    return DragDismissRequest(
      transition: transition,
      gesture: DragDismissGesture(
        element: element, anchor: anchor, distance: distance, parameters: parameters,
        samples: samples),
      release: release, completionSpeed: completion.speed, completionCurve: completion.curve)
  }

  /// One of the style's shared elements, as its naming asks (a fixed list, or a scene's id,
  /// required). A style that shares none is refused at `/gesture/kind`, a bad style at its own
  /// pointer: their element is not read.
  private func decodeElement(
    _ gesture: JSONValue?, transition: PlanRequest?, style: String?, at pointer: JSONPointer,
    reader: inout OracleFieldReader
  ) -> String? {
    guard let naming = style.flatMap(StyleRegistry.style(named:))?.sharedElementNaming else {
      return nil
    }
    switch naming {
    case .fixed(let ids):
      return reader.string(gesture, "element", at: pointer, required: false, oneOf: ids)
    case .fromScene(let missing, _):
      let errorsBefore = reader.errors.count
      let id = reader.string(gesture, "element", at: pointer, required: false)
      guard reader.errors.count == errorsBefore else { return nil }
      guard let id else {
        reader.fail(pointer + "element", missing)
        return nil
      }
      // Whether the scene shares it needs the screens: checked once the transition is readable.
      if let transition, let issue = DragDismissPlanner.elementIssue(id, transition: transition) {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      return id
    }
  }
}
// ---- Sources/PlannerService/Wire/OracleTransitionFacts.swift

/// What a gesture kind's refusals need of the transition (docs/GESTURES.md 7, step 3), read
/// from its JSON so that they are checked even when other fields of it are bad; a value that
/// is itself bad (already reported at its pointer) is nil: a rule that needs it is not checked.
struct OracleTransitionFacts {
  var style: String?
  var operation: TransitionOperation?
  var reversal = false
  var reduceMotion = false

  init(_ transition: JSONValue?, reader: OracleFieldReader) {
    guard case .object = transition else { return }
    let base = JSONPointer.root + "transition"
    let reported = Set(reader.errors.map(\.pointer))
    func readable(_ name: String) -> String? {
      guard case .string(let text)? = transition?[name],
        !reported.contains((base + name).description)
      else {
        return nil
      }
      return text
    }
    style = readable("style")
    operation = readable("operation").flatMap(TransitionOperation.init(rawValue:))
    if let value = transition?["reversal"], value != .null,
      !reported.contains((base + "reversal").description)
    {
      reversal = true
    }
    reduceMotion = transition?["reduceMotion"] == .bool(true)
  }
}

// ---- the kinds' `decode` and `refuse` (Sources/PlannerService/Wire/Gestures/GestureWireKind.swift,
// Pan/PanWire.swift, Back/BackWire.swift, DragDismiss/DragDismissWire.swift)
extension OracleInteractionRequestDecoder {
  /// `kind.decode(root, transition:, using: self, reader:)` of the registry's kinds.
  func kindDecode(
    _ kind: any GestureWireKind.Type, _ root: JSONValue, transition: PlanRequest?,
    reader: inout OracleFieldReader
  ) -> (any GestureRequest)? {
    switch kind.name {
    case PanPlanner.name:
      return Self.panDecode(root, transition: transition, using: self, reader: &reader)
    case BackPlanner.name:
      return Self.backDecode(root, transition: transition, using: self, reader: &reader)
    case DragDismissPlanner.name:
      return Self.dragDismissDecode(root, transition: transition, using: self, reader: &reader)
    default:
      preconditionFailure("the oracle knows no gesture kind \(kind.name): add its decoder")
    }
  }

  /// Reports what the kind refuses of the transition, from the values of it that were
  /// readable.
  static func refuse(
    _ kind: any GestureWireKind.Type, _ transition: JSONValue?, reader: inout OracleFieldReader
  ) -> OracleTransitionFacts {
    let facts = OracleTransitionFacts(transition, reader: reader)
    for issue in kind.refusals(
      style: facts.style, operation: facts.operation, reversal: facts.reversal,
      reduceMotion: facts.reduceMotion)
    {
      reader.fail(JSONPointer(segments: issue.field), issue.message)
    }
    return facts
  }

  static func panDecode(
    _ root: JSONValue, transition: PlanRequest?, using decoder: OracleInteractionRequestDecoder,
    reader: inout OracleFieldReader
  ) -> PanRequest? {
    let gesture = decoder.decodePan(root["gesture"], at: .root + "gesture", reader: &reader)
    let release = decoder.decodeRelease(root["release"], at: .root + "release", reader: &reader)
    let completion = decoder.decodeCompletion(
      root["completion"], at: .root + "completion", reader: &reader)
    guard let transition, let gesture, let release, let completion else { return nil }
    return PanRequest(
      transition: transition, gesture: gesture, release: release,
      completionSpeed: completion.speed, completionCurve: completion.curve)
  }

  static func backDecode(
    _ root: JSONValue, transition: PlanRequest?, using decoder: OracleInteractionRequestDecoder,
    reader: inout OracleFieldReader
  ) -> BackRequest? {
    _ = refuse(BackPlanner.self, root["transition"], reader: &reader)
    let gesture = decoder.decodeBack(root["gesture"], at: .root + "gesture", reader: &reader)
    guard let transition, let gesture else { return nil }
    return BackRequest(transition: transition, gesture: gesture)
  }

  static func dragDismissDecode(
    _ root: JSONValue, transition: PlanRequest?, using decoder: OracleInteractionRequestDecoder,
    reader: inout OracleFieldReader
  ) -> DragDismissRequest? {
    let facts = refuse(DragDismissPlanner.self, root["transition"], reader: &reader)
    return decoder.decodeDragDismiss(
      root, transition: transition, style: facts.style, at: .root + "gesture", reader: &reader)
  }
}
