/// A hero scene in typed form: the container, both screens' elements and the options.
public struct HeroScene: Sendable, Hashable {
  public var container: Size
  public var from: [HeroElement]
  public var to: [HeroElement]
  public var options: HeroOptions

  public init(
    container: Size, from: [HeroElement] = [], to: [HeroElement] = [],
    options: HeroOptions = HeroOptions()
  ) {
    self.container = container
    self.from = from
    self.to = to
    self.options = options
  }

  /// Reads a decoded scene (docs/STYLES.md "hero"; ``HeroInputs`` declares the names). The
  /// values were validated by the declaration, so anything unreadable takes its default.
  public init(_ scene: Scene) {
    let screens = scene.inputs.object("screens")
    let o = scene.inputs.object("options")
    let unmatched = o.object("unmatched")
    // Absent values keep the declared defaults.
    var options = HeroOptions.declared
    if let v = o.text("preset").flatMap(HeroPreset.init(rawValue:)) { options.preset = v }
    if let v = o.text("direction").flatMap(HeroDirection.init(rawValue:)) { options.direction = v }
    if let v = o.text("layoutDirection").flatMap(LayoutDirection.init(rawValue:)) {
      options.layoutDirection = v
    }
    if let v = o.text("crossfade").flatMap(HeroCrossfade.init(rawValue:)) { options.crossfade = v }
    if let v = unmatched.text("enter").flatMap(HeroEffect.init(rawValue:)) { options.enter = v }
    if let v = unmatched.text("exit").flatMap(HeroEffect.init(rawValue:)) { options.exit = v }
    if let v = o.number("dimming") { options.dimming = v }
    if o.has("cascade") {
      let c = o.object("cascade")
      let center = c.object("center")
      var cascade = HeroCascade.declared
      if let v = c.number("delta") { cascade.delta = v }
      if let v = c.text("direction").flatMap(CascadeDirection.init(rawValue:)) {
        cascade.direction = v
      }
      cascade.center = center.number("x").flatMap { x in
        center.number("y").map { Point(x: x, y: $0) }
      }
      if let v = c.bool("delayMatched") { cascade.delayMatched = v }
      options.cascade = cascade
    }
    self.init(
      container: scene.container,
      from: screens.object("from").list("elements").compactMap(Self.element),
      to: screens.object("to").list("elements").compactMap(Self.element),
      options: options)
  }

  private static func element(_ v: StyleValues) -> HeroElement? {
    guard let id = v.text("id"), let frame = v.rect("frame") else { return nil }
    let content = v.object("content")
    let d = HeroElement.Declared.self
    return HeroElement(
      id: id, frame: frame, cornerRadius: v.number("cornerRadius") ?? d.cornerRadius,
      alpha: v.number("alpha") ?? d.alpha, opaque: v.bool("opaque") ?? d.opaque,
      content: content.number("width").flatMap { w in
        content.number("height").map { Size(width: w, height: $0) }
      },
      contentMode: v.text("contentMode").flatMap(ContentMode.init(rawValue:)) ?? d.contentMode,
      zIndex: v.number("zIndex") ?? d.zIndex, arc: v.number("arc") ?? d.arc,
      effect: v.text("effect").flatMap(HeroEffect.init(rawValue:)))
  }

  /// The scene in the engine's generic form, as the wire decoder would produce it: values
  /// equal to their defaults are left out (``StyleInput/Defaults/omitted``).
  public var scene: Scene {
    var o = StyleValues()
    let d = HeroOptions.declared
    if options.preset != d.preset { o["preset"] = .text(options.preset.rawValue) }
    if options.direction != d.direction { o["direction"] = .text(options.direction.rawValue) }
    if options.layoutDirection != d.layoutDirection {
      o["layoutDirection"] = .text(options.layoutDirection.rawValue)
    }
    if options.crossfade != d.crossfade { o["crossfade"] = .text(options.crossfade.rawValue) }
    var unmatched = StyleValues()
    if options.enter != d.enter { unmatched["enter"] = .text(options.enter.rawValue) }
    if options.exit != d.exit { unmatched["exit"] = .text(options.exit.rawValue) }
    if !unmatched.isEmpty { o["unmatched"] = .object(unmatched) }
    if let cascade = options.cascade {
      var c = StyleValues()
      let dc = HeroCascade.declared
      if cascade.delta != dc.delta { c["delta"] = .number(cascade.delta) }
      if cascade.direction != dc.direction { c["direction"] = .text(cascade.direction.rawValue) }
      if let center = cascade.center {
        c["center"] = .object(StyleValues(["x": .number(center.x), "y": .number(center.y)]))
      }
      if cascade.delayMatched != dc.delayMatched { c["delayMatched"] = .bool(cascade.delayMatched) }
      o["cascade"] = .object(c)
    }
    if options.dimming != d.dimming { o["dimming"] = .number(options.dimming) }
    var screens = StyleValues()
    if !from.isEmpty {
      screens["from"] = .object(StyleValues(["elements": .list(from.map(Self.values))]))
    }
    if !to.isEmpty {
      screens["to"] = .object(StyleValues(["elements": .list(to.map(Self.values))]))
    }
    var inputs = StyleValues()
    if !screens.isEmpty { inputs["screens"] = .object(screens) }
    if !o.isEmpty { inputs["options"] = .object(o) }
    return Scene(container: container, inputs: inputs)
  }

  private static func values(_ e: HeroElement) -> StyleValues {
    let d = HeroElement.Declared.self
    var v = StyleValues(["id": .text(e.id), "frame": .rect(e.frame)])
    if e.cornerRadius != d.cornerRadius { v["cornerRadius"] = .number(e.cornerRadius) }
    if e.alpha != d.alpha { v["alpha"] = .number(e.alpha) }
    if e.opaque != d.opaque { v["opaque"] = .bool(e.opaque) }
    if let c = e.content {
      v["content"] = .object(
        StyleValues(["width": .number(c.width), "height": .number(c.height)]))
    }
    if e.contentMode != d.contentMode { v["contentMode"] = .text(e.contentMode.rawValue) }
    if e.zIndex != d.zIndex { v["zIndex"] = .number(e.zIndex) }
    if e.arc != d.arc { v["arc"] = .number(e.arc) }
    if let effect = e.effect { v["effect"] = .text(effect.rawValue) }
    return v
  }
}
