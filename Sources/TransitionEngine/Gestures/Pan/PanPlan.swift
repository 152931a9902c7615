/// A planned gesture-driven transition: the decision and why, what each sample showed, the
/// completion, and keyframes over the whole timeline (tau = 0 at the first sample).
public struct PanPlan: GesturePlan {
  /// Its timing is the non-interactive animation's being scrubbed.
  public var core: GesturePlanCore
  public var reason: ReleaseReason
  /// nil when pending.
  public var completion: PercentDrivenCompletion?
  public var choreography: Choreography
  public var times: [Double]
  /// The animation time each keyframe shows (parallel to `times`).
  public var animationTimes: [Double]
  /// `keyframes[layer][sample]`.
  public var keyframes: [[LayerState]]
  /// `details[layer][sample]` for the layers with ``Layer/hasDetail``; empty for the others.
  public var details: [[LayerDetail]] = []
}
