public enum ScreenRole: String, Sendable, Hashable {
  case from, to
}

/// An element of a screen, by name: the seeds' `source` and `destination`, or a hero
/// element's id.
public struct ElementID: RawRepresentable, Sendable, Hashable {
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The selected element on the list screen (zoom, expand).
  public static let source = ElementID("source")
  /// Its match on the detail screen (zoom).
  public static let destination = ElementID("destination")
}

/// How an element draws its content in its bounds (UIView.ContentMode's four that matter).
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
  case scaleToFill, aspectFit, aspectFill, center
}

/// What a layer draws.
public enum LayerContent: Sendable, Hashable {
  /// The live screen view.
  case screen(ScreenRole)
  /// A still image of a screen.
  case snapshot(ScreenRole)
  /// An image of one element of a screen.
  case element(screen: ScreenRole, element: ElementID, contentMode: ContentMode)
  /// A rectangle of a screen's image, in that screen's coordinates.
  case slice(screen: ScreenRole, rect: Rect)
  /// A solid colour, `#RRGGBB`.
  case color(String)
}
