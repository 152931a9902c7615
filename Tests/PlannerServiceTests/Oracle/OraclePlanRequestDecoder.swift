// The request decoder as it was before the tape (a JSONValue tree walked by the style's
// declarations), kept verbatim but renamed as the oracle that DecoderOracleTests compares
// the production decoder with.
import JSON
import TransitionEngine

@testable import PlannerService

/// Turns a parsed `POST /v1/plans` body into an engine request, reporting every invalid field
/// by JSON Pointer (docs/API.md). Unknown fields are ignored.
struct OraclePlanRequestDecoder {
  var limits: PlannerLimits
  /// Whether `retarget` is read (plans); an interaction's transition refuses it.
  var allowsRetarget = true

  init(limits: PlannerLimits = .init()) {
    self.limits = limits
  }

  func decode(_ root: JSONValue, at base: JSONPointer = .root) -> Result<
    PlanRequest, OracleInvalidFields
  > {
    var reader = OracleFieldReader()
    let request = decode(root, at: base, reader: &reader)
    if let request, reader.errors.isEmpty { return .success(request) }
    return .failure(OracleInvalidFields(errors: reader.errors))
  }

  /// Decodes into `reader`; returns a request only when every required part was readable.
  /// `depth` counts the retargets this request is nested in (0 for the request itself).
  func decode(
    _ root: JSONValue, at base: JSONPointer, reader: inout OracleFieldReader, depth: Int = 0
  ) -> PlanRequest? {
    guard case .object = root else {
      reader.fail(base, "must be a JSON object (a plan request), not \(root.typeName)")
      return nil
    }
    let styleName = reader.string(
      root, "style", at: base, required: true, oneOf: StyleRegistry.names)
    let style = styleName.flatMap { StyleRegistry.style(named: $0) }
    let operationNames =
      style?.operations.map(\.rawValue) ?? TransitionOperation.allCases.map(\.rawValue)
    let operationText = reader.string(root, "operation", at: base, required: true)
    var operation: TransitionOperation?
    if let operationText {
      if let op = TransitionOperation(rawValue: operationText), operationNames.contains(op.rawValue)
      {
        operation = op
      } else {
        reader.fail(
          base + "operation",
          "must be one of \(operationNames.joined(separator: ", "))"
            + (style.map { " for style \($0.name)" } ?? ""))
      }
    }

    let container = decodeContainer(root["container"], at: base + "container", reader: &reader)

    let inputs =
      style.map {
        OracleStyleInputWire(limits: limits).decode(
          $0.inputs, in: root, at: base, styleName: $0.name, reader: &reader)
      } ?? StyleValues()

    let timing = decodeTiming(root["timing"], at: base + "timing", reader: &reader)
    let rates = limits.frameRates
    let frameRate =
      reader.number(
        root, "frameRate", at: base, required: false,
        NumberRule(lower: Double(rates.lowerBound), upper: Double(rates.upperBound), integer: true)
      ).map { Int($0) } ?? 60

    let reduceMotion = reader.bool(root, "reduceMotion", at: base) ?? false
    var reversal: ReversalSpec? = nil
    var reversalReadable = true
    var reversalPointer: JSONPointer { base + "reversal" }
    let reversalValue = root["reversal"]
    if let object = reader.object(
      reversalValue, at: reversalPointer, required: false, what: "{\"at\", \"timing\"}")
    {
      // Any finite time here: the engine knows the plan's duration and names it when tau is
      // outside (0, duration].
      let at = reader.number(object, "at", at: reversalPointer, required: true, .finite)
      let timing = decodeTiming(
        object["timing"], at: reversalPointer + "timing", reader: &reader)
      if let at, let timing {
        // `{}` asks for nothing the default does not do.
        reversal = ReversalSpec(at: at, timing: timing == TimingSpec() ? nil : timing)
      } else {
        reversalReadable = false
      }
    } else if let reversalValue, reversalValue != .null {
      reversalReadable = false
    }

    var retarget: RetargetSpec? = nil
    var retargetReadable = true
    if let value = root["retarget"], value != .null {
      if allowsRetarget {
        retarget = decodeRetarget(
          value, at: base + "retarget", depth: depth + 1, style: styleName,
          operation: operation, reader: &reader)
        retargetReadable = retarget != nil
      } else {
        reader.fail(base + "retarget", "not supported in interactions")
        retargetReadable = false
      }
    }

    guard let styleName, let operation, let container, let timing, reversalReadable,
      retargetReadable
    else {
      return nil
    }
    return PlanRequest(
      style: styleName, operation: operation,
      scene: Scene(container: container, inputs: inputs),
      timing: timing, frameRate: frameRate, reduceMotion: reduceMotion, reversal: reversal,
      retarget: retarget)
  }

  /// `"retarget": {"from", "at", "policy"}` at `depth` (1 for a request's own), in
  /// docs/API.md's order of errors: the member itself, `at`, `policy`, `from`, the in-flight
  /// request's own errors, then its style and operation against the new request's.
  func decodeRetarget(
    _ value: JSONValue, at pointer: JSONPointer, depth: Int, style: String?,
    operation: TransitionOperation?, reader: inout OracleFieldReader
  ) -> RetargetSpec? {
    guard depth <= RetargetSpec.maximumDepth else {
      reader.fail(pointer, "retargets nest at most \(RetargetSpec.maximumDepth) deep")
      return nil
    }
    guard
      let object = reader.object(
        value, at: pointer, required: true, what: "{\"from\", \"at\", \"policy\"}")
    else { return nil }
    // Any finite time here: the engine knows the in-flight plan's duration.
    let at = reader.number(object, "at", at: pointer, required: true, .finite)
    var policy: RetargetPolicy? = nil
    var policyReadable = true
    if let policyValue = object["policy"], policyValue != .null {
      if case .string(let name) = policyValue, let known = RetargetPolicy(rawValue: name) {
        policy = known
      } else {
        reader.fail(pointer + "policy", "must be spring or additive")
        policyReadable = false
      }
    }
    let fromPointer = pointer + "from"
    var from: PlanRequest? = nil
    var fromObject: JSONValue? = nil
    if let object = reader.object(
      object["from"], at: fromPointer, required: true, what: "a plan request",
      missing: "required: the plan request in flight")
    {
      fromObject = object
      from = decode(object, at: fromPointer, reader: &reader, depth: depth)
    }
    // The in-flight plan must be of the same style and operation; an in-flight style or
    // operation that is itself invalid has its own error.
    var sameKind = true
    var fromStyle: (any TransitionStyle)? = nil
    if case .string(let name)? = fromObject?["style"] {
      fromStyle = StyleRegistry.style(named: name)
    }
    if let fromStyle, let style, fromStyle.name != style {
      reader.fail(fromPointer + "style", "must be the request's style, \(style)")
      sameKind = false
    }
    if case .string(let name)? = fromObject?["operation"],
      let fromOperation = TransitionOperation(rawValue: name),
      (fromStyle?.operations ?? TransitionOperation.allCases).contains(fromOperation),
      let operation, fromOperation != operation
    {
      reader.fail(
        fromPointer + "operation", "must be the request's operation, \(operation.rawValue)")
      sameKind = false
    }
    guard let at, policyReadable, let from, sameKind else { return nil }
    return RetargetSpec(from: from, at: at, policy: policy)
  }

  func decodeContainer(
    _ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader
  )
    -> Size?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: true, what: "{\"width\", \"height\"}",
        missing: "required: an object with width and height")
    else {
      return nil
    }
    let rule = NumberRule.leftOpen(0, limits.maximumContainerSide)
    let w = reader.number(object, "width", at: pointer, required: true, rule)
    let h = reader.number(object, "height", at: pointer, required: true, rule)
    guard let w, let h else { return nil }
    return Size(width: w, height: h)
  }

  func decodeTiming(_ value: JSONValue?, at pointer: JSONPointer, reader: inout OracleFieldReader)
    -> TimingSpec?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: false, what: "{\"duration\", \"curve\"}")
    else {
      // Absent (or null): the style's defaults. Present but not an object: already reported.
      if let value, value != .null { return nil }
      return TimingSpec()
    }
    var spec = TimingSpec()
    let errorsBefore = reader.errors.count
    spec.duration = reader.number(
      object, "duration", at: pointer, required: false, .leftOpen(0, limits.maximumDuration))
    let curvePointer = pointer + "curve"
    if let curve = reader.object(
      object["curve"], at: curvePointer, required: false, what: "with a \"type\"")
    {
      spec.curve = decodeCurve(curve, at: curvePointer, reader: &reader)
    }
    return reader.errors.count == errorsBefore ? spec : nil
  }

  /// A `timing.curve`; `types` narrows the types it accepts (a gesture's curve parameter
  /// takes only `cubicBezier` objects).
  func decodeCurve(
    _ curve: JSONValue, at p: JSONPointer, reader: inout OracleFieldReader,
    types: [String] = CurveSpec.typeNames
  ) -> CurveSpec? {
    guard let type = reader.string(curve, "type", at: p, required: true, oneOf: types)
    else {
      return nil
    }
    if let named = CurveSpec.named(type) { return named }
    let velocity = NumberRule.closed(-1000, 1000)
    switch type {
    case "cubicBezier":
      let x1 = reader.number(curve, "x1", at: p, required: true, .closed(0, 1))
      let y1 = reader.number(curve, "y1", at: p, required: true, .closed(-1000, 1000))
      let x2 = reader.number(curve, "x2", at: p, required: true, .closed(0, 1))
      let y2 = reader.number(curve, "y2", at: p, required: true, .closed(-1000, 1000))
      guard let x1, let y1, let x2, let y2 else { return nil }
      return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    case "spring":
      return .spring(
        dampingRatio: reader.number(curve, "dampingRatio", at: p, required: false, .closed(0, 100)),
        initialVelocity: reader.number(curve, "initialVelocity", at: p, required: false, velocity))
    case "springPhysics":
      return .springPhysics(
        mass: reader.number(curve, "mass", at: p, required: false, .closed(0.001, 10_000)),
        stiffness: reader.number(
          curve, "stiffness", at: p, required: false, .closed(0.001, 1_000_000)),
        damping: reader.number(curve, "damping", at: p, required: false, .closed(0, 1_000_000)),
        initialVelocity: reader.number(curve, "initialVelocity", at: p, required: false, velocity),
        allowOverdamping: reader.bool(curve, "allowOverdamping", at: p))
    case "springResponse":
      return .springResponse(
        response: reader.number(
          curve, "response", at: p, required: false, .closed(0.01, limits.maximumDuration)),
        dampingRatio: reader.number(curve, "dampingRatio", at: p, required: false, .closed(0, 100)),
        initialVelocity: reader.number(curve, "initialVelocity", at: p, required: false, velocity))
    default:  // springBounce
      return .springBounce(
        duration: reader.number(
          curve, "duration", at: p, required: false, .closed(0.01, limits.maximumDuration)),
        bounce: reader.number(curve, "bounce", at: p, required: false, .open(-1, 1)),
        initialVelocity: reader.number(curve, "initialVelocity", at: p, required: false, velocity))
    }
  }
}

/// A 422: every invalid field of a request.
struct OracleInvalidFields: Error, Sendable, Hashable {
  var errors: [FieldError]
}
