import JSON
import TransitionEngine

/// Writes interaction plans in docs/API.md's shape and key order, deterministically, by their
/// kind's encoder (``PanEncoder``, ``BackEncoder``, ``DragDismissEncoder``); here the members
/// every kind's answer writes alike.
public enum InteractionEncoder {
  /// The answer of a plan of any kind, by its kind's encoder.
  public static func encode(_ plan: any GesturePlan) -> [UInt8] { GestureRegistry.encode(plan) }

  /// The answer of a kind that keyframes its own layers, its buffer sized for them.
  static func collect(
    _ plan: some KeyframedGesturePlan, _ write: (inout JSONWriter) -> Void
  ) -> [UInt8] {
    JSONWriter.collect(
      capacity: 1024 + plan.progress.count * 64 + PlanEncoder.estimatedSize(plan.layers), write)
  }

  /// `{"engineVersion":"1.0.0",`
  static func writeEngineVersion(_ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "{"))
    w.key("engineVersion")
    w.byte(UInt8(ascii: "\""))
    w.raw(PlanEncoder.engineVersion)
    w.byte(UInt8(ascii: "\""))
    w.raw(",")
  }

  /// `{"engineVersion":"1.0.0","kind":"<kind>",`: the head of an answer that names its kind.
  static func writeHead<Kind: GestureWireKind>(_ kind: Kind.Type, _ w: inout JSONWriter) {
    writeEngineVersion(&w)
    w.key("kind")
    w.string(Kind.name)
    w.byte(UInt8(ascii: ","))
  }

  /// `"progress":[{"t", "progress", "animationTime"}, ...],`
  static func writeProgress(_ progress: [SampleProgress], _ w: inout JSONWriter) {
    w.key("progress")
    w.byte(UInt8(ascii: "["))
    for (i, s) in progress.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.raw("{\"t\":")
      w.number(s.t)
      w.raw(",\"progress\":")
      w.number(s.progress)
      w.raw(",\"animationTime\":")
      w.number(s.animationTime)
      w.byte(UInt8(ascii: "}"))
    }
    w.raw("],")
  }

  /// A percent-driven completion's `{"from", "to", "duration", "curve"` without its closing
  /// brace (a drag to dismiss adds members).
  static func writeCompletionStart(_ c: PercentDrivenCompletion, _ w: inout JSONWriter) {
    w.raw("{\"from\":")
    w.number(c.from)
    w.raw(",\"to\":")
    w.number(c.to)
    w.raw(",\"duration\":")
    w.number(c.duration)
    w.raw(",\"curve\":")
    w.string(c.curve.rawValue)
  }

  /// `"duration":..,"frameRate":..,"timing":{..},`
  static func writeClock(
    duration: Double, frameRate: Int, timing: Timing, _ w: inout JSONWriter
  ) {
    w.key("duration")
    w.number(duration)
    w.raw(",")
    w.key("frameRate")
    w.integer(Int64(frameRate))
    w.raw(",")
    w.key("timing")
    w.timing(timing)
    w.raw(",")
  }

  /// `"actions":{"start":[..], "finish" or "cancel":[..]}}`: closes the answer.
  static func writeActions(_ actions: [TimedActions], _ w: inout JSONWriter) {
    w.key("actions")
    w.byte(UInt8(ascii: "{"))
    for (i, list) in actions.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.string(list.phase.rawValue)
      w.byte(UInt8(ascii: ":"))
      PlanEncoder.writeActionList(list.actions, t: list.t, &w)
    }
    w.raw("}}")
  }

  /// `{"policy", "progress", "velocity", "acceleration", <the policy's figures>,
  /// "velocitySource", "state"}`.
  static func writeReason(_ r: ReleaseReason, _ w: inout JSONWriter) {
    w.raw("{\"policy\":")
    w.string(r.policy.name)
    w.raw(",\"progress\":")
    w.number(r.progress)
    w.raw(",\"velocity\":")
    w.number(r.velocity)
    w.raw(",\"acceleration\":")
    w.number(r.acceleration)
    switch r.comparison {
    case .threshold(let threshold):
      w.raw(",\"threshold\":")
      w.number(threshold)
    case .projected(let rate, let projection, let projectedProgress):
      w.raw(",\"decelerationRate\":")
      w.number(rate)
      w.raw(",\"projection\":")
      w.number(projection)
      w.raw(",\"projectedProgress\":")
      w.number(projectedProgress)
    case .system(let score, let limit):
      w.raw(",\"score\":")
      w.number(score)
      w.raw(",\"limit\":")
      w.number(limit)
    }
    w.raw(",\"velocitySource\":")
    w.string(r.velocitySource.rawValue)
    w.raw(",\"state\":")
    w.string(r.state.rawValue)
    w.byte(UInt8(ascii: "}"))
  }
}
