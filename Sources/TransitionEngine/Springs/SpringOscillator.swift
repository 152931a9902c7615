/// The damped oscillator every spring of the engine runs: from an initial error `e0` (the
/// distance from rest) and velocity `v0`, the error and its velocity at any time in closed
/// form, and when it settles (docs/TIMING.md 2 and 14). A timing's unit-step spring is the
/// case `e0 = -1` (``DampedSpring``); a retarget's or a gesture's spring runs it on each
/// component's absolute error.
///
/// Two evaluation orders and two settling rules are kept as named variants: the timing
/// springs' and the retarget springs' formulas round differently, and both are pinned by
/// docs/TIMING.md's reference values and by every plan's bytes.
struct SpringOscillator: Sendable, Hashable {
  enum Form: Sendable, Hashable {
    /// `e^(-lambda s) (e0 cos(wd s) + b sin(wd s))`
    case under(lambda: Double, wd: Double, b: Double)
    /// `e^(-w0 s) (e0 + b s)`
    case critical(w0: Double, b: Double)
    /// `c1 e^(r1 s) + c2 e^(r2 s)`
    case over(r1: Double, r2: Double, c1: Double, c2: Double)
  }

  /// When the oscillator counts as settled.
  enum SettlingRule: Sendable {
    /// docs/TIMING.md 2, a spring timing's own duration: under-damped, the bound
    /// `(|e0| + |b|) e^(-lambda s)`; critical and over-damped, the last time `|e(s)|` itself is
    /// above epsilon, found by a coarse scan and bisected to 1e-12 s.
    case timing
    /// docs/TIMING.md 14, retarget and gesture springs: the first time from which the
    /// amplitude envelope (`hypot(e0, b) e^(-lambda s)`, `(|e0| + |b| s) e^(-w0 s)`,
    /// `|c1| e^(r1 s) + |c2| e^(r2 s)`) stays at or below epsilon, bisected to adjacent doubles.
    case envelope
  }

  let e0: Double
  let form: Form

  /// `w0 = sqrt(k / m)` and `zeta = c / (2 sqrt(k m))` as the caller computed or was given
  /// them; `regime` decides the form (``SpringRegime``), `zeta` is read only off critical.
  init(
    e0: Double, velocity v0: Double, omega0 w0: Double,
    dampingRatio zeta: @autoclosure () -> Double,
    regime: SpringRegime
  ) {
    self.e0 = e0
    switch regime {
    case .underdamped:
      let zeta = zeta()
      let lambda = zeta * w0
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      form = .under(lambda: lambda, wd: wd, b: (v0 + lambda * e0) / wd)
    case .critical:
      form = .critical(w0: w0, b: v0 + w0 * e0)
    case .overdamped:
      let zeta = zeta()
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w0 * (zeta - root)
      let r2 = -w0 * (zeta + root)
      let c1 = (v0 - r2 * e0) / (r1 - r2)
      form = .over(r1: r1, r2: r2, c1: c1, c2: e0 - c1)
    }
  }

  init(e0: Double, velocity v0: Double, _ p: SpringParameters) {
    self.init(
      e0: e0, velocity: v0, omega0: p.omega0, dampingRatio: p.dampingRatio, regime: p.regime)
  }

  /// The oscillator's weights on ``SpringBasis``: its error is `alpha f(s) + beta g(s)`.
  var weights: (alpha: Double, beta: Double) {
    switch form {
    case .under(_, _, let b), .critical(_, let b): (e0, b)
    case .over(_, _, let c1, let c2): (c1, c2)
    }
  }

  var basis: SpringBasis { SpringBasis(form: form) }

  /// The error at `s` seconds after the start.
  @inline(__always)
  func value(at s: Double) -> Double {
    switch form {
    case .under(let lambda, let wd, let b):
      return exp(-lambda * s) * (e0 * cos(wd * s) + b * sin(wd * s))
    case .critical(let w0, let b):
      return exp(-w0 * s) * (e0 + b * s)
    case .over(let r1, let r2, let c1, let c2):
      return c1 * exp(r1 * s) + c2 * exp(r2 * s)
    }
  }

  /// The error and its derivative at `s`, the derivative with the decay factored out
  /// (`e^(-lambda s) (-lambda inner + ...)`): the retarget and gesture springs' order.
  func error(at s: Double) -> (value: Double, velocity: Double) {
    switch form {
    case .under(let lambda, let wd, let b):
      let (decay, c, n) = Self.decayingWave(lambda, wd, s)
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

  /// The error's derivative at `s` by the product rule written out
  /// (`-lambda e^(-lambda s) inner + e^(-lambda s) wd (...)`): the timing springs' order.
  func expandedVelocity(at s: Double) -> Double {
    switch form {
    case .under(let lambda, let wd, let b):
      let (decay, c, n) = Self.decayingWave(lambda, wd, s)
      return -lambda * decay * (e0 * c + b * n) + decay * wd * (b * c - e0 * n)
    case .critical(let w0, let b):
      let decay = exp(-w0 * s)
      return -w0 * decay * (e0 + b * s) + decay * b
    case .over(let r1, let r2, let c1, let c2):
      return c1 * r1 * exp(r1 * s) + c2 * r2 * exp(r2 * s)
    }
  }

  /// `e^(-lambda s)`, `cos(wd s)`, `sin(wd s)`: what an under-damped error and its velocity
  /// are made of.
  @inline(__always)
  private static func decayingWave(_ lambda: Double, _ wd: Double, _ s: Double) -> (
    decay: Double, c: Double, n: Double
  ) {
    (exp(-lambda * s), cos(wd * s), sin(wd * s))
  }

  /// When the oscillator settles to within `epsilon` of rest, by `rule`: `.envelope` is 0 when
  /// it starts there.
  func settlingTime(epsilon: Double, rule: SettlingRule) -> Double {
    switch (rule, form) {
    case (.timing, .under(let lambda, _, let b)):
      return log((abs(e0) + abs(b)) / epsilon) / lambda
    case (.timing, .critical(let w0, let b)):
      return SettlingSearch.lastTimeAbove(epsilon: epsilon, rateHint: w0) {
        abs((self.e0 + b * $0) * exp(-w0 * $0))
      }
    case (.timing, .over(let r1, _, _, _)):
      // The slow root dominates.
      return SettlingSearch.lastTimeAbove(epsilon: epsilon, rateHint: -r1) {
        abs(self.value(at: $0))
      }
    case (.envelope, .under(let lambda, _, let b)):
      let amplitude = hypot(e0, b)
      return amplitude <= epsilon ? 0 : log(amplitude / epsilon) / lambda
    case (.envelope, .critical(let w0, let b)):
      let envelope = { (s: Double) in (abs(self.e0) + abs(b) * s) * exp(-w0 * s) }
      // The envelope rises until its peak, then falls for good.
      let peak = b == 0 ? 0 : max(0, 1 / w0 - abs(e0) / abs(b))
      // At or below epsilon at its peak, it is so from the start: settled at 0, not at the
      // peak (docs/TIMING.md 14).
      guard envelope(peak) > epsilon else { return 0 }
      return SettlingSearch.root(of: envelope, epsilon: epsilon, after: peak, scale: 1 / w0)
    case (.envelope, .over(let r1, let r2, let c1, let c2)):
      let envelope = { (s: Double) in abs(c1) * exp(r1 * s) + abs(c2) * exp(r2 * s) }
      return SettlingSearch.root(of: envelope, epsilon: epsilon, after: 0, scale: -1 / r1)
    }
  }
}
