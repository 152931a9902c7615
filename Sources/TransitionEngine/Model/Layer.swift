/// One thing the container draws during a transition. Properties without a track hold the
/// base value throughout.
public struct Layer: Sendable, Hashable {
  public var id: String
  public var content: LayerContent
  public var anchor: Point
  /// The untransformed frame at the start (bounds placed at `position - anchor * size`).
  public var frame: Rect
  public var alpha: Double
  public var transform: Transform3D
  public var tracks: [Track]

  public init(
    id: String, content: LayerContent, anchor: Point = Point(x: 0.5, y: 0.5), frame: Rect,
    alpha: Double = 1,
    transform: Transform3D = .identity, tracks: [Track] = []
  ) {
    self.id = id
    self.content = content
    self.anchor = anchor
    self.frame = frame
    self.alpha = alpha
    self.transform = transform
    self.tracks = tracks
    // A track's start is the layer's starting value.
    for track in tracks {
      switch track {
      case .frame(let from, _): self.frame = from
      case .alpha(let from, _): self.alpha = from
      case .transform(let from, _): self.transform = from
      }
    }
  }
}
