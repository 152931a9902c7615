/// The plan of a gesture of any kind: its core, and the timeline the export formats draw.
public protocol GesturePlan: Sendable {
  var core: GesturePlanCore { get }
  /// What export formats draw.
  var timeline: Timeline { get }
}

extension GesturePlan {
  public var style: String { core.style }
  public var operation: TransitionOperation { core.operation }
  public var decision: InteractionDecision { core.decision }
  /// One entry per input sample.
  public var progress: [SampleProgress] { core.progress }
  /// tau of the release; nil when pending.
  public var releaseTime: Double? { core.releaseTime }
  /// Seconds from the first sample to the end of the timeline.
  public var duration: Double { core.duration }
  public var frameRate: Int { core.frameRate }
  public var container: Size { core.container }
  public var timing: Timing { core.timing }
  /// `start` at 0, then `finish` or `cancel` at the end (none when pending).
  public var actions: [TimedActions] { core.actions }
}
