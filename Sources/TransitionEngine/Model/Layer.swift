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
  /// Points; 0 for square corners.
  public var cornerRadius: Double
  /// Where the layer draws its content, in its own coordinates (docs/TIMING.md section 10);
  /// nil when the content fills the layer.
  public var contentFrame: Rect?
  /// The layer's static shadow; nil for none (then `shadowOpacity` is not reported).
  public var shadow: LayerShadow?
  public var shadowOpacity: Double
  public var tracks: [Track]
  /// The screen a colour layer darkens, nil for any other layer: a gesture that poses a screen
  /// poses its dimming with it (docs/GESTURES.md 4.3). Not part of any answer.
  public var dims: ScreenRole?

  public init(
    id: String, content: LayerContent, anchor: Point = Point(x: 0.5, y: 0.5), frame: Rect,
    alpha: Double = 1, transform: Transform3D = .identity, cornerRadius: Double = 0,
    contentFrame: Rect? = nil, shadow: LayerShadow? = nil, shadowOpacity: Double = 0,
    tracks: [Track] = [], dims: ScreenRole? = nil
  ) {
    self.id = id
    self.content = content
    self.anchor = anchor
    self.frame = frame
    self.alpha = alpha
    self.transform = transform
    self.cornerRadius = cornerRadius
    self.contentFrame = contentFrame
    self.shadow = shadow
    self.shadowOpacity = shadowOpacity
    self.tracks = tracks
    self.dims = dims
    // A track's start is the layer's starting value.
    for track in tracks {
      switch track.change {
      case .frame(let from, _): self.frame = from
      case .alpha(let from, _): self.alpha = from
      case .transform(let from, _): self.transform = from
      case .cornerRadius(let from, _): self.cornerRadius = from
      case .contentFrame(let from, _): self.contentFrame = from
      case .shadowOpacity(let from, _): self.shadowOpacity = from
      }
    }
  }

  /// Whether keyframes report `cornerRadius`: the layer has a radius track or a non-zero
  /// radius (docs/API.md).
  public var reportsCornerRadius: Bool {
    cornerRadius != 0
      || tracks.contains { if case .cornerRadius = $0.change { true } else { false } }
  }

  /// Whether its keyframes carry a ``LayerDetail``: it reports a corner radius, or has a content
  /// frame or a shadow.
  public var hasDetail: Bool { reportsCornerRadius || contentFrame != nil || shadow != nil }

  /// The latest delay of its tracks (0 without any).
  public var latestDelay: Double { tracks.reduce(0) { max($0, $1.delay) } }
}
