/// Which translation drives progress (docs/TIMING.md section 9).
public enum GestureDirection: String, Sendable, Hashable, CaseIterable {
  /// `|x|`: the seed's rule, so a drag either way scrubs.
  case either
  case rightward, leftward, upward, downward

  /// Vertical directions divide by the container height by default, the others by its width.
  public var isVertical: Bool { self == .upward || self == .downward }

  /// The signed translation along the progress axis, in points.
  @inline(__always)
  public func axis(x: Double, y: Double) -> Double {
    switch self {
    case .either: abs(x)
    case .rightward: x
    case .leftward: -x
    case .downward: y
    case .upward: -y
    }
  }

  /// The velocity along the axis from a recogniser's `vx`/`vy`, or nil when the component the
  /// direction needs is absent. For `either` it is `sign(x) * vx`; at `x == 0`, where `|x|`
  /// grows whichever way the finger moves, it is `|vx|`.
  public func axisVelocity(x: Double, vx: Double?, vy: Double?) -> Double? {
    switch self {
    case .either:
      guard let vx else { return nil }
      if x > 0 { return vx }
      if x < 0 { return -vx }
      return abs(vx)
    case .rightward: return vx
    case .leftward: return vx.map { -$0 }
    case .downward: return vy
    case .upward: return vy.map { -$0 }
    }
  }
}
