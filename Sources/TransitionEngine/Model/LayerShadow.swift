/// A layer's drop shadow, as CALayer describes one (its opacity is the layer's
/// `shadowOpacity`, which a track may animate).
public struct LayerShadow: Sendable, Hashable {
  /// `#RRGGBB`.
  public var color: String
  /// CALayer's `shadowRadius`, in points.
  public var radius: Double
  public var offset: Point

  public init(color: String = "#000000", radius: Double = 5, offset: Point = .zero) {
    self.color = color
    self.radius = radius
    self.offset = offset
  }
}
