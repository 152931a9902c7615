/// Plans a drag to dismiss over a pop or dismiss of a style that shares elements
/// (docs/GESTURES.md 5): the style says which elements and layers it follows.
public enum DragDismissPlanner: GestureKind {
  public static let name = "dragDismiss"

  /// The refusal of an element the style declares shared but its plan does not move.
  static let notFollowable =
    "names an element this transition's plan does not move: no layer showing it has a frame track"

  /// The problem with `element` for this transition, or nil (docs/GESTURES.md 7): one of the
  /// style's shared elements, named as its ``SharedElementNaming`` asks. Nil too for a style
  /// that shares none: its refusals refuse it.
  public static func elementIssue(_ element: String?, transition: PlanRequest) -> PlanError? {
    let field = ["gesture", "element"]
    guard let style = StyleRegistry.style(named: transition.style),
      let naming = style.sharedElementNaming
    else { return nil }
    switch naming {
    case .fixed(let ids):
      guard let element, !ids.contains(element) else { return nil }
      return PlanError(field: field, message: "must be one of " + ids.joined(separator: ", "))
    case .fromScene(let missing, let unknown):
      guard let element else { return PlanError(field: field, message: missing) }
      guard followed(element, style.sharedElements(for: transition)) != nil else {
        return PlanError(field: field, message: unknown)
      }
      return nil
    }
  }

  /// The shared element `id` names (byte for byte, or the first of a fixed list when nil).
  static func followed(_ id: String?, _ elements: [SharedElement]) -> SharedElement? {
    guard let id else { return elements.first }
    let bytes = Array(id.utf8)
    return elements.first { Array($0.id.utf8) == bytes }
  }

  public static func validate(_ request: DragDismissRequest, limits: GestureLimits = .init())
    -> [PlanError]
  {
    let t = request.transition
    var issues = refusals(of: t)
    guard issues.isEmpty else { return issues }
    if let issue = elementIssue(request.gesture.element, transition: t) { issues.append(issue) }
    if let a = request.gesture.anchor, !(a.x.isFinite && a.y.isFinite) {
      issues.append(PlanError(field: ["gesture", "anchor"], message: "must be finite"))
    }
    for parameter in DragDismissParameter.allCases
    where !parameter.range.contains(request.gesture.parameters.value(of: parameter)) {
      issues.append(
        PlanError(field: ["gesture", "parameters", parameter.rawValue], message: "is out of range"))
    }
    // The samples, distance, release and completion are a pan's.
    issues += PanPlanner.validate(request.panEquivalent, limits: limits)
    return issues
  }

  public static func plan(
    _ request: DragDismissRequest, prepared: Planner.Prepared, limits: GestureLimits
  ) throws(PlanError) -> DragDismissPlan {
    let choreography = prepared.choreography
    let d = choreography.duration(with: prepared.timing)
    let gesture = request.gesture
    let container = request.transition.scene.container
    // validate() has found the element among the style's. A style whose declaration and
    // choreography disagree (an element it shares that no layer with a frame track shows) is
    // refused at the element rather than trusted.
    guard
      let shared = Self.followed(
        gesture.element, prepared.style.sharedElements(for: request.transition))
    else { throw PlanError(field: ["gesture", "element"], message: Self.notFollowable) }
    let element = shared.id
    let shown = Set(shared.layers.map { Array($0.utf8) })
    let followed = choreography.layers.indices.filter {
      shown.contains(Array(choreography.layers[$0].id.utf8))
    }
    guard let lowest = followed.first,
      case .rect(let target)? = choreography.layers[lowest].endValue(.frame)
    else { throw PlanError(field: ["gesture", "element"], message: Self.notFollowable) }
    let layer = choreography.layers[lowest]
    let start = layer.frame
    let distance = gesture.resolvedDistance(container: container)
    let law = FollowLaw(
      start: start, anchor: gesture.anchor ?? start.center, distance: distance,
      maxShrink: gesture.parameters.maxShrink)

    // Everything is measured from the first sample, which may carry a translation.
    let samples = gesture.samples
    let first = samples[0]
    let taus = samples.map { $0.t - first.t }
    let dx = samples.map { $0.x - first.x }
    let dy = samples.map { $0.y - first.y }
    let progress = dy.map(law.progress(dy:))
    let last = samples.count - 1
    let release = samples[last]
    let onX = VelocityEstimate.walkBack(times: taus, axis: dx, from: last)
    let onY = VelocityEstimate.walkBack(times: taus, axis: dy, from: last)
    let ux = release.vx ?? onX.velocity
    let uy = release.vy ?? onY.velocity
    // Along the progress axis |dy|: an upward drag progresses like a downward one.
    func alongAxis(_ v: Double) -> Double { dy[last] > 0 ? v : dy[last] < 0 ? -v : abs(v) }
    let w = alongAxis(uy)
    let a = alongAxis(onY.acceleration)
    let p = progress[last]
    let (policyFinishes, comparison) = request.release.evaluate(
      progress: p, velocity: w, acceleration: a, distance: distance, animationDuration: d)
    let reason = ReleaseReason(
      policy: request.release, state: release.state, progress: p, velocity: w,
      velocitySource: release.vy == nil ? .positions : .samples, acceleration: a,
      comparison: comparison, policyFinishes: policyFinishes)
    let decision = TouchRelease.decision(release.state, policyFinishes: policyFinishes)

    var completion: DragDismissCompletion?
    var spring: FollowSpring?
    if decision != .pending {
      let finishing = decision == .finish
      let planPart = TouchRelease.completion(
        from: p, finishing: finishing, animationDuration: d, speed: request.completionSpeed,
        curve: request.completionCurve, policy: request.release, state: release.state,
        velocity: w, distance: distance)
      let s = FollowSpring(
        response: gesture.parameters.response, dampingRatio: gesture.parameters.dampingRatio,
        from: law.frame(dx: dx[last], dy: dy[last]), to: finishing ? target : start,
        velocity: law.velocity(ux: ux, uy: uy, w: w, dy: dy[last]))
      spring = s
      completion = DragDismissCompletion(
        plan: planPart, duration: max(planPart.duration, s.duration),
        spring: FollowSpringSummary(
          stiffness: s.parameters.stiffness, damping: s.parameters.damping, duration: s.duration,
          from: s.from, to: s.target,
          velocity: Rect(
            x: s.velocity.x, y: s.velocity.y, width: s.velocity.z, height: s.velocity.w)))
    }
    let releaseTime = taus[last]
    let end = releaseTime + (completion?.duration ?? 0)
    let timeline = try GestureTimeline(
      special: [releaseTime, end], end: end, frameRate: request.transition.frameRate,
      layerCount: choreography.layers.count, maximumKeyframes: limits.maximumKeyframes)

    // Each keyframe: the plan time everything but the element shows, and the element's frame
    // (nil at the end of a released stream, which shows the plan's own final state).
    var moments: [(planTime: Double, element: Rect?)] = []
    moments.reserveCapacity(timeline.times.count)
    var j = 0
    for (k, t) in timeline.times.enumerated() {
      if let completion, let spring {
        if k == timeline.times.count - 1 {
          moments.append((completion.plan.to * d, nil))
          continue
        }
        if t > releaseTime {
          let tau = t - releaseTime
          moments.append((completion.plan.animationTime(atElapsed: tau), spring.frame(at: tau)))
          continue
        }
      }
      while j + 1 < samples.count, taus[j + 1] <= t + GestureTimeline.tolerance { j += 1 }
      moments.append((progress[j] * d, law.frame(dx: dx[j], dy: dy[j])))
    }
    let layers = try DragDismissKeyframes.layers(
      choreography: choreography, timing: prepared.timing, followed: Set(followed),
      times: timeline.times, moments: moments)

    let core = GesturePlanCore(
      request.transition, prepared: prepared, decision: decision,
      progress: taus.indices.map {
        SampleProgress(t: taus[$0], progress: progress[$0], animationTime: progress[$0] * d)
      },
      releaseTime: decision == .pending ? nil : releaseTime, duration: end,
      actions: choreography.actions)
    return DragDismissPlan(
      core: core, reason: reason, completion: completion, parameters: gesture.parameters,
      follow: FollowSummary(
        element: element, layers: followed.map { choreography.layers[$0].id },
        anchor: law.anchor, frame: start, distance: distance, velocity: Point(x: ux, y: uy)),
      layers: layers, planActions: choreography.actions)
  }
}

extension DragDismissRequest {
  /// The pan over the same samples, release and completion, whose rules these share.
  var panEquivalent: PanRequest {
    PanRequest(
      transition: transition,
      gesture: PanGesture(
        direction: .downward, distance: gesture.distance, samples: gesture.samples),
      release: release, completionSpeed: completionSpeed, completionCurve: completionCurve)
  }
}

/// The keyframes of a drag to dismiss: every layer at its keyframe's plan time, the followed
/// layers at the element's frame with their content rescaled to keep its fit (5.2).
enum DragDismissKeyframes {
  static func layers(
    choreography: Choreography, timing: Timing, followed: Set<Int>, times: [Double],
    moments: [(planTime: Double, element: Rect?)]
  ) throws(PlanError) -> GestureLayers {
    var sampler = PlanSampler(choreography, timing: timing)
    let layers = choreography.layers
    var states = [[LayerState]](repeating: [], count: layers.count)
    var details = [[LayerDetail]](repeating: [], count: layers.count)
    for (k, moment) in moments.enumerated() {
      sampler.nextKeyframe()
      let progress = try sampler.progress(at: moment.planTime, keyframe: k)
      for l in layers.indices {
        var state = sampler.unclampedState(ofLayer: l, progress)
        state.alpha = min(max(state.alpha, 0), 1)
        var detail = layers[l].hasDetail ? sampler.detail(ofLayer: l, progress) : nil
        if let frame = moment.element, followed.contains(l) {
          let plan = state.frame
          let shown = Rect(
            x: frame.x, y: frame.y, width: max(frame.width, 0), height: max(frame.height, 0))
          if var d = detail, layers[l].contentFrame != nil {
            let sx = plan.width == 0 ? 1 : shown.width / plan.width
            let sy = plan.height == 0 ? 1 : shown.height / plan.height
            d.contentFrame = Rect(
              x: d.contentFrame.x * sx, y: d.contentFrame.y * sy,
              width: d.contentFrame.width * sx, height: d.contentFrame.height * sy)
            detail = d
          }
          state.frame = shown
        }
        states[l].append(state)
        if let detail { details[l].append(detail) }
      }
    }
    return GestureLayers(
      layers: layers, rounded: Array(repeating: false, count: layers.count), times: times,
      keyframes: states, details: details)
  }
}
