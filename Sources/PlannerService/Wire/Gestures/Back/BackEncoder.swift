import JSON
import TransitionEngine

/// Writes a `back` answer (docs/GESTURES.md 6): `engineVersion, kind, pattern, decision,
/// reason, progress, completion, duration, frameRate, timing, parameters, layers, actions`.
enum BackEncoder {
  static func encode(_ plan: BackPlan) -> [UInt8] {
    InteractionEncoder.collect(plan) { w in write(plan, &w) }
  }

  static func write(_ plan: BackPlan, _ w: inout JSONWriter) {
    InteractionEncoder.writeHead(BackPlanner.self, &w)
    w.raw("\"pattern\":")
    w.string(plan.pattern.rawValue)
    w.raw(",\"decision\":")
    w.string(plan.decision.rawValue)
    w.raw(",\"reason\":")
    writeReason(plan.reason, &w)
    w.raw(",")
    InteractionEncoder.writeProgress(plan.progress, &w)
    w.key("completion")
    if let completion = plan.completion {
      writeCompletion(completion, &w)
    } else {
      w.raw("null")
    }
    w.raw(",")
    InteractionEncoder.writeClock(
      duration: plan.duration, frameRate: plan.frameRate, timing: plan.timing, &w)
    w.key("parameters")
    writeParameters(plan.parameters, pattern: plan.pattern, &w)
    w.raw(",")
    w.key("layers")
    PlanEncoder.writeLayers(plan.layers, &w)
    w.raw(",")
    InteractionEncoder.writeActions(plan.actions, &w)
  }

  /// `{"policy":"backEvent", "state", "progress", "interpolatedProgress", "velocity",
  /// "acceleration", "swipeEdge", "gestures"}`.
  static func writeReason(_ r: BackReason, _ w: inout JSONWriter) {
    w.raw("{\"policy\":\"backEvent\",\"state\":")
    w.string(r.state.rawValue)
    w.raw(",\"progress\":")
    w.number(r.progress)
    w.raw(",\"interpolatedProgress\":")
    w.number(r.interpolatedProgress)
    w.raw(",\"velocity\":")
    w.number(r.velocity)
    w.raw(",\"acceleration\":")
    w.number(r.acceleration)
    w.raw(",\"swipeEdge\":")
    w.string(r.swipeEdge.rawValue)
    w.raw(",\"gestures\":")
    w.integer(Int64(r.gestures))
    w.byte(UInt8(ascii: "}"))
  }

  static func writeCompletion(_ c: BackCompletionSummary, _ w: inout JSONWriter) {
    switch c {
    case .commit(let from, let duration, let curve, let fraction, let fling):
      writeStart(from: from, to: 1, duration: duration, &w)
      w.curve(curve)
      w.raw(",\"fraction\":")
      w.string(fraction.rawValue)
      w.raw(",\"fling\":")
      if let fling {
        w.raw("{\"velocity\":")
        w.number(fling.velocity)
        w.raw(",\"mass\":1,\"stiffness\":")
        w.number(fling.stiffness)
        w.raw(",\"damping\":")
        w.number(fling.damping)
        w.byte(UInt8(ascii: "}"))
      } else {
        w.raw("null")
      }
    case .springBack(let from, let duration, let stiffness, let damping, let velocity):
      writeStart(from: from, to: 0, duration: duration, &w)
      w.raw("\"spring\",\"spring\":{\"mass\":1,\"stiffness\":")
      w.number(stiffness)
      w.raw(",\"damping\":")
      w.number(damping)
      w.raw(",\"initialVelocity\":")
      w.number(velocity)
      w.byte(UInt8(ascii: "}"))
    case .material(let from, let to, let duration, let curve):
      writeStart(from: from, to: to, duration: duration, &w)
      w.curve(curve)
    }
    w.byte(UInt8(ascii: "}"))
  }

  /// `{"from", "to", "duration", "curve":` up to the curve's value.
  private static func writeStart(
    from: Double, to: Double, duration: Double, _ w: inout JSONWriter
  ) {
    w.raw("{\"from\":")
    w.number(from)
    w.raw(",\"to\":")
    w.number(to)
    w.raw(",\"duration\":")
    w.number(duration)
    w.raw(",\"curve\":")
  }

  /// The pattern's parameters, resolved, in 4.6's echo order.
  static func writeParameters(
    _ parameters: BackParameters, pattern: BackPattern, _ w: inout JSONWriter
  ) {
    w.byte(UInt8(ascii: "{"))
    for (i, parameter) in BackParameter.echoed(by: pattern).enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.string(parameter.rawValue)
      w.byte(UInt8(ascii: ":"))
      switch parameters.value(of: parameter, pattern: pattern) {
      case .number(let v): w.number(v)
      case .curve(let c): w.curve(c)
      case .boolean(let b): w.bool(b)
      case .fraction(let f): w.string(f.rawValue)
      }
    }
    w.byte(UInt8(ascii: "}"))
  }
}
