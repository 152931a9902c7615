/// How a dragged element follows the finger (docs/GESTURES.md 5.2): moved by the finger's
/// delta and scaled about the grab point by `sigma = 1 - maxShrink p`, p the progress over the
/// drag distance in either direction.
struct FollowLaw: Sendable {
  /// The element's frame at plan start, F_s.
  let start: Rect
  /// A, where the finger grabbed it.
  let anchor: Point
  let distance: Double
  let maxShrink: Double

  /// `min(|dy| / distance, 1)`; no travel is no progress even over a distance that has
  /// underflowed to 0 (a subnormal container's half height), where 0 / 0 would be NaN.
  func progress(dy: Double) -> Double { dy == 0 ? 0 : min(abs(dy) / distance, 1) }

  /// The frame for a finger `(dx, dy)` from where it began.
  func frame(dx: Double, dy: Double) -> Rect {
    let sigma = 1 - maxShrink * progress(dy: dy)
    return Rect(
      x: anchor.x + sigma * (start.x - anchor.x) + dx,
      y: anchor.y + sigma * (start.y - anchor.y) + dy, width: sigma * start.width,
      height: sigma * start.height)
  }

  /// The frame's velocity (x, y, width, height per second) for a finger moving at `(ux, uy)`
  /// pt/s, `w` of it along the progress axis, at a release `dy` from the start: sigma stops
  /// changing once the progress is full.
  func velocity(ux: Double, uy: Double, w: Double, dy: Double) -> SIMD4<Double> {
    let rate = abs(dy) < distance ? -maxShrink * w / distance : 0
    return SIMD4(
      ux + rate * (start.x - anchor.x), uy + rate * (start.y - anchor.y), rate * start.width,
      rate * start.height)
  }
}

/// The element's completion (docs/GESTURES.md 5.5): each frame component springs from the
/// release frame, with the follow law's velocity, to the target, as a retarget's spring
/// tracks do; settled when every component's envelope stays within 0.1 pt.
struct FollowSpring: Sendable {
  static let settleEpsilon = 0.1

  let parameters: SpringParameters
  let from: Rect
  let target: Rect
  let velocity: SIMD4<Double>
  let components: [SpringOscillator]
  /// The largest settling time of the four components.
  let duration: Double
  /// A response so short that `(2 pi / response)^2` overflows (under about 1e-154 s): the
  /// spring is the limit of ever stiffer ones, at its target as soon as the release is past
  /// (no closed form is finite there), settled at once.
  let instant: Bool

  init(
    response: Double, dampingRatio zeta: Double, from: Rect, to target: Rect,
    velocity: SIMD4<Double>
  ) {
    let k = (2 * Double.pi / response) * (2 * Double.pi / response)
    let parameters = SpringParameters(
      stiffness: k, damping: 4 * Double.pi * zeta / response, dampingRatio: zeta)
    self.parameters = parameters
    self.from = from
    self.target = target
    self.velocity = velocity
    let e0 = SIMD4(
      from.x - target.x, from.y - target.y, from.width - target.width,
      from.height - target.height)
    let spring = parameters
    let components = (0..<4).map {
      SpringOscillator(e0: e0[$0], velocity: velocity[$0], spring)
    }
    self.components = components
    instant = !k.isFinite
    duration =
      instant
      ? 0
      : components.map { $0.settlingTime(epsilon: Self.settleEpsilon, rule: .envelope) }.max() ?? 0
  }

  /// `target + e(tau)` per component, `tau` seconds after the release.
  func frame(at tau: Double) -> Rect {
    if instant { return tau > 0 ? target : from }
    let e = components.map { $0.error(at: tau).value }
    return Rect(
      x: target.x + e[0], y: target.y + e[1], width: target.width + e[2],
      height: target.height + e[3])
  }
}
