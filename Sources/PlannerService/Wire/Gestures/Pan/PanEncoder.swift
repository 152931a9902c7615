import JSON
import TransitionEngine

/// Writes a pan's answer (docs/API.md "POST /v1/interactions"): `engineVersion, decision,
/// reason, progress, completion, duration, frameRate, timing, layers, actions`.
enum PanEncoder {
  static func encode(_ plan: PanPlan) -> [UInt8] {
    JSONWriter.collect(
      capacity: plan.progress.count * 64
        + PlanEncoder.estimatedSize(plan.choreography.layers, frames: plan.times.count)
    ) { w in write(plan, &w) }
  }

  static func write(_ plan: PanPlan, _ w: inout JSONWriter) {
    InteractionEncoder.writeEngineVersion(&w)
    w.key("decision")
    w.string(plan.decision.rawValue)
    w.raw(",")
    w.key("reason")
    InteractionEncoder.writeReason(plan.reason, &w)
    w.raw(",")
    InteractionEncoder.writeProgress(plan.progress, &w)
    w.key("completion")
    if let c = plan.completion {
      InteractionEncoder.writeCompletionStart(c, &w)
      w.byte(UInt8(ascii: "}"))
    } else {
      w.raw("null")
    }
    w.raw(",")
    InteractionEncoder.writeClock(
      duration: plan.duration, frameRate: plan.frameRate, timing: plan.timing, &w)
    w.key("layers")
    PlanEncoder.writeLayers(
      plan.choreography.layers, times: plan.times, keyframes: plan.keyframes,
      details: plan.details, &w)
    w.raw(",")
    InteractionEncoder.writeActions(plan.actions, &w)
  }
}
