/// A resolved timing: how long the animation lasts and the progress function over it.
public struct Timing: Sendable, Hashable {
  public static let maximumDuration = 60.0

  public let duration: Double
  /// The curve, boxed: inline, its enum of springs and beziers (a name and a sample table
  /// with a reference count) made each copy of a timing cost hundreds of instructions, and
  /// tracks, clocks and plans copy timings everywhere.
  private let box: CurveBox
  public var curve: ResolvedCurve { box.curve }

  public init(duration: Double, curve: ResolvedCurve) {
    self.duration = duration
    self.box = CurveBox(curve)
  }

  public static func == (a: Timing, b: Timing) -> Bool {
    a.duration == b.duration && (a.box === b.box || a.box.curve == b.box.curve)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(duration)
    hasher.combine(box.curve)
  }

  /// Progress at animation time `t` in [0, duration]: exactly 0 at 0 and exactly 1 at the end
  /// (a spring is cut at the duration and its end value shown, as UIKit does).
  @inline(__always)
  public func progress(at t: Double) -> Double {
    if t <= 0 { return 0 }
    if t >= duration { return 1 }
    switch curve {
    case .bezier(_, let b):
      return b.value(at: t / duration)
    case .spring(_, _, let s), .springPhysics(_, let s), .springResponse(_, _, let s),
      .springBounce(_, _, let s):
      return s.progress(at: t)
    }
  }

  /// The curve's progress at `t` without the cut at the duration: 0 up to 0, then the curve
  /// (a spring's own value at and past T, not 1).
  @inline(__always)
  public func curveProgress(at t: Double) -> Double {
    if t <= 0 { return 0 }
    switch curve {
    case .bezier(_, let b):
      return b.value(at: t / duration)
    case .spring(_, _, let s), .springPhysics(_, let s), .springResponse(_, _, let s),
      .springBounce(_, _, let s):
      return s.progress(at: t)
    }
  }

  /// The progress of a track that starts after `delay` and ends at `end` (its delay plus this
  /// duration, summed once): exactly 1 for every `t >= end`. Deciding the end by `t - delay
  /// >= duration` instead missed it by an ulp where the sum rounds up (docs/TIMING.md 10).
  @inline(__always)
  public func progress(at t: Double, delay: Double, end: Double) -> Double {
    t >= end ? 1 : curveProgress(at: t - delay)
  }

  /// `dP/dt` at animation time `t`: 0 outside (0, duration), where progress stands still.
  public func velocity(at t: Double) -> Double {
    guard t > 0, t < duration else { return 0 }
    switch curve {
    case .bezier(_, let b):
      return b.slope(at: t / duration) / duration
    case .spring(_, _, let s), .springPhysics(_, let s), .springResponse(_, _, let s),
      .springBounce(_, _, let s):
      return s.velocity(at: t)
    }
  }

  /// Resolves a request's timing against a style's defaults (docs/TIMING.md sections 1-5).
  public static func resolve(_ spec: TimingSpec, defaults: StyleTiming) throws(TimingError)
    -> Timing
  {
    let curveSpec = spec.curve ?? defaults.curve
    switch curveSpec {
    case .linear, .easeIn, .easeOut, .easeInOut, .default, .fastOutSlowIn, .linearOutSlowIn,
      .fastOutLinearIn:
      return Timing(
        duration: spec.duration ?? defaults.duration,
        curve: .bezier(name: curveSpec.typeName, curveSpec.namedBezier ?? .linear))
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return Timing(
        duration: spec.duration ?? defaults.duration,
        curve: .bezier(name: "cubicBezier", UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)))
    case .spring(let ratio, let velocity):
      // Missing parameters come from the style's own spring, else a spring without bounce.
      var fallback = (ratio: 1.0, velocity: 0.0)
      if case .spring(let r, let v) = defaults.curve { fallback = (r ?? 1, v ?? 0) }
      let zeta = ratio ?? fallback.ratio
      let v = velocity ?? fallback.velocity
      let duration = spec.duration ?? defaults.duration
      let spring = UIKitSpring.spring(duration: duration, dampingRatio: zeta, initialVelocity: v)
      return Timing(
        duration: duration, curve: .spring(dampingRatio: zeta, initialVelocity: v, spring))
    case .springPhysics(let m, let k, let c, let v, let over):
      let allow = over ?? false
      let spring = DampedSpring(
        mass: m ?? 1, stiffness: k ?? 100, damping: c ?? 10, initialVelocity: v ?? 0,
        allowOverdamping: allow)
      return Timing(
        duration: try settledDuration(spec.duration, spring),
        curve: .springPhysics(allowOverdamping: allow, spring))
    case .springResponse(let response, let ratio, let velocity):
      let r = response ?? 0.55
      let zeta = ratio ?? 0.825
      let spring = DampedSpring(
        mass: 1, stiffness: pow(2 * Double.pi / r, 2), damping: 4 * Double.pi * zeta / r,
        initialVelocity: velocity ?? 0)
      return Timing(
        duration: try settledDuration(spec.duration, spring),
        curve: .springResponse(response: r, dampingRatio: zeta, spring))
    case .springBounce(let d, let bounce, let velocity):
      let response = d ?? 0.5
      let b = bounce ?? 0
      // SwiftUI: a negative bounce is truly over-damped.
      let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
      let spring = DampedSpring(
        mass: 1, stiffness: pow(2 * Double.pi / response, 2),
        damping: 4 * Double.pi * zeta / response,
        initialVelocity: velocity ?? 0, allowOverdamping: b < 0)
      return Timing(
        duration: try settledDuration(spec.duration, spring),
        curve: .springBounce(duration: response, bounce: b, spring))
    }
  }

  private static func settledDuration(_ requested: Double?, _ spring: DampedSpring)
    throws(TimingError) -> Double
  {
    if let requested { return requested }
    let settling = spring.settlingDuration()
    guard settling.isFinite, settling <= maximumDuration else {
      throw TimingError(
        field: ["timing", "curve"],
        message: settling.isFinite
          ? "the spring settles after \(settling) s, over the \(Int(maximumDuration)) s limit: give timing.duration or more damping"
          : "the spring never settles (no damping): give timing.duration or damping > 0")
    }
    return settling
  }
}

/// A timing that cannot be planned, with the request field it concerns.
public struct TimingError: Error, Sendable, Hashable {
  public var field: [String]
  public var message: String
}

private final class CurveBox: Sendable {
  let curve: ResolvedCurve
  init(_ curve: ResolvedCurve) { self.curve = curve }
}
