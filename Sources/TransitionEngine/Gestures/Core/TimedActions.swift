/// A style's actions for one phase, with the timeline time they apply at.
public struct TimedActions: Sendable, Hashable {
  public var phase: ActionPhase
  public var t: Double
  public var actions: [Action]

  public init(phase: ActionPhase, t: Double, actions: [Action]) {
    self.phase = phase
    self.t = t
    self.actions = actions
  }
}
