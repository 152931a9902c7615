/// Hero's `options`, defaults filled in (docs/STYLES.md "hero": the options table).
public struct HeroOptions: Sendable, Hashable {
  public var preset: HeroPreset = .fade
  public var direction: HeroDirection = .leading
  public var layoutDirection: LayoutDirection = .ltr
  public var crossfade: HeroCrossfade = .auto
  /// The effect of an entry (`to` only) or exit (`from` only) without its own.
  public var enter: HeroEffect = .none
  public var exit: HeroEffect = .none
  public var cascade: HeroCascade?
  /// The darkest a dimming layer gets; 0: no dimming layer.
  public var dimming: Double = 0.1

  public init(
    preset: HeroPreset = .fade, direction: HeroDirection = .leading,
    layoutDirection: LayoutDirection = .ltr, crossfade: HeroCrossfade = .auto,
    enter: HeroEffect = .none, exit: HeroEffect = .none, cascade: HeroCascade? = nil,
    dimming: Double = 0.1
  ) {
    self.preset = preset
    self.direction = direction
    self.layoutDirection = layoutDirection
    self.crossfade = crossfade
    self.enter = enter
    self.exit = exit
    self.cascade = cascade
    self.dimming = dimming
  }
}

/// Delays that start unmatched elements one after another.
public struct HeroCascade: Sendable, Hashable {
  /// Seconds between two ranks.
  public var delta: Double = 0.02
  public var direction: CascadeDirection = .topToBottom
  /// For `radial` and `inverseRadial`; nil: the container's centre.
  public var center: Point?
  /// Whether pairs wait for every ranked layer to have started.
  public var delayMatched = false

  public init(
    delta: Double = 0.02, direction: CascadeDirection = .topToBottom, center: Point? = nil,
    delayMatched: Bool = false
  ) {
    self.delta = delta
    self.direction = direction
    self.center = center
    self.delayMatched = delayMatched
  }
}
