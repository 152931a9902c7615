import JSON
import TransitionEngine

/// Turns a `POST /v1/plans` body (a tape over its bytes, or a parsed tree) into an engine request, reporting every invalid field
/// by JSON Pointer (docs/API.md). Unknown fields are ignored.
public struct PlanRequestDecoder {
  public var limits: PlannerLimits
  /// Whether `retarget` is read (plans); an interaction's transition refuses it.
  public var allowsRetarget = true

  public init(limits: PlannerLimits = .init()) {
    self.limits = limits
  }

  public func decode<Node: JSONNode>(_ root: Node, at base: JSONPointer = .root) -> Result<
    PlanRequest, InvalidFields
  > {
    var reader = FieldReader()
    let request = decode(root, at: base, reader: &reader)
    if let request, reader.errors.isEmpty { return .success(request) }
    return .failure(InvalidFields(errors: reader.errors))
  }

  /// Decodes into `reader`; returns a request only when every required part was readable.
  /// `depth` counts the retargets this request is nested in (0 for the request itself).
  public func decode<Node: JSONNode>(
    _ root: Node, at base: JSONPointer, reader: inout FieldReader, depth: Int = 0
  ) -> PlanRequest? {
    guard root.isObject else {
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
        StyleInputWire(limits: limits).decode(
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
    } else if let reversalValue, !reversalValue.isNull {
      reversalReadable = false
    }

    var retarget: RetargetSpec? = nil
    var retargetReadable = true
    if let value = root["retarget"], !value.isNull {
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
  func decodeRetarget<Node: JSONNode>(
    _ value: Node, at pointer: JSONPointer, depth: Int, style: String?,
    operation: TransitionOperation?, reader: inout FieldReader
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
    if let policyValue = object["policy"], !policyValue.isNull {
      if let name = policyValue.stringValue, let known = RetargetPolicy(rawValue: name) {
        policy = known
      } else {
        reader.fail(pointer + "policy", "must be spring or additive")
        policyReadable = false
      }
    }
    let fromPointer = pointer + "from"
    var from: PlanRequest? = nil
    var fromObject: Node? = nil
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
    if let name = fromObject?["style"]?.stringValue {
      fromStyle = StyleRegistry.style(named: name)
    }
    if let fromStyle, let style, fromStyle.name != style {
      reader.fail(fromPointer + "style", "must be the request's style, \(style)")
      sameKind = false
    }
    if let name = fromObject?["operation"]?.stringValue,
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

  func decodeContainer<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
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

  func decodeTiming<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
  )
    -> TimingSpec?
  {
    guard
      let object = reader.object(
        value, at: pointer, required: false, what: "{\"duration\", \"curve\"}")
    else {
      // Absent (or null): the style's defaults. Present but not an object: already reported.
      if let value, !value.isNull { return nil }
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
  func decodeCurve<Node: JSONNode>(
    _ curve: Node, at p: JSONPointer, reader: inout FieldReader,
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
public struct InvalidFields: Error, Sendable, Hashable {
  public var errors: [FieldError]

  public init(errors: [FieldError]) {
    self.errors = errors
  }
}
