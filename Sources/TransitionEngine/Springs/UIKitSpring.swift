/// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
///
/// UIKit does not time-scale a fixed curve: it picks the stiffness and damping of a unit-mass
/// spring that "settles" (envelope 0.001) at exactly the duration, runs that spring for the
/// duration, then shows the end value (docs/TIMING.md section 3).
public enum UIKitSpring {
  public static let minimumDampingRatio = 1.1920929e-7
  static let epsilon = 0.001
  static let newtonSteps = 12

  /// The unit-mass spring UIKit runs for these arguments.
  public static func spring(duration: Double, dampingRatio: Double, initialVelocity v: Double)
    -> DampedSpring
  {
    let zeta = clampedRatio(dampingRatio)
    let w0 = naturalFrequency(duration: duration, dampingRatio: zeta, initialVelocity: v)
    return unitMassSpring(omega0: w0, dampingRatio: zeta, initialVelocity: v)
  }

  /// The unit-mass spring of natural frequency `w0` and ratio `zeta`: `k = w0^2`,
  /// `c = 2 zeta w0`, a ratio of 1 or more critical.
  static func unitMassSpring(
    omega0 w0: Double, dampingRatio zeta: Double, initialVelocity v: Double
  )
    -> DampedSpring
  {
    DampedSpring(
      mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: v,
      allowOverdamping: false)
  }

  /// UIKit's damping ratio: clamped to [1.1920929e-7, 1], so a UIKit spring is never
  /// over-damped.
  public static func clampedRatio(_ dampingRatio: Double) -> Double {
    min(max(dampingRatio, minimumDampingRatio), 1)
  }

  /// Newton's method on `f(w0) = 0` from `w0 = 5/T`, 12 steps, with the analytic derivative.
  /// `zeta` must already be clamped to [1.1920929e-7, 1].
  public static func naturalFrequency(
    duration: Double, dampingRatio zeta: Double, initialVelocity v: Double
  )
    -> Double
  {
    let t = min(max(duration, 0.01), 10)
    var w = 5 / t
    for _ in 0..<newtonSteps {
      let (f, df) = settlingEquation(w, dampingRatio: zeta, duration: t, velocity: v)
      if df == 0 || !df.isFinite { break }
      let next = w - f / df
      if !next.isFinite { break }
      w = next
    }
    // Below a damping ratio of about 0.001 the envelope starts under epsilon and f has no
    // positive root; Newton then wanders to a negative w0. Keep the starting frequency so the
    // spring stays a spring (it oscillates through the whole duration, as such a ratio implies).
    guard w.isFinite, w > 0 else { return 5 / t }
    return w
  }

  /// The equation whose root is the unit spring that settles at `t` (docs/TIMING.md 2's
  /// envelope at `t` less epsilon, in the sign UIKit's solve uses) and its slope in `w`:
  /// under-damped `eps - |g(w)| e^(-zeta w t)`, `g(w) = (zeta w - v) / (w sqrt(1 - zeta^2))`;
  /// critical `((w - v) t + 1) e^(-w t) - eps`.
  static func settlingEquation(
    _ w: Double, dampingRatio zeta: Double, duration t: Double, velocity v: Double
  ) -> (value: Double, slope: Double) {
    if SpringRegime(dampingRatio: zeta, allowOverdamping: false) == .underdamped {
      let root = (1 - zeta * zeta).squareRoot()
      let decay = exp(-zeta * w * t)
      let g = (zeta * w - v) / (w * root)
      let dg = v / (w * w * root)
      let sign: Double = g < 0 ? -1 : 1
      return (epsilon - abs(g) * decay, -decay * (sign * dg - zeta * t * abs(g)))
    }
    let decay = exp(-w * t)
    return (((w - v) * t + 1) * decay - epsilon, -t * t * (w - v) * decay)
  }

  /// The spring of a reversal (docs/TIMING.md section 11): the same solve, but a reversal's
  /// velocity can be large, so after the 12 steps it goes on while `|f(w0)| >= 1e-12`, up to
  /// 100 steps, and any step that would make w0 <= 0 is halved.
  public static func reversalSpring(
    duration: Double, dampingRatio: Double, initialVelocity v: Double
  ) -> DampedSpring {
    let zeta = clampedRatio(dampingRatio)
    let t = min(max(duration, 0.01), 10)
    var w = 5 / t
    func f(_ w: Double) -> (value: Double, slope: Double) {
      settlingEquation(w, dampingRatio: zeta, duration: t, velocity: v)
    }
    for step in 0..<100 {
      let (value, slope) = f(w)
      if step >= newtonSteps, abs(value) < 1e-12 { break }
      if slope == 0 || !slope.isFinite { break }
      var delta = value / slope
      guard delta.isFinite else { break }
      var halvings = 0
      while w - delta <= 0, halvings < 60 {
        delta /= 2
        halvings += 1
      }
      w -= delta
    }
    // Where f has no root (a critically damped spring sent back fast towards its end: the
    // envelope never reaches epsilon from above) Newton climbs without bound; UIKit's starting
    // frequency keeps the spring a spring rather than a jump to the end, or an overflow.
    if !(w.isFinite && w > 0 && (w * w).isFinite) || abs(f(w).value) >= 1e-9 { w = 5 / t }
    return unitMassSpring(omega0: w, dampingRatio: zeta, initialVelocity: v)
  }
}
