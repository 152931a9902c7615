/// A spring's mass, stiffness and damping and the regime it runs in:
/// `m e'' + c e' + k e = 0` (docs/TIMING.md 2 and 14). The regime is carried, not derived,
/// because a ratio given as exactly 1 stays critical where `c / (2 sqrt(k m))` rounds off it.
public struct SpringParameters: Sendable, Hashable {
  public var mass: Double
  public var stiffness: Double
  public var damping: Double
  public var regime: SpringRegime

  /// `sqrt(k / m)`.
  public var omega0: Double { (stiffness / mass).squareRoot() }
  /// `c / (2 sqrt(k m))`.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  public init(mass: Double, stiffness: Double, damping: Double, regime: SpringRegime) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.regime = regime
  }

  /// The regime by the ratio these numbers give (`allowOverdamping` as ``SpringRegime``'s).
  init(mass: Double, stiffness: Double, damping: Double, allowOverdamping: Bool) {
    self.init(mass: mass, stiffness: stiffness, damping: damping, regime: .critical)
    regime = SpringRegime(dampingRatio: dampingRatio, allowOverdamping: allowOverdamping)
  }

  /// A unit-mass spring whose regime follows the damping ratio as a request gives it
  /// (docs/GESTURES.md 3.2): a ratio of exactly 1 is critical even where `c / (2 sqrt(k))`
  /// rounds to 0.9999999999999999, and a ratio above 1 is over-damped.
  init(stiffness: Double, damping: Double, dampingRatio zeta: Double) {
    self.init(
      mass: 1, stiffness: stiffness, damping: damping, regime: SpringRegime(dampingRatio: zeta))
  }

  /// `c = 2 zeta sqrt(k)`: AOSP's springs, given as stiffness and damping ratio.
  init(stiffness: Double, dampingRatio zeta: Double) {
    self.init(stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(), dampingRatio: zeta)
  }

  /// The spring a timing resolves to, as a retarget runs it on absolute values
  /// (docs/TIMING.md 14), with its mass, stiffness and damping as its echo gives them, or nil
  /// for a bezier. UIKit's ratio of exactly 1 (its clamp included) is critical, whatever the
  /// rounding of `c / (2 sqrt(k m))`.
  public init?(_ timing: Timing) {
    guard let s = timing.curve.dampedSpring else { return nil }
    self = s.parameters
    // UIKit clamps its ratio to at most 1: the regime its echo's numbers give is kept unless
    // the ratio itself is exactly 1.
    if case .spring(let ratio, _, _) = timing.curve, UIKitSpring.clampedRatio(ratio) == 1 {
      regime = .critical
    }
  }
}
