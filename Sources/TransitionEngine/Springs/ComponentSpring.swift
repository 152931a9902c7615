/// The spring a timing resolves to, as a retarget runs it on absolute values
/// (docs/TIMING.md 14): `m e'' + c e' + k e = 0` on the error `e = y - y1` of each component.
public struct SpringParameters: Sendable, Hashable {
  public var mass: Double
  public var stiffness: Double
  public var damping: Double
  public var regime: DampedSpring.Regime

  /// `sqrt(k / m)`.
  public var omega0: Double { (stiffness / mass).squareRoot() }
  /// `c / (2 sqrt(k m))`.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The timing's spring with its mass, stiffness and damping as its echo gives them, or nil
  /// for a bezier. UIKit's ratio of exactly 1 (its clamp included) is critical, whatever the
  /// rounding of `c / (2 sqrt(k m))`.
  public init?(_ timing: Timing) {
    guard let s = timing.curve.dampedSpring else { return nil }
    mass = s.mass
    stiffness = s.stiffness
    damping = s.damping
    regime = s.regime
    if case .spring(let ratio, _, _) = timing.curve,
      min(max(ratio, UIKitSpring.minimumDampingRatio), 1) == 1
    {
      regime = .critical
    }
  }

  public init(mass: Double, stiffness: Double, damping: Double, regime: DampedSpring.Regime) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.regime = regime
  }
}

/// The two functions every component of a spring track is a combination of: a component's
/// error is `alpha f(s) + beta g(s)`, so a track evaluates the exponentials and the
/// trigonometry once per instant for all its components (docs/TIMING.md 14).
struct SpringBasis: Sendable, Hashable {
  let form: ComponentSpring.Form

  /// (f, g) at `s`: e^(-lambda s) (cos, sin)(wd s); e^(-w0 s) (1, s); (e^(r1 s), e^(r2 s)).
  @inline(__always)
  func at(_ s: Double) -> (Double, Double) {
    switch form {
    case .under(let lambda, let wd, _):
      let decay = exp(-lambda * s)
      return (decay * cos(wd * s), decay * sin(wd * s))
    case .critical(let w0, _):
      let decay = exp(-w0 * s)
      return (decay, decay * s)
    case .over(let r1, let r2, _, _):
      return (exp(r1 * s), exp(r2 * s))
    }
  }
}

/// One component of a spring track: its error from the target in closed form, its velocity,
/// and when its envelope settles (docs/TIMING.md 14).
struct ComponentSpring: Sendable, Hashable {
  enum Form: Sendable, Hashable {
    /// `e^(-lambda s) (e0 cos(wd s) + b sin(wd s))`
    case under(lambda: Double, wd: Double, b: Double)
    /// `e^(-w0 s) (e0 + b s)`
    case critical(w0: Double, b: Double)
    /// `c1 e^(r1 s) + c2 e^(r2 s)`
    case over(r1: Double, r2: Double, c1: Double, c2: Double)
  }

  let e0: Double
  let form: Form

  init(e0: Double, velocity v0: Double, _ p: SpringParameters) {
    self.e0 = e0
    let w0 = p.omega0
    switch p.regime {
    case .underdamped:
      let zeta = p.dampingRatio
      let lambda = zeta * w0
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      form = .under(lambda: lambda, wd: wd, b: (v0 + lambda * e0) / wd)
    case .critical:
      form = .critical(w0: w0, b: v0 + w0 * e0)
    case .overdamped:
      let zeta = p.dampingRatio
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w0 * (zeta - root)
      let r2 = -w0 * (zeta + root)
      let c1 = (v0 - r2 * e0) / (r1 - r2)
      form = .over(r1: r1, r2: r2, c1: c1, c2: e0 - c1)
    }
  }

  /// The component's weights on ``SpringBasis``: its error is `alpha f(s) + beta g(s)`.
  var weights: (alpha: Double, beta: Double) {
    switch form {
    case .under(_, _, let b), .critical(_, let b): (e0, b)
    case .over(_, _, let c1, let c2): (c1, c2)
    }
  }

  var basis: SpringBasis { SpringBasis(form: form) }

  /// The error and its derivative at `s` seconds after the start.
  func error(at s: Double) -> (value: Double, velocity: Double) {
    switch form {
    case .under(let lambda, let wd, let b):
      let decay = exp(-lambda * s)
      let c = cos(wd * s)
      let n = sin(wd * s)
      let inner = e0 * c + b * n
      return (decay * inner, decay * (-lambda * inner + wd * (b * c - e0 * n)))
    case .critical(let w0, let b):
      let decay = exp(-w0 * s)
      let inner = e0 + b * s
      return (decay * inner, decay * (b - w0 * inner))
    case .over(let r1, let r2, let c1, let c2):
      let a = exp(r1 * s)
      let z = exp(r2 * s)
      return (c1 * a + c2 * z, c1 * r1 * a + c2 * r2 * z)
    }
  }

  /// The first time from which the envelope stays at or below `epsilon` (0 when it starts
  /// there), to the last bit bisection can give.
  func settlingTime(epsilon: Double) -> Double {
    switch form {
    case .under(let lambda, _, let b):
      let amplitude = hypot(e0, b)
      return amplitude <= epsilon ? 0 : log(amplitude / epsilon) / lambda
    case .critical(let w0, let b):
      let envelope = { (s: Double) in (abs(self.e0) + abs(b) * s) * exp(-w0 * s) }
      // The envelope rises until its peak, then falls for good.
      let peak = b == 0 ? 0 : max(0, 1 / w0 - abs(e0) / abs(b))
      // At or below epsilon at its peak, it is so from the start: settled at 0, not at the
      // peak (docs/TIMING.md 14).
      guard envelope(peak) > epsilon else { return 0 }
      return Self.root(of: envelope, epsilon: epsilon, after: peak, scale: 1 / w0)
    case .over(let r1, let r2, let c1, let c2):
      let envelope = { (s: Double) in abs(c1) * exp(r1 * s) + abs(c2) * exp(r2 * s) }
      return Self.root(of: envelope, epsilon: epsilon, after: 0, scale: -1 / r1)
    }
  }

  /// The time after `start` where a function falling from there crosses `epsilon`; `start`
  /// itself when it is already at or below. Bisects until the interval is two adjacent doubles.
  static func root(
    of f: (Double) -> Double, epsilon: Double, after start: Double, scale: Double
  ) -> Double {
    guard f(start) > epsilon else { return start }
    var lo = start
    var step = max(scale, 1e-9)
    var hi = start + step
    var doublings = 0
    while f(hi) > epsilon {
      lo = hi
      step *= 2
      hi = start + step
      doublings += 1
      if doublings > 1100 || !hi.isFinite { return .infinity }
    }
    for _ in 0..<2000 {
      let mid = lo + (hi - lo) / 2
      if mid <= lo || mid >= hi { break }
      if f(mid) > epsilon { lo = mid } else { hi = mid }
    }
    return hi
  }
}
