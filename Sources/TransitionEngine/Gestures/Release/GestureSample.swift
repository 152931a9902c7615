/// One recorded sample of a pan: `t` in seconds, the translation since the gesture began in
/// points, and optionally the recogniser's own velocity (`velocity(in:)`) in points per second.
public struct GestureSample: Sendable, Hashable {
  public var t: Double
  public var x: Double
  public var y: Double
  public var vx: Double?
  public var vy: Double?
  public var state: GestureState

  public init(
    t: Double, x: Double, y: Double, vx: Double? = nil, vy: Double? = nil,
    state: GestureState = .changed
  ) {
    self.t = t
    self.x = x
    self.y = y
    self.vx = vx
    self.vy = vy
    self.state = state
  }
}
