/// `m x'' + c x' + k x = 0` with `x = p - 1`, `x(0) = -1`, `x'(0) = v`, in closed form
/// (docs/TIMING.md section 2). Velocities are relative: fractions of the distance per second.
public struct DampedSpring: Sendable, Hashable {
  public enum Regime: Sendable, Hashable {
    case underdamped, critical, overdamped
  }

  public let mass: Double
  public let stiffness: Double
  public let damping: Double
  public let initialVelocity: Double
  public let regime: Regime

  /// Undamped angular frequency `sqrt(k/m)`.
  public let omega0: Double
  /// `c / (2 sqrt(k m))`.
  public let dampingRatio: Double
  private let lambda: Double
  private let omegaD: Double
  // Over-damped roots and weights.
  private let r1: Double, r2: Double, coefA: Double, coefB: Double

  /// With `allowOverdamping == false`, a ratio >= 1 is treated as critically damped with
  /// `w0 = sqrt(k/m)`, as Core Animation does without `allowsOverdamping`.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    allowOverdamping: Bool = false
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    let w0 = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (stiffness * mass).squareRoot())
    omega0 = w0
    dampingRatio = zeta
    if zeta < 1 {
      regime = .underdamped
      lambda = zeta * w0
      omegaD = w0 * (1 - zeta * zeta).squareRoot()
      (r1, r2, coefA, coefB) = (0, 0, 0, 0)
    } else if zeta == 1 || !allowOverdamping {
      regime = .critical
      lambda = w0
      omegaD = 0
      (r1, r2, coefA, coefB) = (0, 0, 0, 0)
    } else {
      regime = .overdamped
      lambda = zeta * w0
      omegaD = 0
      let root = (zeta * zeta - 1).squareRoot()
      let a1 = -w0 * (zeta - root)
      let a2 = -w0 * (zeta + root)
      let weight = (initialVelocity + a2) / (a1 - a2)
      (r1, r2, coefA, coefB) = (a1, a2, weight, -1 - weight)
    }
  }

  /// Displacement `x(t) = p(t) - 1`.
  public func displacement(at t: Double) -> Double {
    let v = initialVelocity
    switch regime {
    case .underdamped:
      return exp(-lambda * t) * (-cos(omegaD * t) + ((v - lambda) / omegaD) * sin(omegaD * t))
    case .critical:
      return exp(-omega0 * t) * (-1 + (v - omega0) * t)
    case .overdamped:
      return coefA * exp(r1 * t) + coefB * exp(r2 * t)
    }
  }

  /// `dx/dt = dp/dt`, relative (fractions of the distance per second); `velocity(at: 0)` is
  /// `initialVelocity`.
  public func velocity(at t: Double) -> Double {
    let v = initialVelocity
    switch regime {
    case .underdamped:
      let decay = exp(-lambda * t)
      let b = (v - lambda) / omegaD
      let c = cos(omegaD * t)
      let s = sin(omegaD * t)
      return -lambda * decay * (-c + b * s) + decay * omegaD * (s + b * c)
    case .critical:
      let decay = exp(-omega0 * t)
      return -omega0 * decay * (-1 + (v - omega0) * t) + decay * (v - omega0)
    case .overdamped:
      return coefA * r1 * exp(r1 * t) + coefB * r2 * exp(r2 * t)
    }
  }

  /// Progress `p(t) = 1 + x(t)`; keeps the overshoot.
  public func progress(at t: Double) -> Double { 1 + displacement(at: t) }

  /// Time after which the envelope stays within `epsilon` of rest (docs/TIMING.md section 2).
  public func settlingDuration(epsilon: Double = 0.001) -> Double {
    let v = initialVelocity
    switch regime {
    case .underdamped:
      return log((1 + abs((lambda - v) / omegaD)) / epsilon) / lambda
    case .critical:
      return Self.criticalSettlingTime(omega0: omega0, velocity: v, epsilon: epsilon)
    case .overdamped:
      // The slow root dominates; bisect |x(t)| = epsilon beyond the last crossing.
      return Self.lastTimeAbove(epsilon: epsilon, rateHint: -r1) { abs(self.displacement(at: $0)) }
    }
  }

  /// Solves `(1 + (w0 - v) t) e^(-w0 t) = epsilon` for the last such t.
  static func criticalSettlingTime(omega0 w0: Double, velocity v: Double, epsilon: Double) -> Double
  {
    let envelope = { (t: Double) in abs((1 + (w0 - v) * t) * exp(-w0 * t)) }
    return lastTimeAbove(epsilon: epsilon, rateHint: w0, envelope)
  }

  /// The time after which `f` stays below `epsilon`, for a function that decays like
  /// `e^(-rate t)` eventually: expand an upper bound, then bisect to 1e-12 s.
  static func lastTimeAbove(epsilon: Double, rateHint: Double, _ f: (Double) -> Double) -> Double {
    guard rateHint > 0, rateHint.isFinite else { return .infinity }
    var hi = max(1 / rateHint, 1e-6)
    var guardCount = 0
    while f(hi) > epsilon || f(hi * 1.5) > epsilon {
      hi *= 2
      guardCount += 1
      if guardCount > 200 { return .infinity }
    }
    var lo = 0.0
    // Find the last crossing: step back from hi until above epsilon (coarse scan).
    let steps = 2000
    var found = false
    for i in stride(from: steps, through: 0, by: -1) {
      let t = hi * Double(i) / Double(steps)
      if f(t) > epsilon {
        lo = t
        hi = hi * Double(min(i + 1, steps)) / Double(steps)
        found = true
        break
      }
    }
    if !found { return 0 }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if f(mid) > epsilon { lo = mid } else { hi = mid }
      if hi - lo < 1e-12 { break }
    }
    return hi
  }
}
