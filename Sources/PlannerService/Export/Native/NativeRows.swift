import JSON
import TransitionEngine

/// What both native exporters derive from a plan's timings (docs/NATIVE.md 6).
enum NativeSpring {
  /// A spring timing's resolved mass, stiffness, damping, relative velocity and whether it is
  /// over-damped (the plan's `timing` echo numbers), or nil for a bezier.
  static func parameters(_ timing: Timing)
    -> (mass: Double, stiffness: Double, damping: Double, velocity: Double, overdamped: Bool)?
  {
    guard let s = timing.curve.dampedSpring else { return nil }
    return (s.mass, s.stiffness, s.damping, s.initialVelocity, s.regime == .overdamped)
  }

  /// Android's SpringForce damping ratio: `c / (2 sqrt(k m))` from the resolved numbers,
  /// exactly 1 where the plan treats the spring as critically damped.
  static func dampingRatio(_ timing: Timing) -> Double? {
    guard let p = SpringParameters(timing) else { return nil }
    if p.regime == .critical { return 1 }
    return p.dampingRatio
  }

  /// A bezier's control points (`linear` is (0, 0, 1, 1)).
  static func controlPoints(_ timing: Timing) -> [Double]? {
    guard case .bezier(_, let b) = timing.curve else { return nil }
    return [b.x1, b.y1, b.x2, b.y2]
  }
}

/// How a value is spelled in a row: a bare number or a list.
enum NativeValue: Equatable {
  case number(Double)
  case list([Double])

  var numbers: [Double] {
    switch self {
    case .number(let v): [v]
    case .list(let l): l
    }
  }

  init(_ numbers: [Double], bare: Bool) {
    self = bare ? .number(numbers[0]) : .list(numbers)
  }

  /// In the plan's number format (``NativeDocument/number(_:_:)``).
  func write(_ w: inout JSONWriter) {
    switch self {
    case .number(let v): NativeDocument.number(v, &w)
    case .list(let l): NativeDocument.writeNumbers(l, &w)
    }
  }

  /// `[value, ...]`.
  static func write(_ values: [NativeValue], _ w: inout JSONWriter) {
    w.byte(UInt8(ascii: "["))
    for (i, v) in values.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      v.write(&w)
    }
    w.byte(UInt8(ascii: "]"))
  }
}

/// The deviations native sampling measures (docs/NATIVE.md 2.3), in points.
enum NativeDeviation {
  /// The largest difference of two lists of numbers (a position or a translation group).
  static func largest(_ a: [Double], _ b: [Double]) -> Double {
    var worst = 0.0
    for i in a.indices { worst = max(worst, abs(a[i] - b[i])) }
    return worst
  }

  /// The largest move of a corner of an untransformed box written as `[position x, position
  /// y, width, height]`, its position at `anchor` of the box: a corner moves by the position's
  /// difference plus its share of the size's, so the two add up (docs/NATIVE.md 2.3).
  static func box(_ a: [Double], _ b: [Double], anchor: Point) -> Double {
    let (dx, dy, dw, dh) = (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])
    return max(
      abs(dx - anchor.x * dw), abs(dx + (1 - anchor.x) * dw),
      abs(dy - anchor.y * dh), abs(dy + (1 - anchor.y) * dh))
  }

  /// The largest move of a corner between two layer geometries.
  static func corners(_ a: LayerGeometry, _ b: LayerGeometry) -> Double {
    var worst = 0.0
    for (p, q) in zip(a.projectedCorners, b.projectedCorners) {
      worst = max(worst, abs(p.x - q.x), abs(p.y - q.y))
    }
    return worst
  }

}
