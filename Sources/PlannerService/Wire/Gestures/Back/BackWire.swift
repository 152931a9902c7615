import JSON
import TransitionEngine

/// The `back` stream on the wire: its refusals of the transition, its `gesture`
/// (``InteractionRequestDecoder/decodeBack(_:at:reader:)``), its answer (``BackEncoder``).
extension BackPlanner: GestureWireKind {
  static func decode<Node: JSONNode>(
    _ root: Node, transition: PlanRequest?, using decoder: InteractionRequestDecoder,
    reader: inout FieldReader
  ) -> BackRequest? {
    _ = refuse(root["transition"], reader: &reader)
    let gesture = decoder.decodeBack(root["gesture"], at: .root + "gesture", reader: &reader)
    guard let transition, let gesture else { return nil }
    return BackRequest(transition: transition, gesture: gesture)
  }

  static func encode(_ plan: BackPlan) -> [UInt8] { BackEncoder.encode(plan) }

  static func writeReason(_ plan: BackPlan, _ w: inout JSONWriter) {
    BackEncoder.writeReason(plan.reason, &w)
  }
}
