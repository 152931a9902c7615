/// A layer as Core Animation describes it: an untransformed frame, an anchor point in unit
/// coordinates and a transform applied about that anchor.
public struct LayerGeometry: Sendable, Hashable {
  public var frame: Rect
  public var anchor: Point
  public var transform: Transform3D

  public init(
    frame: Rect, anchor: Point = Point(x: 0.5, y: 0.5), transform: Transform3D = .identity
  ) {
    self.frame = frame
    self.anchor = anchor
    self.transform = transform
  }

  public var position: Point { frame.position(anchor: anchor) }

  /// Where a point of the layer's own bounds (`q`, 0...width by 0...height) lands on screen:
  /// `r = [q.x - anchor.x w, q.y - anchor.y h, 0, 1] * M`, screen = `(r.x/r.w, r.y/r.w) + position`.
  public func project(_ q: Point) -> Point {
    let r = transform.apply((q.x - anchor.x * frame.width, q.y - anchor.y * frame.height, 0, 1))
    let p = position
    return Point(x: r.0 / r.3 + p.x, y: r.1 / r.3 + p.y)
  }

  /// The four corners on screen: top-left, top-right, bottom-right, bottom-left.
  public var projectedCorners: [Point] {
    let w = frame.width
    let h = frame.height
    return [
      project(Point(x: 0, y: 0)), project(Point(x: w, y: 0)),
      project(Point(x: w, y: h)), project(Point(x: 0, y: h)),
    ]
  }

  /// CSS `transform-origin` in pixels of the element's own box.
  public var cssTransformOrigin: String {
    "\(formatCSSNumber(anchor.x * frame.width))px \(formatCSSNumber(anchor.y * frame.height))px"
  }
}
