import JSON
import TransitionEngine

/// The drag to dismiss on the wire: its refusals of the transition, its `gesture`, `release`
/// and `completion` (``InteractionRequestDecoder/decodeDragDismiss``), its answer
/// (``DragDismissEncoder``).
extension DragDismissPlanner: GestureWireKind {
  static func decode<Node: JSONNode>(
    _ root: Node, transition: PlanRequest?, using decoder: InteractionRequestDecoder,
    reader: inout FieldReader
  ) -> DragDismissRequest? {
    let facts = refuse(root["transition"], reader: &reader)
    return decoder.decodeDragDismiss(
      root, transition: transition, style: facts.style, at: .root + "gesture", reader: &reader)
  }

  static func encode(_ plan: DragDismissPlan) -> [UInt8] { DragDismissEncoder.encode(plan) }

  static func writeReason(_ plan: DragDismissPlan, _ w: inout JSONWriter) {
    InteractionEncoder.writeReason(plan.reason, &w)
  }
}
