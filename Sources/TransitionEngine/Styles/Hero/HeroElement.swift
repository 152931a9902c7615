/// One element of a hero screen (docs/STYLES.md "hero": the element table), defaults filled in.
public struct HeroElement: Sendable, Hashable {
  /// Unique within its screen; compared by UTF-8 bytes.
  public var id: String
  /// In container coordinates, untransformed.
  public var frame: Rect
  public var cornerRadius: Double
  public var alpha: Double
  public var opaque: Bool
  /// The intrinsic size of what it draws (an image), placed by `contentMode`.
  public var content: Size?
  public var contentMode: ContentMode
  public var zIndex: Double
  /// Hero's arc intensity for a pair (docs/TIMING.md section 9), read from the `to` element.
  public var arc: Double
  /// For an unmatched element; nil: the options' `unmatched` default.
  public var effect: HeroEffect?

  public init(
    id: String, frame: Rect, cornerRadius: Double = 0, alpha: Double = 1, opaque: Bool = true,
    content: Size? = nil, contentMode: ContentMode = .scaleToFill, zIndex: Double = 0,
    arc: Double = 0, effect: HeroEffect? = nil
  ) {
    self.id = id
    self.frame = frame
    self.cornerRadius = cornerRadius
    self.alpha = alpha
    self.opaque = opaque
    self.content = content
    self.contentMode = contentMode
    self.zIndex = zIndex
    self.arc = arc
    self.effect = effect
  }

  /// Where it draws its content in its own coordinates; nil without a content size.
  public var contentFrame: Rect? {
    content.map { ContentFit.rect(contentMode, content: $0, in: frame.size) }
  }
}
