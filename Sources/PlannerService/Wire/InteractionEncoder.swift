import JSON
import TransitionEngine

/// Writes interaction plans in docs/API.md's shape and key order, deterministically: `engineVersion,
/// decision, reason, progress, completion, duration, frameRate, timing, layers, actions`.
public enum InteractionEncoder {
  public static func encode(_ plan: InteractionPlan) -> [UInt8] {
    JSONWriter.collect(
      capacity: plan.progress.count * 64
        + PlanEncoder.estimatedSize(plan.choreography.layers, frames: plan.times.count)
    ) { w in write(plan, &w) }
  }

  static func write(_ plan: InteractionPlan, _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "{"))
    w.key("engineVersion")
    w.byte(UInt8(ascii: "\""))
    w.raw(PlanEncoder.engineVersion)
    w.byte(UInt8(ascii: "\""))
    w.raw(",")
    w.key("decision")
    w.string(plan.decision.rawValue)
    w.raw(",")
    w.key("reason")
    writeReason(plan.reason, &w)
    w.raw(",")
    w.key("progress")
    w.byte(UInt8(ascii: "["))
    for (i, s) in plan.progress.enumerated() {
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
    w.key("completion")
    if let c = plan.completion {
      w.raw("{\"from\":")
      w.number(c.from)
      w.raw(",\"to\":")
      w.number(c.to)
      w.raw(",\"duration\":")
      w.number(c.duration)
      w.raw(",\"curve\":")
      w.string(c.curve.rawValue)
      w.byte(UInt8(ascii: "}"))
    } else {
      w.raw("null")
    }
    w.raw(",")
    w.key("duration")
    w.number(plan.duration)
    w.raw(",")
    w.key("frameRate")
    w.integer(Int64(plan.frameRate))
    w.raw(",")
    w.key("timing")
    w.timing(plan.timing)
    w.raw(",")
    w.key("layers")
    PlanEncoder.writeLayers(
      plan.choreography.layers, times: plan.times, keyframes: plan.keyframes,
      details: plan.details, &w)
    w.raw(",")
    w.key("actions")
    w.byte(UInt8(ascii: "{"))
    for (i, list) in plan.actions.enumerated() {
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
