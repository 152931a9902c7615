/// An axis-aligned rectangle, `origin` top-left, as `CGRect` without standardisation.
public struct Rect: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  public var origin: Point { Point(x: x, y: y) }
  public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
  public var size: Size { Size(width: width, height: height) }

  /// The CALayer position for this frame and an anchor point in unit coordinates.
  public func position(anchor: Point) -> Point {
    Point(x: x + anchor.x * width, y: y + anchor.y * height)
  }

  /// Linear interpolation written as `(1 - p) a + p b`, which is exact at both ends:
  /// the keyframe at `p == 1` must hold the track's `to` value bit for bit.
  public static func interpolate(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
    Rect(
      x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p),
      width: lerp(a.width, b.width, p), height: lerp(a.height, b.height, p))
  }
}

/// `(1 - p) a + p b`: exact at p = 0 and p = 1, unlike `a + (b - a) p`.
@inline(__always)
public func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double {
  (1 - p) * a + p * b
}
