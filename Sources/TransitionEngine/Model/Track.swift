/// A continuous change of one layer property over the plan's timing.
public enum Track: Sendable, Hashable {
  case frame(from: Rect, to: Rect)
  case alpha(from: Double, to: Double)
  case transform(from: Transform3D, to: Transform3D)

  public var property: String {
    switch self {
    case .frame: "frame"
    case .alpha: "alpha"
    case .transform: "transform"
    }
  }
}
