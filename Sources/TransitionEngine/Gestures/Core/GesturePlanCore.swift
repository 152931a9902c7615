/// What every gesture kind's plan has (docs/GESTURES.md 6): the transition it drives, the
/// decision, what each sample showed, the release and the clock of its timeline, and its
/// actions. A kind's plan adds its reason, its completion and its layers.
public struct GesturePlanCore: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var decision: InteractionDecision
  /// One entry per input sample.
  public var progress: [SampleProgress]
  /// tau of the release (the last sample); nil when pending.
  public var releaseTime: Double?
  /// Seconds from the first sample to the end of the timeline: the release plus the
  /// completion, or the last sample when pending.
  public var duration: Double
  public var frameRate: Int
  /// The container the layers are drawn in (the transition's scene).
  public var container: Size
  /// The non-interactive animation's timing.
  public var timing: Timing
  /// `start` at 0, then `finish` or `cancel` at the end (none when pending).
  public var actions: [TimedActions]

  /// The core of a plan over `prepared`, whose `start` actions run at 0 and whose `finish` or
  /// `cancel` run at the end of the timeline, as the decision says.
  init(
    _ transition: PlanRequest, prepared: Planner.Prepared, decision: InteractionDecision,
    progress: [SampleProgress], releaseTime: Double?, duration: Double, actions: Actions
  ) {
    var timed = [TimedActions(phase: .start, t: 0, actions: actions.start)]
    switch decision {
    case .finish: timed.append(TimedActions(phase: .finish, t: duration, actions: actions.finish))
    case .cancel: timed.append(TimedActions(phase: .cancel, t: duration, actions: actions.cancel))
    case .pending: break
    }
    self.init(
      style: prepared.style.name, operation: transition.operation, decision: decision,
      progress: progress, releaseTime: releaseTime, duration: duration,
      frameRate: transition.frameRate, container: transition.scene.container,
      timing: prepared.timing, actions: timed)
  }

  public init(
    style: String, operation: TransitionOperation, decision: InteractionDecision,
    progress: [SampleProgress], releaseTime: Double?, duration: Double, frameRate: Int,
    container: Size, timing: Timing, actions: [TimedActions]
  ) {
    self.style = style
    self.operation = operation
    self.decision = decision
    self.progress = progress
    self.releaseTime = releaseTime
    self.duration = duration
    self.frameRate = frameRate
    self.container = container
    self.timing = timing
    self.actions = actions
  }

  /// The export formats' view of a plan with these keyframed layers and plan actions.
  func timeline(_ layers: GestureLayers, actions: Actions) -> Timeline {
    layers.timeline(
      style: style, operation: operation, container: container, duration: duration,
      frameRate: frameRate, actions: actions)
  }
}
