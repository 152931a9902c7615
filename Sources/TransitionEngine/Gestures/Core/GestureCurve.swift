/// A curve parameter of the `back` gesture (docs/GESTURES.md 3.1): a name, or a cubic-bezier
/// read like a plan's `timing.curve` of that type. Every curve maps a fraction clamped to
/// [0, 1] to a value that is exactly 0 at 0 and exactly 1 at 1.
public struct GestureCurve: Sendable, Hashable {
  /// The names, in the order the wire lists them (its `must be one of` message): the plan
  /// curves of docs/TIMING.md 1, then Android's.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut, `default`, fastOutSlowIn, linearOutSlowIn
    case fastOutLinearIn, backGesture, standardDecelerate, emphasized, accelerateDecelerate
  }

  enum Shape: Sendable, Hashable {
    case bezier(UnitBezier)
    /// Android's EMPHASIZED path: two cubic segments (``EmphasizedCurve``).
    case emphasized
    /// Android's default animator interpolator, `cos((x + 1) pi) / 2 + 0.5`.
    case accelerateDecelerate
  }

  /// nil for a cubic-bezier object.
  public let name: Name?
  let shape: Shape

  public static func named(_ name: Name) -> GestureCurve {
    let shape: Shape =
      switch name {
      case .emphasized: .emphasized
      case .accelerateDecelerate: .accelerateDecelerate
      // FW `BackGestureInterpolator`, WMS `Interpolators.BACK_GESTURE`.
      case .backGesture: .bezier(UnitBezier(x1: 0.1, y1: 0.1, x2: 0, y2: 1))
      case .standardDecelerate: .bezier(UnitBezier(x1: 0, y1: 0, x2: 0, y2: 1))
      default: .bezier(CurveSpec.named(name.rawValue)!.namedBezier!)
      }
    return GestureCurve(name: name, shape: shape)
  }

  public static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double) -> GestureCurve {
    GestureCurve(name: nil, shape: .bezier(UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)))
  }

  /// The control points of a cubic-bezier object (nil for a named curve), as the echo writes
  /// them.
  public var bezier: UnitBezier? {
    guard name == nil, case .bezier(let b) = shape else { return nil }
    return b
  }

  /// The curve at `fraction`, clamped to [0, 1] first.
  public func value(at fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1)
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    switch shape {
    case .bezier(let b): return b.value(at: x)
    case .emphasized: return EmphasizedCurve.value(at: x)
    case .accelerateDecelerate: return cos((x + 1) * Double.pi) / 2 + 0.5
    }
  }
}

/// WMS `createEmphasizedInterpolator`'s path, evaluated exactly: Android flattens it into a
/// polyline (`Path.approximate(0.002)`), which differs from the curve by under 0.002.
enum EmphasizedCurve {
  /// A cubic Bezier segment: x and y of its start, two controls and end.
  struct Segment: Sendable {
    let x: SIMD4<Double>
    let y: SIMD4<Double>

    /// The Bernstein weights of the four points at parameter `s`.
    @inline(__always)
    static func weights(_ s: Double) -> SIMD4<Double> {
      let u = 1 - s
      return SIMD4(u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s)
    }
  }

  static let first = Segment(x: [0, 0.05, 0.133333, 0.166666], y: [0, 0, 0.06, 0.4])
  static let second = Segment(x: [0.166666, 0.208333, 0.25, 1], y: [0.4, 0.82, 1, 1])

  static func value(at x: Double) -> Double {
    let segment = x <= first.x[3] ? first : second
    // X is monotone on each segment: bisect the parameter until the interval cannot shrink.
    var lo = 0.0
    var hi = 1.0
    while true {
      let mid = lo + (hi - lo) / 2
      if mid <= lo || mid >= hi { break }
      if (segment.x * Segment.weights(mid)).sum() < x { lo = mid } else { hi = mid }
    }
    let xl = (segment.x * Segment.weights(lo)).sum()
    let xh = (segment.x * Segment.weights(hi)).sum()
    let s = abs(xl - x) <= abs(xh - x) ? lo : hi
    return (segment.y * Segment.weights(s)).sum()
  }
}
