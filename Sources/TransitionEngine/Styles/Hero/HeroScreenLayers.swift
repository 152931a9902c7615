/// The screen and dimming layers of an effective preset (docs/STYLES.md "hero": Screens).
struct HeroScreenLayers {
  var preset: HeroPreset
  /// Already reversed for a reverse operation and resolved to left, right, up or down.
  var direction: HeroDirection
  var forward: Bool
  var container: Size
  /// The darkest the dimming layer gets; 0: no dimming layer.
  var dimming: Double

  /// What one screen does: a transform, an alpha and a shadow change, and the dimming layer's
  /// alpha above it (each nil when it stays still).
  private struct Motion {
    var transform: (Transform3D, Transform3D)?
    var alpha: (Double, Double)?
    var shadow: (Double, Double)?
    var dimming: (Double, Double)?
  }

  func layers() -> [Layer] {
    let (to, from) = motions()
    let bounds = Rect(x: 0, y: 0, width: container.width, height: container.height)
    func screen(_ role: ScreenRole, _ m: Motion) -> [Layer] {
      var tracks: [Track] = []
      if let (a, b) = m.alpha { tracks.append(.alpha(from: a, to: b)) }
      if let (a, b) = m.transform { tracks.append(.transform(from: a, to: b)) }
      if let (a, b) = m.shadow { tracks.append(.shadowOpacity(from: a, to: b)) }
      let view = Layer(
        id: role == .from ? "fromView" : "toView", content: .screen(role), frame: bounds,
        shadow: m.shadow == nil ? nil : LayerShadow(), tracks: tracks.filter { !$0.change.isStill })
      guard let (a, b) = m.dimming, dimming > 0 else { return [view] }
      var dim: [Track] = [.alpha(from: a, to: b)]
      if let (ta, tb) = m.transform { dim.append(.transform(from: ta, to: tb)) }
      return [
        view,
        Layer(
          id: role == .from ? "fromDimming" : "toDimming", content: .color("#000000"),
          frame: bounds, tracks: dim.filter { !$0.change.isStill }, dims: role),
      ]
    }
    return preset.toOnTop(forward: forward)
      ? screen(.from, from) + screen(.to, to) : screen(.to, to) + screen(.from, from)
  }

  /// The `toView` and `fromView` columns of STYLES.md's table.
  private func motions() -> (to: Motion, from: Motion) {
    let k = dimming
    let identity = Transform3D.identity
    func t(_ v: Point, _ divisor: Double = 1) -> Transform3D {
      .translation(x: v.x / divisor, y: v.y / divisor, z: 0)
    }
    func s(_ factor: Double) -> Transform3D { .scale(x: factor, y: factor, z: 1) }
    let appear = shift(appearing: true)
    let leave = shift(appearing: false)
    var to = Motion()
    var from = Motion()
    switch preset {
    case .push:
      to.transform = (t(appear), identity)
      to.shadow = (0, 0.5)
      from.transform = (identity, t(leave, 3))
      from.dimming = (0, k)
    case .pull:
      to.transform = (t(appear, 3), identity)
      to.dimming = (k, 0)
      from.transform = (identity, t(leave))
      from.shadow = (0.5, 0)
    case .cover:
      to.transform = (t(appear), identity)
      to.shadow = (0, 0.5)
      from.dimming = (0, k)
    case .uncover:
      to.dimming = (k, 0)
      from.transform = (identity, t(leave))
      from.shadow = (0.5, 0)
    case .slide:
      to.transform = (t(appear), identity)
      from.transform = (identity, t(leave))
    case .zoomSlide:
      to.transform = (s(0.8).concatenating(t(appear)), identity)
      from.transform = (identity, s(0.8).concatenating(t(leave)))
    case .pageIn:
      to.transform = (t(appear), identity)
      to.shadow = (0, 0.5)
      from.transform = (identity, s(0.7))
      from.dimming = (0, k)
    case .pageOut:
      to.transform = (s(0.7), identity)
      to.dimming = (k, 0)
      from.transform = (identity, t(leave))
      from.shadow = (0.5, 0)
    case .fade:
      if forward { to.alpha = (0, 1) } else { from.alpha = (1, 0) }
    case .zoom:
      to.transform = (s(0.7), identity)
      from.transform = (identity, s(1.3))
      from.alpha = (1, 0)
    case .zoomOut:
      to.transform = (s(1.3), identity)
      to.alpha = (0, 1)
      from.transform = (identity, s(0.7))
    case .none:
      break
    }
    return (to, from)
  }

  /// STYLES.md's `shift(d, appearing)`: a whole container width or height, towards the side
  /// the direction leaves from (appearing) or goes to (disappearing).
  private func shift(appearing: Bool) -> Point {
    switch direction {
    case .up, .down:
      Point(x: 0, y: (direction == .down) == appearing ? -container.height : container.height)
    default:
      Point(x: (direction == .right) == appearing ? -container.width : container.width, y: 0)
    }
  }
}

extension TrackChange {
  /// Whether `from` equals `to` (hero leaves such tracks out: the value is held).
  var isStill: Bool {
    switch self {
    case .frame(let a, let b), .contentFrame(let a, let b): a == b
    case .alpha(let a, let b), .cornerRadius(let a, let b), .shadowOpacity(let a, let b): a == b
    case .transform(let a, let b): a == b
    }
  }
}
