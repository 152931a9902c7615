/// A layer as it looks at one instant: what a keyframe records.
public struct LayerState: Sendable, Hashable {
  public var frame: Rect
  /// Clamped to [0, 1].
  public var alpha: Double
  public var transform: Transform3D

  public init(frame: Rect, alpha: Double, transform: Transform3D) {
    self.frame = frame
    self.alpha = alpha
    self.transform = transform
  }
}

/// One sample of one layer.
public struct Keyframe: Sendable, Hashable {
  public var t: Double
  public var state: LayerState

  public init(t: Double, state: LayerState) {
    self.t = t
    self.state = state
  }
}
