/// How a released `back` gesture completes (docs/GESTURES.md 4.5), from the state of its
/// release sample: the crossActivity commit or spring back, or Material's animators.
enum BackCompletion: Sendable {
  case commit(CrossActivityCommit)
  case springBack(CrossActivitySpringBack)
  case material(MaterialBackCompletion)

  /// The release's figures: raw and interpolated progress, vertical travel, edge, and the
  /// gesture's walk-back velocity (progress per second).
  struct Release: Sendable {
    var progress: Double
    var dy: Double?
    var edge: SwipeEdge
    var velocity: Double
  }

  init(_ preview: BackPreview, release: Release, invoked: Bool) {
    switch (preview.pattern, invoked) {
    case (.crossActivity, true): self = .commit(CrossActivityCommit(preview, release))
    case (.crossActivity, false): self = .springBack(CrossActivitySpringBack(preview, release))
    default: self = .material(MaterialBackCompletion(preview, release, invoked: invoked))
    }
  }

  /// Seconds from the release to the end of the animation.
  var duration: Double {
    switch self {
    case .commit(let c): c.duration
    case .springBack(let c): c.duration
    case .material(let c): c.duration
    }
  }

  /// The state `tau` seconds after the release (also past the duration, for a gesture a new
  /// `began` cuts: the spring back keeps its closed form, Material's animators hold).
  func frame(at tau: Double) -> BackFrame {
    switch self {
    case .commit(let c): c.frame(at: tau)
    case .springBack(let c): c.frame(at: tau)
    case .material(let c): c.frame(at: tau)
    }
  }

  /// What the answer's `completion` says of it.
  var summary: BackCompletionSummary {
    switch self {
    case .commit(let c):
      .commit(
        from: c.release.progress, duration: c.duration, curve: c.curve, fraction: c.fraction,
        fling: c.fling.map {
          FlingSummary(velocity: $0.velocity, stiffness: $0.stiffness, damping: $0.damping)
        })
    case .springBack(let c):
      .springBack(
        from: c.release.progress, duration: c.duration, stiffness: c.stiffness,
        damping: c.damping, initialVelocity: c.relativeVelocity)
    case .material(let c):
      .material(
        from: c.release.progress, to: c.invoked ? 1 : 0, duration: c.duration, curve: c.curve)
    }
  }
}

/// WMS `DefaultCrossActivityBackAnimation`'s commit: both windows grow from their release
/// rects (the closing one sliding right by the entering offset) along EMPHASIZED over an
/// AccelerateDecelerate fraction, both shrinking a little more and back with the fling spring.
struct CrossActivityCommit: Sendable {
  struct Fling: Sendable {
    var velocity: Double
    var stiffness: Double
    var damping: Double
    var spring: SpringOscillator
  }

  let preview: BackPreview
  let release: BackCompletion.Release
  let duration: Double
  let curve: GestureCurve
  let fraction: CommitFraction
  let fling: Fling?
  let closing: Rect
  let entering: Rect
  let radius: Double

  init(_ preview: BackPreview, _ release: BackCompletion.Release) {
    let p = preview.parameters
    self.preview = preview
    self.release = release
    duration = p.commitDuration
    curve = p.commitCurve(for: .crossActivity)
    fraction = p.commitFraction
    let g = p.gestureCurve.value(at: release.progress)
    let poses = preview.crossActivityPoses(g: g, dy: release.dy, edge: release.edge)
    closing = poses.closing.rect(container: preview.container)
    entering = poses.entering.rect(container: preview.container)
    radius = p.cornerRadius * g
    if p.fling {
      // The test is on the interpolated progress, the velocity the raw progress's, in units
      // of scale x 100 (WMS SPRING_SCALE).
      let v = g < p.flingMinProgress ? -p.flingDefaultVelocity : -100 * release.velocity
      let v0 = min(max(v, -p.flingMaxVelocity), 0)
      let spring = SpringParameters(stiffness: p.flingStiffness, dampingRatio: p.flingDampingRatio)
      fling = Fling(
        velocity: v0, stiffness: spring.stiffness, damping: spring.damping,
        spring: SpringOscillator(e0: 0, velocity: v0, spring))
    } else {
      fling = nil
    }
  }

  /// The fling spring's scale factor `tau` after the release: at most 1.
  func flingFactor(at tau: Double) -> Double {
    guard let fling else { return 1 }
    return min(1 + fling.spring.error(at: tau).value / 100, 1)
  }

  func frame(at tau: Double) -> BackFrame {
    let p = preview.parameters
    let f = min(max(tau / duration, 0), 1)
    let u =
      fraction == .linear ? f : GestureCurve.named(.accelerateDecelerate).value(at: f)
    let q = curve.value(at: u)
    let w = preview.width
    let h = preview.height
    let fl = flingFactor(at: tau)
    func grown(_ start: Rect, to target: Rect) -> WindowPose {
      let r = Rect.interpolate(start, target, q)
      let c = r.center
      let scaled = Rect(
        x: c.x - fl * r.width / 2, y: c.y - fl * r.height / 2, width: fl * r.width,
        height: fl * r.height)
      return WindowPose(rect: scaled, containerWidth: w)
    }
    return BackFrame(
      closing: grown(
        closing, to: Rect(x: closing.x + p.enteringOffset, y: 0, width: w, height: h)),
      entering: grown(entering, to: Rect(x: 0, y: 0, width: w, height: h)),
      closingAlpha: max(1 - p.closingFadeRate * u, 0), enteringAlpha: 1,
      closingRadius: radius, enteringRadius: radius * (1 - q), scrim: p.scrimAlpha * (1 - u))
  }
}

/// FW `BackProgressAnimator` on cancel: progress springs back to 0, `p_r (1 - S(tau))` with S
/// a unit spring started at the gesture's velocity, and the preview follows it with the
/// release's touch.
struct CrossActivitySpringBack: Sendable {
  let preview: BackPreview
  let release: BackCompletion.Release
  let stiffness: Double
  let damping: Double
  /// `-v / p_r`, fractions of the distance per second (0 from p_r = 0).
  let relativeVelocity: Double
  let duration: Double
  /// The progress in closed form (nil from p_r = 0, which has nowhere to go).
  let spring: SpringOscillator?

  init(_ preview: BackPreview, _ release: BackCompletion.Release) {
    let p = preview.parameters
    self.preview = preview
    self.release = release
    let parameters = SpringParameters(
      stiffness: p.cancelStiffness, dampingRatio: p.cancelDampingRatio)
    stiffness = parameters.stiffness
    damping = parameters.damping
    guard release.progress > 0 else {
      relativeVelocity = 0
      duration = 0
      spring = nil
      return
    }
    relativeVelocity = -release.velocity / release.progress
    duration = DampedSpring.settlingDuration(
      stiffness: p.cancelStiffness, dampingRatio: p.cancelDampingRatio,
      velocity: relativeVelocity)
    // p_r (1 - S) solves the same equation with p_r at the start and the gesture's own
    // velocity: an absolute spring on progress.
    spring = SpringOscillator(e0: release.progress, velocity: release.velocity, parameters)
  }

  func progress(at tau: Double) -> Double {
    guard let spring else { return 0 }
    return min(max(spring.error(at: tau).value, 0), 1)
  }

  func frame(at tau: Double) -> BackFrame {
    preview.frame(progress: progress(at: tau), dy: release.dy, edge: release.edge)
  }
}

/// MDC's `ObjectAnimator`s: every pattern property from its release value to its target with
/// one curve; under `sharedElement` each layer's plan time too.
struct MaterialBackCompletion: Sendable {
  let preview: BackPreview
  let release: BackCompletion.Release
  let invoked: Bool
  let duration: Double
  let curve: GestureCurve
  let start: MaterialBackPose
  let target: MaterialBackPose

  init(_ preview: BackPreview, _ release: BackCompletion.Release, invoked: Bool) {
    let p = preview.parameters
    self.preview = preview
    self.release = release
    self.invoked = invoked
    let g = p.gestureCurve.value(at: release.progress)
    start = preview.material(g: g, dy: release.dy, edge: release.edge)
    if invoked {
      // The commit's duration follows the raw progress: a longer swipe ends faster.
      duration = lerp(p.commitDurationMax, p.commitDurationMin, release.progress)
      curve = p.commitCurve(for: preview.pattern)
      target = MaterialBackPose(
        scale: p.minScale, tx: preview.materialShift * release.edge.direction, ty: start.ty,
        alpha: 0, radius: p.cornerRadius, enteringScale: 1, enteringAlpha: 1)
    } else {
      duration = p.cancelDuration
      curve = p.cancelCurve
      target = MaterialBackPose(
        scale: 1, tx: 0, ty: 0, alpha: 1, radius: 0,
        enteringScale: preview.pattern == .fullScreen ? p.enterScale : 1,
        enteringAlpha: preview.pattern == .fullScreen ? 0 : 1)
    }
  }

  func frame(at tau: Double) -> BackFrame {
    let c = curve.value(at: min(tau / duration, 1))
    let d = preview.planDuration
    let planTarget = invoked ? d : 0
    let shared = preview.pattern == .sharedElement
    return start.interpolated(to: target, c).frame(
      container: preview.container, surfaceTime: shared ? lerp(0, planTarget, c) : 0,
      elementTime: shared ? lerp(release.progress * d, planTarget, c) : 0)
  }
}

/// The answer's `completion` of a `back` stream (docs/GESTURES.md 6).
public enum BackCompletionSummary: Sendable, Hashable {
  /// crossActivity, invoked: `{from, to: 1, duration, curve, fraction, fling}`.
  case commit(
    from: Double, duration: Double, curve: GestureCurve, fraction: CommitFraction,
    fling: FlingSummary?)
  /// crossActivity, cancelled: `{from, to: 0, duration, curve: "spring", spring}`.
  case springBack(
    from: Double, duration: Double, stiffness: Double, damping: Double, initialVelocity: Double)
  /// fullScreen and sharedElement: `{from, to, duration, curve}`.
  case material(from: Double, to: Double, duration: Double, curve: GestureCurve)
}

/// The crossActivity commit's fling spring: `{velocity, mass: 1, stiffness, damping}`.
public struct FlingSummary: Sendable, Hashable {
  public var velocity: Double
  public var stiffness: Double
  public var damping: Double
}
