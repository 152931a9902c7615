import JSON
import TransitionEngine

/// A timing as the CSS easing a browser applies between two keyframes (docs/API.md, "Compact
/// keyframes"): a bezier is its own `cubic-bezier(...)`, exact at every frame the browser
/// draws; a spring is `linear(...)` through points placed so that the browser's straight pieces
/// stay within `tolerance` (in progress) of the spring.
enum CSSEasing {
  static func write(
    _ timing: Timing, tolerance: Double, budget: inout Int, frameRate: Int, _ w: inout JSONWriter
  ) {
    switch timing.curve {
    case .bezier(_, let b):
      if b == .linear {
        w.raw("linear")
        return
      }
      w.raw("cubic-bezier(")
      w.number(b.x1)
      w.raw(", ")
      w.number(b.y1)
      w.raw(", ")
      w.number(b.x2)
      w.raw(", ")
      w.number(b.y2)
      w.byte(UInt8(ascii: ")"))
    case .spring(_, _, let s), .springPhysics(_, let s), .springResponse(_, _, let s),
      .springBounce(_, _, let s):
      writeLinear(
        spring: s, duration: timing.duration, tolerance: tolerance, budget: &budget,
        frameRate: frameRate, &w)
    }
  }

  /// The progress of `timing` without a spring's cut at the duration: the function the
  /// browser's straight pieces follow; the cut to the end value is a step of its own.
  static func uncut(_ timing: Timing) -> (Double) -> Double {
    guard let spring = timing.curve.dampedSpring else { return { timing.progress(at: $0) } }
    return { t in t <= 0 ? 0 : spring.progress(at: t) }
  }

  /// Whether the cut at the end of an uncut curve ending at `last` is worth a step: beyond a
  /// tenth of the tolerance, so that the pieces' error and the missing step together stay
  /// within it.
  static func needsStep(from last: Double, to end: Double, tolerance: Double) -> Bool {
    abs(last - end) > tolerance * 0.1
  }

  /// `linear(0, v1 t1%, ..., 1)`. A plan cuts a spring at its duration and shows the end there,
  /// as UIKit does; when the spring has not come close to it by then, the cut is a step in the
  /// last ten-millionth of the duration. A spring the fit cannot follow within its points or
  /// the document's budget gets a point per frame of the plan.
  static func writeLinear(
    spring: DampedSpring, duration: Double, tolerance: Double, budget: inout Int,
    frameRate: Int, _ w: inout JSONWriter
  ) {
    let f = { (t: Double) in (t <= 0 ? 0 : spring.progress(at: t), 0.0) }
    let points =
      PiecewiseLinearFit.fit(duration: duration, tolerance: tolerance, budget: &budget, f)
      ?? PiecewiseLinearFit.sampled(duration: duration, frameRate: frameRate, f)
    w.raw("linear(0")
    for point in points.dropFirst().dropLast() {
      w.raw(", ")
      w.number(rounded(point.value.0, 1e7), decimals: 7)
      w.byte(UInt8(ascii: " "))
      // Below the step's 99.99999 %, so positions never go back.
      w.number(min(rounded(point.t / duration * 100, 1e7), 99.99999), decimals: 7)
      w.byte(UInt8(ascii: "%"))
    }
    if let last = points.last, points.count > 1,
      needsStep(from: last.value.0, to: 1, tolerance: tolerance)
    {
      w.raw(", ")
      w.number(rounded(last.value.0, 1e7), decimals: 7)
      w.raw(" 99.99999%")
    }
    w.raw(", 1)")
  }

  /// `value` to the nearest multiple of `1 / scale`: the digits beyond add nothing a browser
  /// can show and would triple the text.
  static func rounded(_ value: Double, _ scale: Double) -> Double {
    (value * scale).rounded() / scale
  }
}
