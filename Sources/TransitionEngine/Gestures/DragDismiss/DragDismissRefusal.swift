extension DragDismissPlanner {
  /// The styles a drag to dismiss can follow an element of: those that share elements.
  public static let followableStyles = StyleRegistry.all.filter {
    $0.sharedElementNaming != nil
  }.map(\.name)

  /// A push, present or reversal (``GestureRefusal``), then a dissolve, then a style that
  /// shares no element.
  public static func refusals(
    style: String?, operation: TransitionOperation?, reversal: Bool, reduceMotion: Bool
  ) -> [PlanError] {
    var issues = GestureRefusal.popOrDismiss(kind: name, operation: operation, reversal: reversal)
    if reduceMotion {
      issues.append(
        PlanError(
          field: ["transition", "reduceMotion"],
          message:
            "must be false for gesture kind \(name): a dissolve has no element to follow"))
    }
    if let style, !followableStyles.contains(style) {
      issues.append(
        PlanError(
          field: ["gesture", "kind"],
          message: "\(name) needs a shared element to follow: style \(alternatives)"))
    }
    return issues
  }

  /// The followable styles as alternatives: `a or b`, `a, b or c`.
  private static var alternatives: String {
    guard let last = followableStyles.last else { return "none" }
    let rest = followableStyles.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
  }
}
