/// Why a released gesture finished or cancelled: the inputs of the rule and what it compared.
/// For a pending stream, the figures a release at its last sample would compare.
public struct ReleaseReason: Sendable, Hashable {
  public var policy: ReleasePolicy
  /// The last sample's state: `ended` (the policy decided), `cancelled` / `failed` (cancelled
  /// whatever the policy), or `began` / `changed` (pending).
  public var state: GestureState
  /// Progress at the release (last) sample.
  public var progress: Double
  /// Along the progress axis, points per second.
  public var velocity: Double
  public var velocitySource: VelocitySource
  /// Along the progress axis, points per second squared (always from positions).
  public var acceleration: Double
  public var comparison: ReleaseComparison
  /// What the policy alone says, whatever the state.
  public var policyFinishes: Bool

  public init(
    policy: ReleasePolicy, state: GestureState, progress: Double, velocity: Double,
    velocitySource: VelocitySource, acceleration: Double, comparison: ReleaseComparison,
    policyFinishes: Bool
  ) {
    self.policy = policy
    self.state = state
    self.progress = progress
    self.velocity = velocity
    self.velocitySource = velocitySource
    self.acceleration = acceleration
    self.comparison = comparison
    self.policyFinishes = policyFinishes
  }
}
