/// Plans a `back` stream over a pop or dismiss plan (docs/GESTURES.md 4).
public enum BackPlanner: GestureKind {
  public static let name = "back"

  /// The id of the scrim layer `crossActivity` adds below the closing group.
  public static let scrimID = "backScrim"

  /// A push, present or reversal (``GestureRefusal``).
  public static func refusals(
    style: String?, operation: TransitionOperation?, reversal: Bool, reduceMotion: Bool
  ) -> [PlanError] {
    GestureRefusal.popOrDismiss(kind: name, operation: operation, reversal: reversal)
  }

  public static func validate(_ request: BackRequest, limits: GestureLimits = .init())
    -> [PlanError]
  {
    var issues = refusals(of: request.transition)
    let gesture = request.gesture
    if !(gesture.density > 0 && gesture.density <= 100) {
      issues.append(PlanError(field: ["gesture", "density"], message: "must be > 0 and <= 100"))
    }
    for parameter in BackParameter.read(by: gesture.pattern) {
      if case .number(let range) = parameter.kind,
        case .number(let v) = gesture.parameters.value(of: parameter, pattern: gesture.pattern),
        !range.contains(v)
      {
        issues.append(
          PlanError(
            field: ["gesture", "parameters", parameter.rawValue], message: "is out of range"))
      }
    }
    var checker = BackStreamChecker(
      count: gesture.samples.count, maximumSamples: limits.maximumSamples,
      maximumSpan: limits.maximumSpan)
    if let issue = checker.countIssue() { return issues + [issue] }
    for (i, s) in gesture.samples.enumerated() {
      func fail(_ name: String, _ message: String) {
        issues.append(PlanError(field: GestureStreamChecker.field(i, name), message: message))
      }
      if !s.t.isFinite { fail("t", "must be a finite number") }
      if let p = s.progress {
        if !(0...1).contains(p) { fail("progress", "must be >= 0 and <= 1") }
      } else if s.state == .began || s.state == .moved {
        fail("progress", "is required; a number >= 0 and <= 1")
      }
      for (name, v) in [("touchX", s.touchX), ("touchY", s.touchY)] {
        if let v, v.isInfinite { fail(name, "must be a finite number or null") }
      }
      if s.state == .began, s.swipeEdge == nil {
        fail("swipeEdge", "is required; one of left, right, none")
      }
      if let issue = checker.edgeIssue(index: i, state: s.state, edge: s.swipeEdge) {
        issues.append(issue)
      }
      issues += checker.check(index: i, t: s.t, state: s.state)
    }
    return issues
  }

  public static func plan(
    _ request: BackRequest, prepared: Planner.Prepared, limits: GestureLimits
  ) throws(PlanError) -> BackPlan {
    let gesture = request.gesture
    let pattern = gesture.pattern
    let choreography = prepared.choreography
    let d = choreography.duration(with: prepared.timing)
    let container = request.transition.scene.container
    let preview = BackPreview(
      container: container, pattern: pattern, parameters: gesture.parameters, planDuration: d)
    let stream = BackStream(gesture)
    let samples = stream.samples
    let last = samples[samples.count - 1]
    let lastGesture = stream.gestures[last.gesture]

    // Each released gesture completes from its release sample.
    let completions: [BackCompletion?] = stream.gestures.map { g in
      guard g.released else { return nil }
      let r = samples[g.last]
      return BackCompletion(
        preview,
        release: BackCompletion.Release(
          progress: r.progress, dy: r.dy, edge: g.edge, velocity: g.velocity),
        invoked: r.state == .invoked)
    }
    let decision: InteractionDecision =
      switch last.state {
      case .invoked: .finish
      case .cancelled: .cancel
      case .began, .moved: .pending
      }
    let finalCompletion = completions[last.gesture]
    let end = last.tau + (finalCompletion?.duration ?? 0)

    var roles = BackLayerRole.roles(of: choreography.layers, request: request.transition)
    var layers = choreography.layers
    var scrimIndex: Int? = nil
    if pattern == .crossActivity {
      let index = roles.firstIndex { $0.group == .closing } ?? 0
      layers.insert(
        Layer(
          id: scrimID, content: .color("#000000"), frame: request.transition.scene.bounds,
          alpha: gesture.parameters.scrimAlpha),
        at: index)
      roles.insert(
        BackLayerRole(group: .none, shared: false, isElement: false, isScreen: false), at: index)
      scrimIndex = index
    }
    var special = samples.filter { $0.state == .invoked || $0.state == .cancelled }.map(\.tau)
    special += [last.tau, end]
    let timeline = try GestureTimeline(
      special: special, end: end, frameRate: request.transition.frameRate,
      layerCount: layers.count, maximumKeyframes: limits.maximumKeyframes)

    // The frame each keyframe shows: the latest sample at or before it (of equal times the
    // later), its preview or its gesture's completion; the end of a released stream its
    // final state.
    var frames: [BackFrame] = []
    frames.reserveCapacity(timeline.times.count)
    var j = 0
    for (k, t) in timeline.times.enumerated() {
      if decision != .pending, k == timeline.times.count - 1 {
        frames.append(.final(planTime: decision == .finish ? d : 0))
        continue
      }
      while j + 1 < samples.count, samples[j + 1].tau <= t + GestureTimeline.tolerance {
        j += 1
      }
      let s = samples[j]
      if let completion = completions[s.gesture], s.state == .invoked || s.state == .cancelled {
        frames.append(completion.frame(at: t - s.tau))
      } else {
        frames.append(
          preview.frame(progress: s.progress, dy: s.dy, edge: stream.gestures[s.gesture].edge))
      }
    }
    let keyframed = try BackKeyframes(
      layers: layers, roles: roles, scrimIndex: scrimIndex, pattern: pattern, times: timeline.times,
      frames: frames, choreography: choreography, timing: prepared.timing)

    var planActions = choreography.actions
    if scrimIndex != nil {
      let removeScrim = Action(.layer(scrimID), .remove)
      planActions.finish.append(removeScrim)
      planActions.cancel.append(removeScrim)
    }
    let shared = pattern == .sharedElement
    let core = GesturePlanCore(
      request.transition, prepared: prepared, decision: decision,
      progress: samples.map {
        SampleProgress(
          t: $0.tau, progress: $0.progress, animationTime: shared ? $0.progress * d : 0)
      },
      releaseTime: decision == .pending ? nil : last.tau, duration: end, actions: planActions)
    return BackPlan(
      core: core, pattern: pattern,
      reason: BackReason(
        state: last.state, progress: last.progress,
        interpolatedProgress: gesture.parameters.gestureCurve.value(at: last.progress),
        velocity: lastGesture.velocity, acceleration: lastGesture.acceleration,
        swipeEdge: lastGesture.edge, gestures: stream.gestures.count),
      completion: decision == .pending ? nil : finalCompletion?.summary,
      parameters: gesture.parameters, layers: keyframed.layers, planActions: planActions)
  }
}
