import JSON
import TransitionEngine

/// Writes a `dragDismiss` answer (docs/GESTURES.md 6): `engineVersion, kind, decision, reason,
/// progress, completion, duration, frameRate, timing, parameters, follow, layers, actions`.
enum DragDismissEncoder {
  static func encode(_ plan: DragDismissPlan) -> [UInt8] {
    InteractionEncoder.collect(plan) { w in write(plan, &w) }
  }

  static func write(_ plan: DragDismissPlan, _ w: inout JSONWriter) {
    InteractionEncoder.writeHead(DragDismissPlanner.self, &w)
    w.raw("\"decision\":")
    w.string(plan.decision.rawValue)
    w.raw(",\"reason\":")
    InteractionEncoder.writeReason(plan.reason, &w)
    w.raw(",")
    InteractionEncoder.writeProgress(plan.progress, &w)
    w.key("completion")
    if let c = plan.completion {
      // The plan part's members, its duration replaced by the whole completion's.
      var whole = c.plan
      whole.duration = c.duration
      InteractionEncoder.writeCompletionStart(whole, &w)
      w.raw(",\"planDuration\":")
      w.number(c.plan.duration)
      w.raw(",\"spring\":{\"mass\":1,\"stiffness\":")
      w.number(c.spring.stiffness)
      w.raw(",\"damping\":")
      w.number(c.spring.damping)
      w.raw(",\"duration\":")
      w.number(c.spring.duration)
      w.raw(",\"from\":")
      w.rect(c.spring.from)
      w.raw(",\"to\":")
      w.rect(c.spring.to)
      w.raw(",\"velocity\":")
      w.rect(c.spring.velocity)
      w.raw("}}")
    } else {
      w.raw("null")
    }
    w.raw(",")
    InteractionEncoder.writeClock(
      duration: plan.duration, frameRate: plan.frameRate, timing: plan.timing, &w)
    w.raw("\"parameters\":{")
    for (i, parameter) in DragDismissParameter.allCases.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.string(parameter.rawValue)
      w.byte(UInt8(ascii: ":"))
      w.number(plan.parameters.value(of: parameter))
    }
    w.raw("},\"follow\":{\"element\":")
    let f = plan.follow
    w.string(f.element)
    w.raw(",\"layers\":[")
    for (i, id) in f.layers.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.string(id)
    }
    w.raw("],\"anchor\":")
    w.point(f.anchor)
    w.raw(",\"frame\":")
    w.rect(f.frame)
    w.raw(",\"distance\":")
    w.number(f.distance)
    w.raw(",\"velocity\":")
    w.point(f.velocity)
    w.raw("},")
    w.key("layers")
    PlanEncoder.writeLayers(plan.layers, &w)
    w.raw(",")
    InteractionEncoder.writeActions(plan.actions, &w)
  }
}
