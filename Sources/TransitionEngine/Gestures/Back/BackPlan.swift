/// A planned `back` stream (docs/GESTURES.md 4, 6): the outcome and why, what each sample
/// showed, the completion, the resolved parameters, and keyframes over the whole timeline.
public struct BackPlan: KeyframedGesturePlan {
  /// Its progress has an entry per input sample, the inherited progress included; its
  /// duration ends with the last gesture's completion.
  public var core: GesturePlanCore
  public var pattern: BackPattern
  public var reason: BackReason
  /// nil when pending.
  public var completion: BackCompletionSummary?
  public var parameters: BackParameters
  /// The plan's layers and, under `crossActivity`, `backScrim`.
  public var layers: GestureLayers
  /// The plan's actions as export formats apply them, the scrim's removal included.
  public var planActions: Actions
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
