/// Hero's `options`, defaults filled in (docs/STYLES.md "hero": the options table). The
/// defaults are ``HeroInputs``' declarations, read once into ``declared``.
public struct HeroOptions: Sendable, Hashable {
  public var preset: HeroPreset
  public var direction: HeroDirection
  public var layoutDirection: LayoutDirection
  public var crossfade: HeroCrossfade
  /// The effect of an entry (`to` only) or exit (`from` only) without its own.
  public var enter: HeroEffect
  public var exit: HeroEffect
  public var cascade: HeroCascade?
  /// The darkest a dimming layer gets; 0: no dimming layer.
  public var dimming: Double

  public init(
    preset: HeroPreset = declared.preset, direction: HeroDirection = declared.direction,
    layoutDirection: LayoutDirection = declared.layoutDirection,
    crossfade: HeroCrossfade = declared.crossfade, enter: HeroEffect = declared.enter,
    exit: HeroEffect = declared.exit, cascade: HeroCascade? = nil,
    dimming: Double = declared.dimming
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

  /// The defaults of ``HeroInputs/options``.
  public static let declared: HeroOptions = {
    let o = HeroInputs.options
    let unmatched = o.member("unmatched")
    return HeroOptions(
      preset: o.member("preset").declaredChoice(HeroPreset.self),
      direction: o.member("direction").declaredChoice(HeroDirection.self),
      layoutDirection: o.member("layoutDirection").declaredChoice(LayoutDirection.self),
      crossfade: o.member("crossfade").declaredChoice(HeroCrossfade.self),
      enter: unmatched.member("enter").declaredChoice(HeroEffect.self),
      exit: unmatched.member("exit").declaredChoice(HeroEffect.self), cascade: nil,
      dimming: o.member("dimming").declaredNumber)
  }()
}

/// Delays that start unmatched elements one after another.
public struct HeroCascade: Sendable, Hashable {
  /// Seconds between two ranks.
  public var delta: Double
  public var direction: CascadeDirection
  /// For `radial` and `inverseRadial`; nil: the container's centre.
  public var center: Point?
  /// Whether pairs wait for every ranked layer to have started.
  public var delayMatched: Bool

  public init(
    delta: Double = declared.delta, direction: CascadeDirection = declared.direction,
    center: Point? = nil, delayMatched: Bool = declared.delayMatched
  ) {
    self.delta = delta
    self.direction = direction
    self.center = center
    self.delayMatched = delayMatched
  }

  /// The defaults of hero's `options.cascade` declaration.
  public static let declared: HeroCascade = {
    let c = HeroInputs.options.member("cascade")
    return HeroCascade(
      delta: c.member("delta").declaredNumber,
      direction: c.member("direction").declaredChoice(CascadeDirection.self), center: nil,
      delayMatched: c.member("delayMatched").declaredBool)
  }()
}
