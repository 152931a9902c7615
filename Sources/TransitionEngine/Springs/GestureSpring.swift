extension SpringParameters {
  /// A unit-mass oscillator whose regime follows the damping ratio as a request gives it
  /// (docs/GESTURES.md 3.2): a ratio of exactly 1 is critical even where `c / (2 sqrt(k))`
  /// rounds to 0.9999999999999999, and a ratio above 1 is over-damped.
  init(stiffness: Double, damping: Double, dampingRatio zeta: Double) {
    self.init(
      mass: 1, stiffness: stiffness, damping: damping,
      regime: zeta < 1 ? .underdamped : zeta == 1 ? .critical : .overdamped)
  }

  /// `c = 2 zeta sqrt(k)`: AOSP's springs, given as stiffness and damping ratio.
  init(stiffness: Double, dampingRatio zeta: Double) {
    self.init(stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(), dampingRatio: zeta)
  }
}

/// docs/TIMING.md 2's settling duration of a unit spring on progress (epsilon 0.001 of the
/// distance) for a ratio in (0, 1], its regime by the ratio as given: the crossActivity
/// cancel ends as a plan's spring timing does (docs/GESTURES.md 4.5).
enum UnitSpringSettling {
  static let epsilon = 0.001

  /// `v` is the relative velocity (fractions of the distance per second).
  static func duration(stiffness k: Double, dampingRatio zeta: Double, velocity v: Double)
    -> Double
  {
    let w0 = k.squareRoot()
    guard zeta < 1 else {
      return DampedSpring.criticalSettlingTime(omega0: w0, velocity: v, epsilon: epsilon)
    }
    let lambda = zeta * w0
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    return log((1 + abs((lambda - v) / wd)) / epsilon) / lambda
  }
}
