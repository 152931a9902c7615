/// A CSS / CAMediaTimingFunction cubic-bezier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2).
///
/// Solved as WebKit's `UnitBezier.h` and Chromium's `cubic_bezier.cc` do, tightened: WebKit
/// stops at 1e-7 in time, which moves a long frame by up to 1e-4 pt; plans promise 1e-6 pt,
/// so Newton and the bisection fallback run to 1e-12.
public struct UnitBezier: Sendable, Hashable {
  public let x1: Double
  public let y1: Double
  public let x2: Double
  public let y2: Double

  // Polynomial coefficients: X(s) = ((ax s + bx) s + cx) s.
  private let ax: Double, bx: Double, cx: Double
  private let ay: Double, by: Double, cy: Double
  private let startGradient: Double
  private let endGradient: Double
  private let samples: [Double]

  public static let tolerance = 1e-12
  private static let sampleCount = 11
  private static let newtonIterations = 8

  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by

    // End slopes for extrapolation outside [0, 1], as Chromium computes them.
    if x1 > 0 {
      startGradient = y1 / x1
    } else if y1 == 0 && x2 > 0 {
      startGradient = y2 / x2
    } else if y1 == 0 && y2 == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    if x2 < 1 {
      endGradient = (y2 - 1) / (x2 - 1)
    } else if y2 == 1 && x1 < 1 {
      endGradient = (y1 - 1) / (x1 - 1)
    } else if y2 == 1 && y1 == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }

    var table = [Double](repeating: 0, count: Self.sampleCount)
    let (a, b, c) = (ax, bx, cx)
    for i in 0..<Self.sampleCount {
      let s = Double(i) / Double(Self.sampleCount - 1)
      table[i] = ((a * s + b) * s + c) * s
    }
    samples = table
  }

  public static let linear = UnitBezier(x1: 0, y1: 0, x2: 1, y2: 1)
  public static let easeIn = UnitBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
  public static let easeOut = UnitBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
  public static let easeInOut = UnitBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
  public static let `default` = UnitBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
  public static let fastOutSlowIn = UnitBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
  public static let linearOutSlowIn = UnitBezier(x1: 0, y1: 0, x2: 0.2, y2: 1)
  public static let fastOutLinearIn = UnitBezier(x1: 0.4, y1: 0, x2: 1, y2: 1)

  @inline(__always) public func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  @inline(__always) public func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  @inline(__always) func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The curve parameter `s` in [0, 1] with `|X(s) - x| < 1e-12`, for `x` in [0, 1].
  public func solveCurveX(_ x: Double) -> Double {
    // Initial guess: linear interpolation inside the bracketing precomputed sample.
    let n = Self.sampleCount - 1
    var lo = 0.0
    var hi = 1.0
    var guess = x
    for i in 1...n where samples[i] >= x {
      let s0 = Double(i - 1) / Double(n)
      let s1 = Double(i) / Double(n)
      lo = s0
      hi = s1
      let span = samples[i] - samples[i - 1]
      guess = span > 0 ? s0 + (x - samples[i - 1]) / span * (s1 - s0) : s0
      break
    }

    var s = guess
    for _ in 0..<Self.newtonIterations {
      let error = sampleX(s) - x
      if abs(error) < Self.tolerance { return s }
      let d = sampleDerivativeX(s)
      if abs(d) < Self.tolerance { break }
      s -= error / d
    }
    if s >= lo, s <= hi, abs(sampleX(s) - x) < Self.tolerance { return s }

    // Bisection: X is monotonic on [0, 1] because x1, x2 are in [0, 1].
    s = guess
    if sampleX(lo) > x { lo = 0 }
    if sampleX(hi) < x { hi = 1 }
    for _ in 0..<200 {
      s = (lo + hi) / 2
      let value = sampleX(s)
      if abs(value - x) < Self.tolerance { return s }
      if value < x { lo = s } else { hi = s }
      if hi - lo <= 0 { break }
    }
    return s
  }

  /// The eased value for a time fraction `x`; outside [0, 1] the end slopes extend the curve.
  public func value(at x: Double) -> Double {
    if x < 0 { return startGradient * x }
    if x > 1 { return 1 + endGradient * (x - 1) }
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    return sampleY(solveCurveX(x))
  }

  /// dY/dX at a time fraction `x`: the curve's speed relative to linear (the end slopes
  /// outside [0, 1]).
  public func slope(at x: Double) -> Double {
    if x < 0 { return startGradient }
    if x > 1 { return endGradient }
    let s = solveCurveX(x)
    let dx = sampleDerivativeX(s)
    let dy = (3 * ay * s + 2 * by) * s + cy
    // Where X stands still (x1 = 0 at s = 0, say) the slope is the limit along the curve.
    guard abs(dx) > 1e-12 else { return x < 0.5 ? startGradient : endGradient }
    return dy / dx
  }

  public static func == (l: UnitBezier, r: UnitBezier) -> Bool {
    l.x1 == r.x1 && l.y1 == r.y1 && l.x2 == r.x2 && l.y2 == r.y2
  }

  public func hash(into h: inout Hasher) {
    h.combine(x1)
    h.combine(y1)
    h.combine(x2)
    h.combine(y2)
  }
}
