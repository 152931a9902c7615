/// The element layers of a hero scene, above the screens (docs/STYLES.md "hero": Elements,
/// Pair tracks, Exit and entry tracks, Cascade).
struct HeroElementLayers {
  var scene: HeroScene
  var match: HeroMatch
  var forward: Bool

  /// One pair, exit or entry: its place in the z order and its layers.
  private struct Item {
    var zIndex: Double
    /// 0 exits, 1 pairs, 2 entries: entries paint above exits, as in View Transitions.
    var rank: Int
    /// In the `from` list for exits, the `to` list for pairs and entries.
    var index: Int
    var layers: [Layer]
  }

  /// Which elements of each screen a layer stands in for (those the actions hide).
  struct Drawn {
    var from: [Bool]
    var to: [Bool]
  }

  /// The element layers bottom to top, and the elements they stand in for.
  func layers() -> ([Layer], Drawn) {
    var drawn = Drawn(
      from: Array(repeating: false, count: scene.from.count),
      to: Array(repeating: false, count: scene.to.count))
    var items: [Item] = []
    items.reserveCapacity(match.pairs.count + match.exits.count + match.entries.count)
    for i in match.exits {
      if let layer = unmatched(scene.from[i], screen: .from) {
        items.append(Item(zIndex: scene.from[i].zIndex, rank: 0, index: i, layers: [layer]))
        drawn.from[i] = true
      }
    }
    for (i, j) in match.pairs {
      drawn.from[i] = true
      drawn.to[j] = true
      items.append(
        Item(
          zIndex: scene.to[j].zIndex, rank: 1, index: j, layers: pair(scene.from[i], scene.to[j]))
      )
    }
    for j in match.entries {
      if let layer = unmatched(scene.to[j], screen: .to) {
        items.append(Item(zIndex: scene.to[j].zIndex, rank: 2, index: j, layers: [layer]))
        drawn.to[j] = true
      }
    }
    items.sort { a, b in
      if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
      if a.rank != b.rank { return a.rank < b.rank }
      return a.index < b.index
    }
    guard let cascade = scene.options.cascade else { return (items.flatMap(\.layers), drawn) }
    // Every exit and entry layer is ranked; pairs wait for all of them with delayMatched.
    let unmatchedItems = items.indices.filter { items[$0].rank != 1 }
    let ranks = cascade.direction.ranks(
      of: unmatchedItems.map { items[$0].layers[0].frame },
      center: cascade.center ?? Point(x: scene.container.width / 2, y: scene.container.height / 2),
      layout: scene.options.layoutDirection)
    for (k, itemIndex) in unmatchedItems.enumerated() {
      delay(&items[itemIndex], by: Double(ranks[k]) * cascade.delta)
    }
    if cascade.delayMatched {
      let matchedDelay = Double(unmatchedItems.count) * cascade.delta
      for i in items.indices where items[i].rank == 1 { delay(&items[i], by: matchedDelay) }
    }
    return (items.flatMap(\.layers), drawn)
  }

  private func delay(_ item: inout Item, by seconds: Double) {
    guard seconds > 0 else { return }
    for l in item.layers.indices {
      for t in item.layers[l].tracks.indices { item.layers[l].tracks[t].delay = seconds }
    }
  }

  /// A pair's layers: `@from` below `@to` going forward, the other way round going back, or
  /// only the upper one without a cross-fade. Both fly the same geometry.
  private func pair(_ f: HeroElement, _ t: HeroElement) -> [Layer] {
    let control = ArcPath.control(from: f.frame.center, to: t.frame.center, intensity: t.arc)
    var geometry: [Track] = [.frame(from: f.frame, to: t.frame, arcControl: control)]
    geometry.append(.cornerRadius(from: f.cornerRadius, to: t.cornerRadius))
    var contentFrame: Rect?
    if let size = t.content ?? f.content {
      let c0 = ContentFit.rect(f.contentMode, content: size, in: f.frame.size)
      let c1 = ContentFit.rect(t.contentMode, content: size, in: t.frame.size)
      contentFrame = c0
      geometry.append(.contentFrame(from: c0, to: c1))
    }
    // Alphas of (@from, @to); nil: no layer.
    let a0 = f.alpha
    let a1 = t.alpha
    let alphas: (from: (Double, Double)?, to: (Double, Double)?)
    switch scene.options.crossfade {
    case .auto where f.opaque && t.opaque && a0 == 1 && a1 == 1:
      // Only the upper image fades: two half-transparent opaque images would let the screen
      // show through half way.
      alphas = forward ? ((1, 1), (0, 1)) : ((1, 0), (1, 1))
    case .auto, .cross:
      alphas = ((a0, 0), (0, a1))
    case .none:
      alphas = forward ? (nil, (a1, a1)) : ((a0, a0), nil)
    }
    func layer(_ role: ScreenRole, _ e: HeroElement, _ alpha: (Double, Double)) -> Layer {
      var tracks = geometry
      tracks.insert(.alpha(from: alpha.0, to: alpha.1), at: 1)
      return Layer(
        id: e.id + (role == .from ? "@from" : "@to"),
        content: .element(screen: role, element: ElementID(e.id), contentMode: e.contentMode),
        frame: f.frame, alpha: alpha.0, cornerRadius: f.cornerRadius, contentFrame: contentFrame,
        tracks: tracks.filter { !$0.change.isStill })
    }
    let below =
      forward ? alphas.from.map { layer(.from, f, $0) } : alphas.to.map { layer(.to, t, $0) }
    let above =
      forward ? alphas.to.map { layer(.to, t, $0) } : alphas.from.map { layer(.from, f, $0) }
    return [below, above].compactMap { $0 }
  }

  /// An exit's or entry's layer, held in place while it fades or scales; nil for the `none`
  /// effect (it stays part of its screen and moves with it).
  private func unmatched(_ e: HeroElement, screen role: ScreenRole) -> Layer? {
    let exit = role == .from
    let effect = e.effect ?? (exit ? scene.options.exit : scene.options.enter)
    guard effect != .none else { return nil }
    var tracks: [Track] = [exit ? .alpha(from: e.alpha, to: 0) : .alpha(from: 0, to: e.alpha)]
    if effect == .scale {
      // Material's scale provider: going forward, what leaves grows and what comes shrinks
      // into place; going back the other way round, so a pop mirrors its push.
      let s = Transform3D.scale(
        x: exit == forward ? 1.1 : 0.8, y: exit == forward ? 1.1 : 0.8, z: 1)
      tracks.append(exit ? .transform(from: .identity, to: s) : .transform(from: s, to: .identity))
    }
    return Layer(
      id: e.id + (exit ? "@from" : "@to"),
      content: .element(screen: role, element: ElementID(e.id), contentMode: e.contentMode),
      frame: e.frame, alpha: exit ? e.alpha : 0, cornerRadius: e.cornerRadius,
      contentFrame: e.contentFrame, tracks: tracks.filter { !$0.change.isStill })
  }
}
