/// What a `back` or `dragDismiss` gesture refuses of the plan under it (docs/GESTURES.md 7,
/// step 3), in the order a 422 lists them. Each rule is checked only where the value it needs
/// was readable (nil otherwise).
public enum GestureRefusal {
  /// The styles a drag to dismiss can follow an element of.
  public static let followableStyles = ["zoom", "hero"]

  /// `kind` is `back` or `dragDismiss`.
  public static func issues(
    kind: String, style: String?, operation: TransitionOperation?, reversal: Bool,
    reduceMotion: Bool
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
    guard kind == "dragDismiss" else { return issues }
    if reduceMotion {
      issues.append(
        PlanError(
          field: ["transition", "reduceMotion"],
          message:
            "must be false for gesture kind dragDismiss: a dissolve has no element to follow"))
    }
    if let style, !followableStyles.contains(style) {
      issues.append(
        PlanError(
          field: ["gesture", "kind"],
          message: "dragDismiss needs a shared element to follow: style zoom or hero"))
    }
    return issues
  }

  static func issues(kind: String, transition t: PlanRequest) -> [PlanError] {
    issues(
      kind: kind, style: t.style, operation: t.operation, reversal: t.reversal != nil,
      reduceMotion: t.reduceMotion)
  }
}
