/// What a kind that drives a pop or a dismiss (`back`, `dragDismiss`) refuses of the plan
/// under it (docs/GESTURES.md 7, step 3), in the order a 422 lists them; a kind adds its own
/// after these (``GestureKind/refusals(style:operation:reversal:reduceMotion:)``).
public enum GestureRefusal {
  /// A push or present, or a reversal, under gesture kind `kind`.
  public static func popOrDismiss(
    kind: String, operation: TransitionOperation?, reversal: Bool
  ) -> [PlanError] {
    var issues: [PlanError] = []
    if let operation, operation == .push || operation == .present {
      issues.append(
        PlanError(
          field: ["transition", "operation"],
          message: "gesture kind \(kind) drives a pop or a dismiss"))
    }
    if reversal {
      issues.append(
        PlanError(
          field: ["transition", "reversal"], message: "cannot be combined with gesture kind \(kind)"
        ))
    }
    return issues
  }
}
