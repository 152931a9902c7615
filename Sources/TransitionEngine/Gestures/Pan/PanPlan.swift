/// A planned gesture-driven transition: the decision and why, what each sample showed, the
/// completion, and keyframes over the whole timeline (tau = 0 at the first sample).
public struct PanPlan: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var decision: InteractionDecision
  public var reason: ReleaseReason
  /// One entry per input sample.
  public var progress: [SampleProgress]
  /// nil when pending.
  public var completion: PercentDrivenCompletion?
  /// tau of the release (last) sample; nil when pending.
  public var releaseTime: Double?
  /// Wall-clock end of the timeline: release + completion, or the last sample when pending.
  public var duration: Double
  public var frameRate: Int
  /// The container the layers are drawn in (the transition's scene).
  public var container: Size
  /// The non-interactive animation being scrubbed.
  public var timing: Timing
  public var choreography: Choreography
  public var times: [Double]
  /// The animation time each keyframe shows (parallel to `times`).
  public var animationTimes: [Double]
  /// `keyframes[layer][sample]`.
  public var keyframes: [[LayerState]]
  /// `details[layer][sample]` for the layers with ``Layer/hasDetail``; empty for the others.
  public var details: [[LayerDetail]] = []
  /// `start` at 0, then `finish` or `cancel` at the end (none when pending).
  public var actions: [TimedActions]
}
