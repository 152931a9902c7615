/// What a track changes: one layer property, from one value to another.
public enum TrackChange: Sendable, Hashable {
  case frame(from: Rect, to: Rect)
  case alpha(from: Double, to: Double)
  /// Boxed: two matrices inline made every track 280 bytes, copied whole wherever a track is
  /// (a 10-pair hero retarget took 8 % more instructions without the box).
  indirect case transform(from: Transform3D, to: Transform3D)
  /// Points, interpolated linearly (docs/TIMING.md section 10).
  case cornerRadius(from: Double, to: Double)
  /// The content's rect in the layer's own coordinates (content fit, docs/TIMING.md 10).
  case contentFrame(from: Rect, to: Rect)
  case shadowOpacity(from: Double, to: Double)

  /// The wire name, and the order of a layer's tracks (docs/API.md).
  public var property: String {
    switch self {
    case .frame: "frame"
    case .alpha: "alpha"
    case .transform: "transform"
    case .cornerRadius: "cornerRadius"
    case .contentFrame: "contentFrame"
    case .shadowOpacity: "shadowOpacity"
    }
  }
}
