/// What a `back` pattern shows at one instant (docs/GESTURES.md 4.3): a window pose, an
/// alpha multiplier and a corner radius per group, the scrim's alpha, and the plan times its
/// surfaces and its element layers show.
struct BackFrame: Sendable, Hashable {
  var closing = WindowPose.identity
  var entering = WindowPose.identity
  var closingAlpha = 1.0
  var enteringAlpha = 1.0
  var closingRadius = 0.0
  var enteringRadius = 0.0
  var scrim = 0.0
  var surfaceTime = 0.0
  var elementTime = 0.0

  /// The final keyframe: every layer at plan time `planTime` (the plan's end or start), no
  /// pose, multipliers 1, radii 0, no scrim.
  static func final(planTime: Double) -> BackFrame {
    BackFrame(surfaceTime: planTime, elementTime: planTime)
  }
}

/// The properties Material Components' back helpers animate (docs/GESTURES.md 4.4, 4.5): the
/// closing surface's scale, shift, alpha multiplier and radius, and under `fullScreen` the
/// entering surface's scale and multiplier. Completions interpolate these, not the progress.
struct MaterialBackPose: Sendable, Hashable {
  var scale: Double
  var tx: Double
  var ty: Double
  var alpha: Double
  var radius: Double
  var enteringScale: Double
  var enteringAlpha: Double

  func interpolated(to target: MaterialBackPose, _ c: Double) -> MaterialBackPose {
    MaterialBackPose(
      scale: lerp(scale, target.scale, c), tx: lerp(tx, target.tx, c), ty: lerp(ty, target.ty, c),
      alpha: lerp(alpha, target.alpha, c), radius: lerp(radius, target.radius, c),
      enteringScale: lerp(enteringScale, target.enteringScale, c),
      enteringAlpha: lerp(enteringAlpha, target.enteringAlpha, c))
  }

  /// The frame these values show in `container`: the closing surface scaled about the centre
  /// then shifted, the entering one scaled about the centre.
  func frame(container: Size, surfaceTime: Double, elementTime: Double) -> BackFrame {
    let w = container.width
    let h = container.height
    return BackFrame(
      closing: WindowPose(x: w * (1 - scale) / 2 + tx, y: h * (1 - scale) / 2 + ty, s: scale),
      entering: WindowPose(
        x: w * (1 - enteringScale) / 2, y: h * (1 - enteringScale) / 2, s: enteringScale),
      closingAlpha: alpha, enteringAlpha: enteringAlpha, closingRadius: radius,
      enteringRadius: 0, scrim: 0, surfaceTime: surfaceTime, elementTime: elementTime)
  }
}
