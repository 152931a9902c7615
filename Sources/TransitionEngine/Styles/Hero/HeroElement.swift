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
    id: String, frame: Rect, cornerRadius: Double = Declared.cornerRadius,
    alpha: Double = Declared.alpha, opaque: Bool = Declared.opaque, content: Size? = nil,
    contentMode: ContentMode = Declared.contentMode, zIndex: Double = Declared.zIndex,
    arc: Double = Declared.arc, effect: HeroEffect? = nil
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

  /// The defaults of ``HeroInputs/element``, where they are written.
  public enum Declared {
    public static let cornerRadius = HeroInputs.element.named("cornerRadius").declaredNumber
    public static let alpha = HeroInputs.element.named("alpha").declaredNumber
    public static let opaque = HeroInputs.element.named("opaque").declaredBool
    public static let contentMode = HeroInputs.element.named("contentMode").declaredChoice(
      ContentMode.self)
    public static let zIndex = HeroInputs.element.named("zIndex").declaredNumber
    public static let arc = HeroInputs.element.named("arc").declaredNumber
  }

  /// Where it draws its content in its own coordinates; nil without a content size.
  public var contentFrame: Rect? {
    content.map { ContentFit.rect(contentMode, content: $0, in: frame.size) }
  }
}
