/// How hero moves the two screens (docs/STYLES.md "hero": Hero's presets).
public enum HeroPreset: String, Sendable, Hashable, CaseIterable {
  case none, fade, push, pull, cover, uncover, slide, zoomSlide, pageIn, pageOut, zoom, zoomOut

  /// Hero's `autoReverse`: what a reverse operation plays for this preset, so the same options
  /// give a pop that mirrors the push.
  public var reversed: HeroPreset {
    switch self {
    case .push: .pull
    case .pull: .push
    case .cover: .uncover
    case .uncover: .cover
    case .pageIn: .pageOut
    case .pageOut: .pageIn
    case .zoom: .zoomOut
    case .zoomOut: .zoom
    case .none, .fade, .slide, .zoomSlide: self
    }
  }

  /// Whether the `to` screen is drawn above the `from` screen.
  public func toOnTop(forward: Bool) -> Bool {
    switch self {
    case .push, .cover, .pageIn, .zoomOut: true
    case .pull, .uncover, .pageOut, .zoom: false
    case .slide, .zoomSlide, .fade, .none: forward
    }
  }

  /// The curve of a plan without `timing.curve`: Material's deceleration for a screen that
  /// comes in over the other, its standard curve otherwise.
  public var defaultCurve: CurveSpec {
    switch self {
    case .push, .cover, .pageIn: .linearOutSlowIn
    default: .fastOutSlowIn
    }
  }

  /// The shortest default duration (pairs that fly far last longer).
  public var baseDuration: Double {
    switch self {
    case .fade, .none: 0.208
    default: 0.35
    }
  }
}

/// Which way the screens move. `leading` and `trailing` follow the layout direction.
public enum HeroDirection: String, Sendable, Hashable, CaseIterable {
  case left, right, up, down, leading, trailing

  public var opposite: HeroDirection {
    switch self {
    case .left: .right
    case .right: .left
    case .up: .down
    case .down: .up
    case .leading: .trailing
    case .trailing: .leading
    }
  }

  /// `left`, `right`, `up` or `down`.
  public func physical(_ layout: LayoutDirection) -> HeroDirection {
    switch (self, layout) {
    case (.leading, .ltr), (.trailing, .rtl): .left
    case (.trailing, .ltr), (.leading, .rtl): .right
    default: self
    }
  }
}

/// The writing direction of the screens (`leading` is left in `ltr`, right in `rtl`).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
  case ltr, rtl
}

/// How a pair's two images blend (docs/STYLES.md "hero": Pair tracks).
public enum HeroCrossfade: String, Sendable, Hashable, CaseIterable {
  case auto, cross, none
}

/// What an unmatched element does.
public enum HeroEffect: String, Sendable, Hashable, CaseIterable {
  case none, fade, scale
}
