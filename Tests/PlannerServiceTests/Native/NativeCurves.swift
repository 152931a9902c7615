import Foundation

/// The platforms' primitives as their documentation defines them, written for the tests on
/// their own (not the exporters' or the engine's code): what a device would compute from a
/// native document's numbers (docs/NATIVE.md 3.5, 4.5).
enum NativeCurves {
  /// A cubic bezier timing function at `x`, solved for the parameter by bisection to the last
  /// bit (CAMediaTimingFunction, Compose's CubicBezierEasing; docs/NATIVE.md 4.5 keeps
  /// Android's polyline apart as the platform's deviation).
  static func bezier(_ c: [Double], _ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func component(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      let r = 1 - s
      return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if mid == lo || mid == hi { break }
      if component(c[0], c[2], mid) < x { lo = mid } else { hi = mid }
    }
    return component(c[1], c[3], (lo + hi) / 2)
  }

  /// The displacement `x(t)` of `m x'' + c x' + k x = 0` from `x(0) = x0`, `x'(0) = v0`:
  /// under-, critically or over-damped by the ratio, `critical` forcing the critical form with
  /// w0 = sqrt(k / m) (CASpringAnimation without `allowsOverdamping`).
  static func spring(
    mass m: Double, stiffness k: Double, damping c: Double, x0: Double, v0: Double, t: Double,
    criticalAboveOne: Bool
  ) -> Double {
    let w0 = (k / m).squareRoot()
    let zeta = c / (2 * (k * m).squareRoot())
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let decay = exp(-zeta * w0 * t)
      return decay * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
    }
    if zeta == 1 || criticalAboveOne {
      return exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -w0 * (zeta - root)
    let r2 = -w0 * (zeta + root)
    let a = (v0 - r2 * x0) / (r1 - r2)
    return a * exp(r1 * t) + (x0 - a) * exp(r2 * t)
  }

  /// Keyframes played linearly: the segment with `times[i] <= u < times[i + 1]` (the last one
  /// includes its end), each number lerped.
  static func keyframes(_ times: [Double], _ values: [[Double]], _ u: Double) -> (
    lower: Int, fraction: Double
  ) {
    var i = 0
    while i + 2 < times.count, u >= times[i + 1] { i += 1 }
    let f = (u - times[i]) / (times[i + 1] - times[i])
    return (i, f)
  }

  /// Android's PathInterpolator as the platform runs it (docs/NATIVE.md 4.5), modelled on
  /// Path.cpp's `approximate(0.002)` in Android 10 (Debian's android-platform-frameworks-base,
  /// which scripts/stages/android-check.sh builds and compares this model with, point for
  /// point): in floats, the cubic from (0, 0) to (1, 1) is split at an interval's middle
  /// parameter while the curve's point there is more than `precision` from the chord's
  /// midpoint; until the first time it fires, an interval that passes that test is also
  /// split when the curve at its quarter parameter is more than `precision` from the midpoint
  /// of the chord to the middle point (a symmetric S passes the first test unsplit). Then x is
  /// looked up by binary search and y lerped along the segment.
  struct FlattenedBezier {
    private(set) var xs: [Float] = []
    private(set) var ys: [Float] = []

    init(_ c: [Double], precision: Float = 0.002) {
      let (x1, y1, x2, y2) = (Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]))
      // The platform's operation order, so that every float is the platform's.
      func coordinate(_ s: Float, _ p1: Float, _ p2: Float) -> Float {
        let r = 1 - s
        let r2 = r * r
        let r3 = r2 * r
        let s2 = s * s
        let s3 = s2 * s
        return r3 * 0 + 3 * r2 * s * p1 + 3 * r * s2 * p2 + s3 * 1
      }
      func point(_ s: Float) -> (Float, Float) { (coordinate(s, x1, x2), coordinate(s, y1, y2)) }
      let limit = precision * precision
      // Whether the curve at the middle parameter of [t0, t1] strays from the chord's midpoint.
      func strays(_ t0: Float, _ p0: (Float, Float), _ t1: Float, _ p1: (Float, Float)) -> (
        Bool, Float, (Float, Float)
      ) {
        let midT = (t1 + t0) / 2
        let cx = (p1.0 + p0.0) / 2
        let cy = (p1.1 + p0.1) / 2
        let m = point(midT)
        let (ex, ey) = (m.0 - cx, m.1 - cy)
        return (ex * ex + ey * ey > limit, midT, m)
      }
      var params: [Float] = [0, 1]
      var points = [point(0), point(1)]
      var quarterCheck = true
      var i = 0
      while i + 1 < params.count {
        var (split, midT, mid) = strays(params[i], points[i], params[i + 1], points[i + 1])
        if !split && quarterCheck {
          split = strays(params[i], points[i], midT, mid).0
          if split { quarterCheck = false }
        }
        if split && params.count < 1 << 16 {
          params.insert(midT, at: i + 1)
          points.insert(mid, at: i + 1)
        } else {
          i += 1
        }
      }
      // A point equal to the one before it adds no line (Path.cpp's addLine).
      var previous: (Float, Float)? = nil
      for p in points where previous.map({ $0 != p }) ?? true {
        xs.append(p.0)
        ys.append(p.1)
        previous = p
      }
    }

    func callAsFunction(_ x: Double) -> Double {
      let f = Float(x)
      if f <= 0 { return 0 }
      if f >= 1 { return 1 }
      var (lo, hi) = (0, xs.count - 1)
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if f < xs[mid] { hi = mid } else { lo = mid }
      }
      let span = xs[hi] - xs[lo]
      guard span != 0 else { return Double(ys[lo]) }
      return Double(ys[lo] + ((f - xs[lo]) / span) * (ys[hi] - ys[lo]))
    }
  }

  static func lerp(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
    zip(a, b).map { $0 + ($1 - $0) * f }
  }
}
