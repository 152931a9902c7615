/// A spring timing's curve: `m x'' + c x' + k x = 0` with `x = p - 1`, `x(0) = -1`,
/// `x'(0) = v` - the unit step, ``SpringOscillator``'s case `e0 = -1` (docs/TIMING.md
/// section 2). Velocities are relative: fractions of the distance per second.
public struct DampedSpring: Sendable, Hashable {
  public let mass: Double
  public let stiffness: Double
  public let damping: Double
  public let initialVelocity: Double
  public let regime: SpringRegime

  /// Undamped angular frequency `sqrt(k/m)`.
  public let omega0: Double
  /// `c / (2 sqrt(k m))`.
  public let dampingRatio: Double
  let oscillator: SpringOscillator

  /// With `allowOverdamping == false`, a ratio >= 1 is treated as critically damped with
  /// `w0 = sqrt(k/m)`, as Core Animation does without `allowsOverdamping`.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    allowOverdamping: Bool = false
  ) {
    let p = SpringParameters(
      mass: mass, stiffness: stiffness, damping: damping, allowOverdamping: allowOverdamping)
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    regime = p.regime
    omega0 = p.omega0
    dampingRatio = p.dampingRatio
    oscillator = SpringOscillator(
      e0: -1, velocity: initialVelocity, omega0: omega0, dampingRatio: dampingRatio,
      regime: regime)
  }

  /// The mass, stiffness, damping and regime, as a retarget runs them on absolute values.
  public var parameters: SpringParameters {
    SpringParameters(mass: mass, stiffness: stiffness, damping: damping, regime: regime)
  }

  /// Displacement `x(t) = p(t) - 1`.
  public func displacement(at t: Double) -> Double { oscillator.value(at: t) }

  /// `dx/dt = dp/dt`, relative (fractions of the distance per second); `velocity(at: 0)` is
  /// `initialVelocity`.
  public func velocity(at t: Double) -> Double { oscillator.expandedVelocity(at: t) }

  /// Progress `p(t) = 1 + x(t)`; keeps the overshoot.
  public func progress(at t: Double) -> Double { 1 + displacement(at: t) }

  /// Time after which the envelope stays within `epsilon` of rest (docs/TIMING.md section 2).
  public func settlingDuration(epsilon: Double = 0.001) -> Double {
    oscillator.settlingTime(epsilon: epsilon, rule: .timing)
  }

  /// The settling duration of a unit-mass unit step whose decay and regime follow the damping
  /// ratio as given rather than as `c / (2 sqrt(k))` rounds it, a ratio above 1 critical: the
  /// crossActivity cancel ends as a plan's spring timing does (docs/GESTURES.md 4.5). `v` is
  /// the relative velocity.
  static func settlingDuration(
    stiffness k: Double, dampingRatio zeta: Double, velocity v: Double, epsilon: Double = 0.001
  ) -> Double {
    SpringOscillator(
      e0: -1, velocity: v, omega0: k.squareRoot(), dampingRatio: zeta,
      regime: SpringRegime(dampingRatio: zeta, allowOverdamping: false)
    ).settlingTime(epsilon: epsilon, rule: .timing)
  }
}
