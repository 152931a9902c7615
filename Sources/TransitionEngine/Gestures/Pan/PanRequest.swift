/// A gesture-driven transition: the non-interactive plan being scrubbed, the recorded pan, the
/// release policy and how the completion runs.
public struct PanRequest: GestureRequest, Hashable {
  public typealias Kind = PanPlanner

  public var transition: PlanRequest
  public var gesture: PanGesture
  public var release: ReleasePolicy
  /// `UIPercentDrivenInteractiveTransition.completionSpeed`; values <= 0 mean 1.
  public var completionSpeed: Double
  public var completionCurve: CompletionCurve

  public init(
    transition: PlanRequest, gesture: PanGesture, release: ReleasePolicy = .threshold(),
    completionSpeed: Double = 1, completionCurve: CompletionCurve = .default
  ) {
    self.transition = transition
    self.gesture = gesture
    self.release = release
    self.completionSpeed = completionSpeed
    self.completionCurve = completionCurve
  }

  /// The speed actually used: 1 for values <= 0.
  public var effectiveCompletionSpeed: Double { completionSpeed > 0 ? completionSpeed : 1 }
}
