/// The three patterns' geometry over one container (docs/GESTURES.md 4.4): the preview at a
/// progress, and the values the completions start from and go to.
struct BackPreview: Sendable {
  let container: Size
  let pattern: BackPattern
  let parameters: BackParameters
  /// D, the plan's duration with its delays.
  let planDuration: Double

  var width: Double { container.width }
  var height: Double { container.height }

  /// The preview at raw progress `p` with vertical travel `dy` (points; nil: none).
  func frame(progress p: Double, dy: Double?, edge: SwipeEdge) -> BackFrame {
    let g = parameters.gestureCurve.value(at: p)
    switch pattern {
    case .crossActivity:
      let (closing, entering) = crossActivityPoses(g: g, dy: dy, edge: edge)
      let radius = parameters.cornerRadius * g
      return BackFrame(
        closing: closing, entering: entering, closingRadius: radius, enteringRadius: radius,
        scrim: parameters.scrimAlpha)
    case .fullScreen:
      return material(g: g, dy: dy, edge: edge).frame(
        container: container, surfaceTime: 0, elementTime: 0)
    case .sharedElement:
      return material(g: g, dy: dy, edge: edge).frame(
        container: container, surfaceTime: 0, elementTime: p * planDuration)
    }
  }

  /// `lerp(1, minScale, g)`: both windows shrink in step.
  func scale(g: Double) -> Double { lerp(1, parameters.minScale, g) }

  /// WMS `CrossActivityBackAnimation`: the closing window shrinks toward its target rect
  /// (m from the container's right edge unless the swipe came from the right), the entering
  /// one slides in from `enteringOffset` to the left, both following the finger vertically.
  func crossActivityPoses(g: Double, dy: Double?, edge: SwipeEdge) -> (
    closing: WindowPose, entering: WindowPose
  ) {
    let s = parameters.minScale
    let sc = scale(g: g)
    let x1 =
      edge == .right ? width * (1 - s) / 2 : width - parameters.edgeMargin - s * width
    let y = lerp(0, height * (1 - s) / 2, g) + verticalFollow(scale: sc, dy: dy)
    let e = parameters.enteringOffset
    return (
      WindowPose(x: lerp(0, x1, g), y: y, s: sc),
      WindowPose(x: lerp(-e, -e + width * (1 - s) / 2, g), y: y, s: sc)
    )
  }

  /// The decelerated vertical follow that never takes a window of scale `sc` past the margin.
  func verticalFollow(scale sc: Double, dy: Double?) -> Double {
    guard let dy else { return 0 }
    let half = height / 2
    let ratio = min(half, abs(dy)) / half
    let room = max(0, (height - sc * height) / 2 - parameters.edgeMargin)
    return room * (1 - (1 - ratio) * (1 - ratio)) * (dy < 0 ? -1 : 1)
  }

  /// The horizontal shift the in-app patterns reach at full progress: the window's right or
  /// left gap down to the margin.
  var materialShift: Double {
    max(0, (width - parameters.minScale * width) / 2 - parameters.edgeMargin)
  }

  /// MDC's main-container helper at interpolated progress `g` (fullScreen's vertical shift;
  /// sharedElement's is crossActivity's follow).
  func material(g: Double, dy: Double?, edge: SwipeEdge) -> MaterialBackPose {
    let sc = scale(g: g)
    let tx = lerp(0, materialShift, g) * edge.direction
    let r = parameters.cornerRadius * g
    switch pattern {
    case .fullScreen:
      var ty = 0.0
      if let dy {
        let reach = min(
          max(0, (height - sc * height) / 2 - parameters.edgeMargin),
          parameters.maxTranslationY)
        let sign: Double = dy > 0 ? 1 : dy < 0 ? -1 : 0
        ty = lerp(0, reach, min(abs(dy) / height, 1)) * sign
      }
      let fadeStart = parameters.enterFadeStart
      return MaterialBackPose(
        scale: sc, tx: tx, ty: ty, alpha: 1 - min(g / parameters.exitFadeEnd, 1), radius: r,
        enteringScale: lerp(parameters.enterScale, 1, g),
        enteringAlpha: min(max((g - fadeStart) / (1 - fadeStart), 0), 1))
    default:
      return MaterialBackPose(
        scale: sc, tx: tx, ty: verticalFollow(scale: sc, dy: dy), alpha: 1, radius: r,
        enteringScale: 1, enteringAlpha: 1)
    }
  }
}
