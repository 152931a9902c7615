import JSON
import TransitionEngine

/// Every gesture kind `POST /v1/interactions` reads, in the order its `must be one of`
/// message lists them; the first is the kind of a gesture that names none. Adding a kind is
/// its folders (`Gestures/<Kind>/` in TransitionEngine, `Wire/Gestures/<Kind>/` here) and a
/// line here.
enum GestureRegistry {
  static let all: [any GestureWireKind.Type] = [
    PanPlanner.self, BackPlanner.self, DragDismissPlanner.self,
  ]

  static let names = all.map { $0.name }

  static func kind(named name: String) -> (any GestureWireKind.Type)? {
    all.first { $0.name == name }
  }

  /// The JSON answer of a plan of any kind.
  static func encode(_ plan: any GesturePlan) -> [UInt8] {
    for kind in all {
      if let bytes = kind.encode(any: plan) { return bytes }
    }
    preconditionFailure("a plan of a registered gesture kind")
  }

  /// A plan of any kind in a native format.
  static func native(_ plan: any GesturePlan, _ format: ExportFormat) -> [UInt8] {
    for kind in all {
      if let bytes = kind.native(any: plan, format) { return bytes }
    }
    preconditionFailure("a plan of a registered gesture kind")
  }

  /// The `waapi` document's `interaction` member of a plan of any kind.
  static func writeInteraction(_ plan: any GesturePlan, _ w: inout JSONWriter) {
    for kind in all {
      if kind.writeInteraction(any: plan, &w) { return }
    }
    preconditionFailure("a plan of a registered gesture kind")
  }
}
