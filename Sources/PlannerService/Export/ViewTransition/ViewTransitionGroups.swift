import TransitionEngine

/// How a plan's layers become view-transition groups (docs/VIEWTRANSITIONS.md 3.1-3.3, 3.6):
/// which group each layer joins, which image (old or new) it draws, the hidden partners, the
/// dimmings and the background.
struct ViewTransitionGroups {
  enum Side { case old, new }

  /// What the page names in a state (the plan's action shape).
  enum Target {
    case screen(ScreenRole)
    case screenElement(ScreenRole, ElementID)
    case element(ElementID)
    case slice(ScreenRole, Rect)
  }

  struct Image {
    /// The plan layer it draws; nil for a hidden partner.
    var layer: Int?
    var target: Target
    /// 1 for the image of the group's upper layer, else 0.
    var zIndex: Int
    /// The colour layer that darkens it (3.6).
    var dimming: Int?
  }

  struct Group {
    var name: String
    var className: String
    /// The geometry layer: the group's lowest.
    var lowest: Int
    var layers: [Int]
    var old: Image?
    var new: Image?
    /// Seconds.
    var delay: Double
  }

  var groups: [Group] = []
  /// The bottom colour layer (3.6).
  var background: Int?
  /// Colour layers with no place (3.6).
  var leftOut: [Int] = []

  init(_ timeline: Timeline, choreography: Choreography, reversal: Bool) {
    let layers = timeline.layers
    let leaving: ScreenRole = reversal ? .to : .from
    func side(_ s: ScreenRole) -> Side { s == leaving ? .old : .new }
    // The style says whether its element layers are elements matched by id (one group per id)
    // or stand-ins (one group per layer); the exporter names no style.
    let matchedByID = StyleRegistry.style(named: timeline.style)?.elementLayersMatchByID ?? false

    // Colour layers: the bottom one is the background, a black one over a screen it matches is
    // that screen image's dimming, any other is left out.
    var dimmingOf: [Int: Int] = [:]
    for (i, layer) in layers.enumerated() {
      guard case .color(let colour) = layer.content else { continue }
      if i == 0 {
        background = i
      } else if colour.lowercased() == "#000000", Self.dims(timeline, colour: i, screen: i - 1) {
        dimmingOf[i - 1] = i
      } else {
        leftOut.append(i)
      }
    }

    var byKey: [String: Int] = [:]
    for (i, layer) in layers.enumerated() {
      let delay = Self.delay(choreography.layers[i])
      switch layer.content {
      case .color: continue
      case .screen(let s), .snapshot(let s):
        let image = Image(layer: i, target: .screen(s), zIndex: 1, dimming: dimmingOf[i])
        var g = Group(
          name: "tp-" + ViewTransitionText.encoded(layer.id), className: "tp-screen", lowest: i,
          layers: [i], delay: 0)
        if side(s) == .old { g.old = image } else { g.new = image }
        groups.append(g)
      case .slice(let s, let rect):
        let image = Image(layer: i, target: .slice(s, rect), zIndex: 1)
        var g = Group(
          name: "tp-" + ViewTransitionText.encoded(layer.id), className: "tp-slice", lowest: i,
          layers: [i], delay: delay)
        if side(s) == .old { g.old = image } else { g.new = image }
        groups.append(g)
      case .element(let s, let element, _) where matchedByID:
        let image = Image(layer: i, target: .screenElement(s, element), zIndex: 1)
        if let index = byKey[element.rawValue] {
          // The upper layer's image is above: the one already there goes under it.
          if groups[index].old != nil { groups[index].old!.zIndex = 0 }
          if groups[index].new != nil { groups[index].new!.zIndex = 0 }
          if side(s) == .old { groups[index].old = image } else { groups[index].new = image }
          groups[index].layers.append(i)
          groups[index].delay = min(groups[index].delay, delay)
          groups[index].className = "tp-pair"
        } else {
          var g = Group(
            name: "tp-el-" + ViewTransitionText.encoded(element.rawValue),
            className: s == .from ? "tp-exit" : "tp-entry", lowest: i, layers: [i], delay: delay)
          if side(s) == .old { g.old = image } else { g.new = image }
          byKey[element.rawValue] = groups.count
          groups.append(g)
        }
      case .element(let s, let element, _):
        // zoom's snapshot: the other element (shown again at finish) is its hidden partner,
        // on the side opposite the layer's image.
        let image = Image(layer: i, target: .element(element), zIndex: 1)
        var g = Group(
          name: "tp-" + ViewTransitionText.encoded(layer.id), className: "tp-pair", lowest: i,
          layers: [i], delay: delay)
        let mine = side(s)
        if mine == .old { g.old = image } else { g.new = image }
        for action in timeline.actions.finish {
          guard case .element(let other) = action.target, action.change == .hidden(false),
            other != element, !Self.shows(layers, element: other)
          else { continue }
          let partner = Image(layer: nil, target: .element(other), zIndex: 0)
          if mine == .old { g.new = partner } else { g.old = partner }
          break
        }
        groups.append(g)
      }
    }

    // A hero element shown again at finish that no layer draws, whose id has a group: the
    // partner held at 0 on its own screen's side (crossfade none).
    if matchedByID {
      for action in timeline.actions.finish {
        guard case .screenElement(let s, let element) = action.target,
          action.change == .hidden(false), let index = byKey[element.rawValue]
        else { continue }
        let drawn = groups[index].layers.contains { l in
          if case .element(let ls, _, _) = layers[l].content { return ls == s }
          return false
        }
        guard !drawn else { continue }
        let partner = Image(layer: nil, target: .screenElement(s, element), zIndex: 0)
        if side(s) == .old {
          guard groups[index].old == nil else { continue }
          groups[index].old = partner
        } else {
          guard groups[index].new == nil else { continue }
          groups[index].new = partner
        }
        groups[index].className = "tp-pair"
      }
    }
  }

  /// The smallest delay of a layer's tracks, 0 without any (4.1).
  static func delay(_ layer: Layer) -> Double {
    guard let first = layer.tracks.first else { return 0 }
    return layer.tracks.dropFirst().reduce(first.delay) { min($0, $1.delay) }
  }

  static func shows(_ layers: [Timeline.LayerInfo], element: ElementID) -> Bool {
    layers.contains { layer in
      if case .element(_, let e, _) = layer.content { return e == element }
      return false
    }
  }

  /// 3.6: a colour layer directly above a screen or snapshot layer that shares its anchor, and
  /// its frame and transform at every keyframe.
  static func dims(_ timeline: Timeline, colour: Int, screen: Int) -> Bool {
    switch timeline.layers[screen].content {
    case .screen, .snapshot: break
    default: return false
    }
    guard timeline.layers[colour].anchor == timeline.layers[screen].anchor else { return false }
    let a = timeline.keyframes[colour]
    let b = timeline.keyframes[screen]
    for k in a.indices where a[k].frame != b[k].frame || a[k].transform != b[k].transform {
      return false
    }
    return true
  }
}
