import JSON
import TransitionEngine

/// Turns a parsed `POST /v1/plans` body into an engine request, reporting every invalid field
/// by JSON Pointer (docs/API.md). Unknown fields are ignored.
public struct PlanRequestDecoder {
  public var limits: PlannerLimits

  public init(limits: PlannerLimits = .init()) {
    self.limits = limits
  }

  public func decode(_ root: JSONValue, at base: JSONPointer = .root) -> Result<
    PlanRequest, InvalidFields
  > {
    var reader = FieldReader()
    let request = decode(root, at: base, reader: &reader)
    if let request, reader.errors.isEmpty { return .success(request) }
    return .failure(InvalidFields(errors: reader.errors))
  }

  /// Decodes into `reader`; returns a request only when every required part was readable.
  public func decode(_ root: JSONValue, at base: JSONPointer, reader: inout FieldReader)
    -> PlanRequest?
  {
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
    } else if let reversalValue, reversalValue != .null {
      reversalReadable = false
    }

    guard let styleName, let operation, let container, let timing, reversalReadable else {
      return nil
    }
    return PlanRequest(
      style: styleName, operation: operation,
      scene: Scene(container: container, inputs: inputs),
      timing: timing, frameRate: frameRate, reduceMotion: reduceMotion, reversal: reversal)
  }

  func decodeContainer(_ value: JSONValue?, at pointer: JSONPointer, reader: inout FieldReader)
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

  func decodeTiming(_ value: JSONValue?, at pointer: JSONPointer, reader: inout FieldReader)
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

  func decodeCurve(_ curve: JSONValue, at p: JSONPointer, reader: inout FieldReader) -> CurveSpec? {
    guard let type = reader.string(curve, "type", at: p, required: true, oneOf: CurveSpec.typeNames)
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
