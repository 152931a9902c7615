/// A planned `back` stream (docs/GESTURES.md 4, 6): the outcome and why, what each sample
/// showed, the completion, the resolved parameters, and keyframes over the whole timeline.
public struct BackPlan: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var pattern: BackPattern
  public var decision: InteractionDecision
  public var reason: BackReason
  /// One entry per input sample (the inherited progress included).
  public var progress: [SampleProgress]
  /// nil when pending.
  public var completion: BackCompletionSummary?
  /// tau of the release (the last sample); nil when pending.
  public var releaseTime: Double?
  /// Seconds from the first sample to the end of the last gesture's completion.
  public var duration: Double
  public var frameRate: Int
  public var container: Size
  public var timing: Timing
  public var parameters: BackParameters
  /// The plan's layers and, under `crossActivity`, `backScrim`.
  public var layers: GestureLayers
  /// `start` at 0, then `finish` or `cancel` at the end (none when pending).
  public var actions: [TimedActions]
  /// The plan's actions as export formats apply them, the scrim's removal included.
  public var planActions: Actions

  public var timeline: Timeline {
    layers.timeline(
      style: style, operation: operation, container: container, duration: duration,
      frameRate: frameRate, actions: planActions)
  }
}

/// Why a `back` stream ended as it did: its last sample and the last gesture's figures.
public struct BackReason: Sendable, Hashable {
  /// The last sample's state: `invoked` (finish), `cancelled` (cancel), else pending.
  public var state: BackEventState
  /// The last sample's progress, inherited if need be, and its interpolated value g.
  public var progress: Double
  public var interpolatedProgress: Double
  /// The last gesture's walk-back: progress per second and per second squared.
  public var velocity: Double
  public var acceleration: Double
  public var swipeEdge: SwipeEdge
  /// How many `began` samples the stream has.
  public var gestures: Int
}
