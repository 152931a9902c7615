/// Shared elements matched by id between two screens (docs/STYLES.md "hero"): every pair flies
/// from its frame on one screen to its frame on the other, unmatched elements fade or scale,
/// and a preset moves the screens. The general case of the zoom seed, after Hero.
public struct HeroStyle: TransitionStyle {
  public init() {}

  public let name = "hero"
  public let summary =
    "Elements matched by id fly between the two screens (frame, corner radius, content fit, cross-fade) while a preset moves the screens."
  public let operations: [TransitionOperation] = [.push, .pop, .present, .dismiss]
  public var inputs: [StyleInput] { HeroInputs.all }

  public let defaultTimingRule: String? =
    "curve linearOutSlowIn for the effective presets push, cover and pageIn, else fastOutSlowIn; duration the longest of the preset's base (0.208 s for fade and none, else 0.35 s) and every pair's duration from distance, 0.208 + min(|c1 - c0| + |s1 - s0|, 500) / 3000 s"

  /// The preset a scene plays for an operation: reversed for pop and dismiss.
  public static func effectivePreset(_ options: HeroOptions, _ operation: TransitionOperation)
    -> HeroPreset
  {
    operation.isForward ? options.preset : options.preset.reversed
  }

  /// The direction the screens move, resolved to left, right, up or down.
  public static func effectiveDirection(_ options: HeroOptions, _ operation: TransitionOperation)
    -> HeroDirection
  {
    let d = operation.isForward ? options.direction : options.direction.opposite
    return d.physical(options.layoutDirection)
  }

  public func defaultTiming(for scene: Scene, operation: TransitionOperation) -> StyleTiming {
    Self.defaultTiming(HeroScene(scene), operation: operation)
  }

  public static func defaultTiming(_ hero: HeroScene, operation: TransitionOperation)
    -> StyleTiming
  {
    defaultTiming(hero, HeroMatch(from: hero.from, to: hero.to), operation: operation)
  }

  static func defaultTiming(
    _ hero: HeroScene, _ match: HeroMatch, operation: TransitionOperation
  ) -> StyleTiming {
    let preset = effectivePreset(hero.options, operation)
    var duration = preset.baseDuration
    for (i, j) in match.pairs {
      duration = max(
        duration, DurationFromDistance.duration(from: hero.from[i].frame, to: hero.to[j].frame))
    }
    return StyleTiming(duration: duration, curve: preset.defaultCurve)
  }

  public func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography {
    Self.choreography(HeroScene(scene), operation: operation)
  }

  public func staging(for scene: Scene, operation: TransitionOperation) -> (
    choreography: Choreography, defaultTiming: StyleTiming
  ) {
    let hero = HeroScene(scene)
    let match = HeroMatch(from: hero.from, to: hero.to)
    return (
      Self.choreography(hero, match, operation: operation),
      Self.defaultTiming(hero, match, operation: operation)
    )
  }

  public static func choreography(_ hero: HeroScene, operation: TransitionOperation)
    -> Choreography
  {
    choreography(hero, HeroMatch(from: hero.from, to: hero.to), operation: operation)
  }

  static func choreography(
    _ hero: HeroScene, _ match: HeroMatch, operation: TransitionOperation
  ) -> Choreography {
    let forward = operation.isForward
    let screens = HeroScreenLayers(
      preset: effectivePreset(hero.options, operation),
      direction: effectiveDirection(hero.options, operation), forward: forward,
      container: hero.container, dimming: hero.options.dimming
    ).layers()
    let elements = HeroElementLayers(scene: hero, match: match, forward: forward)
    let (elementLayers, drawn) = elements.layers()
    let layers = screens + elementLayers
    return Choreography(layers: layers, actions: actions(hero, match, drawn, layers))
  }

  /// Start hides every element a layer stands in for (both of a pair, even under
  /// `crossfade: none`), `from` elements first, each screen in list order; finish and cancel
  /// show them again, then remove the element and dimming layers bottom to top.
  private static func actions(
    _ hero: HeroScene, _ match: HeroMatch, _ drawn: HeroElementLayers.Drawn, _ layers: [Layer]
  ) -> Actions {
    var targets: [ActionTarget] = []
    targets.reserveCapacity(hero.from.count + hero.to.count)
    for (i, e) in hero.from.enumerated() where drawn.from[i] {
      targets.append(.screenElement(.from, ElementID(e.id)))
    }
    for (j, e) in hero.to.enumerated() where drawn.to[j] {
      targets.append(.screenElement(.to, ElementID(e.id)))
    }
    var restore = targets.map { Action($0, .hidden(false)) }
    for layer in layers {
      switch layer.content {
      case .element, .color: restore.append(Action(.layer(layer.id), .remove))
      default: break
      }
    }
    return Actions(
      start: targets.map { Action($0, .hidden(true)) }, finish: restore, cancel: restore)
  }

  public func check(_ choreography: Choreography, timing: Timing) -> PlanError? {
    let latest = choreography.latestDelay
    guard timing.duration + latest > Timing.maximumDuration else { return nil }
    return PlanError(
      field: ["options", "cascade", "delta"],
      message:
        "the cascade's latest delay of \(latest) s plus the \(timing.duration) s duration is over the \(Int(Timing.maximumDuration)) s limit: lower delta"
    )
  }

  /// A photo that opens into the detail screen, a search bar that fades out and a body that
  /// fades in.
  public var exampleScene: Scene {
    HeroScene(
      container: Size(width: 390, height: 844),
      from: [
        HeroElement(
          id: "photo", frame: Rect(x: 16, y: 220, width: 170, height: 170), cornerRadius: 12),
        HeroElement(id: "search", frame: Rect(x: 16, y: 100, width: 358, height: 36)),
      ],
      to: [
        HeroElement(id: "photo", frame: Rect(x: 0, y: 91, width: 390, height: 390)),
        HeroElement(id: "body", frame: Rect(x: 20, y: 540, width: 350, height: 200)),
      ],
      options: HeroOptions(preset: .push, enter: .fade, exit: .fade)
    ).scene
  }
}
