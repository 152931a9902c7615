/// What a `back` or `dragDismiss` gesture refuses of the plan under it (docs/GESTURES.md 7,
/// step 3), in the order a 422 lists them. Each rule is checked only where the value it needs
/// was readable (nil otherwise).
public enum GestureRefusal {
  /// The styles a drag to dismiss can follow an element of: those that share elements.
  public static let followableStyles = StyleRegistry.all.filter { $0.sharedElementNaming != nil }
    .map(\.name)

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
          message: "dragDismiss needs a shared element to follow: style \(alternatives)"))
    }
    return issues
  }

  /// The followable styles as alternatives: `a or b`, `a, b or c`.
  private static var alternatives: String {
    guard let last = followableStyles.last else { return "none" }
    let rest = followableStyles.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
  }

  static func issues(kind: String, transition t: PlanRequest) -> [PlanError] {
    issues(
      kind: kind, style: t.style, operation: t.operation, reversal: t.reversal != nil,
      reduceMotion: t.reduceMotion)
  }
}
