public enum ScreenRole: String, Sendable, Hashable {
  case from, to
}

public enum ElementRole: String, Sendable, Hashable {
  case source, destination
}

public enum ContentMode: String, Sendable, Hashable {
  case aspectFit, aspectFill, scaleToFill
}

/// What a layer draws.
public enum LayerContent: Sendable, Hashable {
  /// The live screen view.
  case screen(ScreenRole)
  /// A still image of a screen.
  case snapshot(ScreenRole)
  /// An image of one element of a screen.
  case element(screen: ScreenRole, element: ElementRole, contentMode: ContentMode)
  /// A rectangle of a screen's image, in that screen's coordinates.
  case slice(screen: ScreenRole, rect: Rect)
  /// A solid colour, `#RRGGBB`.
  case color(String)
}
