import JSON
import TransitionEngine

/// The pan on the wire: its `gesture`, `release` and `completion` read, its answer written
/// (``PanEncoder``), its native documents its transition's tracks on a timeline
/// (docs/NATIVE.md 7). The first kind: its answers do not name it.
extension PanPlanner: GestureWireKind {
  static var answersName: Bool { false }

  static func decode<Node: JSONNode>(
    _ root: Node, transition: PlanRequest?, using decoder: InteractionRequestDecoder,
    reader: inout FieldReader
  ) -> PanRequest? {
    let gesture = decoder.decodePan(root["gesture"], at: .root + "gesture", reader: &reader)
    let release = decoder.decodeRelease(root["release"], at: .root + "release", reader: &reader)
    let completion = decoder.decodeCompletion(
      root["completion"], at: .root + "completion", reader: &reader)
    guard let transition, let gesture, let release, let completion else { return nil }
    return PanRequest(
      transition: transition, gesture: gesture, release: release,
      completionSpeed: completion.speed, completionCurve: completion.curve)
  }

  static func encode(_ plan: PanPlan) -> [UInt8] { PanEncoder.encode(plan) }

  static func writeReason(_ plan: PanPlan, _ w: inout JSONWriter) {
    InteractionEncoder.writeReason(plan.reason, &w)
  }

  static func native(_ plan: PanPlan, _ format: ExportFormat) -> [UInt8] {
    format.nativePlatform?.document(NativeDocument.Source(plan)) ?? []
  }
}
