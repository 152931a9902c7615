/// Hero's `arc(intensity:)` (docs/TIMING.md section 9): the control point of the quadratic
/// Bezier a pair's centre follows from `p0` to `p1`.
public enum ArcPath {
  /// nil for a straight path: no intensity, or a move of under one point along either axis
  /// (the corner would sit on the line and the curve would only change the speed).
  public static func control(from p0: Point, to p1: Point, intensity k: Double) -> Point? {
    guard k != 0, abs(p1.x - p0.x) >= 1, abs(p1.y - p0.y) >= 1 else { return nil }
    // The corner of the right angle the path bends towards: moving up, it turns the horizontal
    // first; otherwise the vertical.
    let corner = p0.y > p1.y ? Point(x: p1.x, y: p0.y) : Point(x: p0.x, y: p1.y)
    let mx = (p0.x + p1.x) / 2
    let my = (p0.y + p1.y) / 2
    return Point(x: mx + (corner.x - mx) * k, y: my + (corner.y - my) * k)
  }
}
