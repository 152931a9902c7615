/// The properties of a layer at one instant that only some layers have (shared-element plans):
/// corner radius, content frame and shadow opacity. Kept apart from ``LayerState`` so that the
/// layers without them (every layer of the seeds' styles) do not carry them through sampling:
/// in the state they made those plans' engine time 35 % longer (planner-bench).
public struct LayerDetail: Sendable, Hashable {
  /// At least 0.
  public var cornerRadius: Double
  /// Sizes at least 0; meaningful only for a layer with a content frame.
  public var contentFrame: Rect
  /// Clamped to [0, 1].
  public var shadowOpacity: Double

  public init(
    cornerRadius: Double = 0, contentFrame: Rect = Rect(x: 0, y: 0, width: 0, height: 0),
    shadowOpacity: Double = 0
  ) {
    self.cornerRadius = cornerRadius
    self.contentFrame = contentFrame
    self.shadowOpacity = shadowOpacity
  }
}
