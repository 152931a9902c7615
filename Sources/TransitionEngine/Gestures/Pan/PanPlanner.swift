/// Plans a gesture-driven transition (docs/TIMING.md section 9, docs/API.md "POST /v1/interactions").
public enum PanPlanner: GestureKind {
  public static let name = "pan"

  /// Grid points this close to the release or the end are replaced by those exact keyframes,
  /// and a sample this close after a grid point still counts as at or before it.
  public static let tolerance = FrameGrid.endTolerance

  /// A pan refuses nothing of the plan under it: it scrubs any plan.
  public static func validate(_ request: PanRequest, limits: GestureLimits = .init())
    -> [PlanError]
  {
    let gesture = request.gesture
    var issues: [PlanError] = []
    var checker = GestureStreamChecker(
      count: gesture.samples.count, maximumSamples: limits.maximumSamples,
      maximumSpan: limits.maximumSpan)
    if let issue = checker.countIssue() {
      issues.append(issue)
    } else {
      for (i, s) in gesture.samples.enumerated() {
        let values: [(String, Double?)] = [
          ("t", s.t), ("x", s.x), ("y", s.y), ("vx", s.vx), ("vy", s.vy),
        ]
        for case (let name, let value?) in values where !value.isFinite {
          issues.append(
            PlanError(
              field: ["gesture", "samples", String(i), name], message: "must be a finite number"))
        }
        issues += checker.check(index: i, t: s.t, state: s.state)
      }
    }
    if let d = gesture.distance, !(d > 0 && d.isFinite) {
      issues.append(
        PlanError(field: ["gesture", "distance"], message: "must be a finite number > 0"))
    }
    switch request.release {
    case .threshold(let threshold) where !(0...1).contains(threshold):
      issues.append(PlanError(field: ["release", "threshold"], message: "must be >= 0 and <= 1"))
    case .projected(let rate) where !(rate > 0 && rate < 1):
      issues.append(
        PlanError(field: ["release", "decelerationRate"], message: "must be > 0 and < 1"))
    default: break
    }
    if !request.completionSpeed.isFinite {
      issues.append(PlanError(field: ["completion", "speed"], message: "must be a finite number"))
    }
    return issues
  }

  public static func plan(
    _ request: PanRequest, prepared: Planner.Prepared, limits: GestureLimits
  ) throws(PlanError) -> PanPlan {
    let maximumKeyframes = limits.maximumKeyframes
    let timing = prepared.timing
    let choreography = prepared.choreography
    // Progress scrubs plan time, delays included (docs/TIMING.md section 8).
    let animationDuration = choreography.duration(with: timing)
    let gesture = request.gesture
    let samples = gesture.samples
    let distance = gesture.resolvedDistance(container: request.transition.scene.container)
    let t0 = samples[0].t
    let taus = samples.map { $0.t - t0 }
    let axis = samples.map { gesture.direction.axis(x: $0.x, y: $0.y) }
    let progress = axis.map { min(max($0 / distance, 0), 1) }
    let last = samples.count - 1
    let lastSample = samples[last]

    // Release figures at the last sample.
    let estimate = VelocityEstimate.walkBack(times: taus, axis: axis, from: last)
    let given = gesture.direction.axisVelocity(
      x: lastSample.x, vx: lastSample.vx, vy: lastSample.vy)
    let velocity = given ?? estimate.velocity
    let p = progress[last]
    let (policyFinishes, comparison) = request.release.evaluate(
      progress: p, velocity: velocity, acceleration: estimate.acceleration, distance: distance,
      animationDuration: animationDuration)
    let reason = ReleaseReason(
      policy: request.release, state: lastSample.state, progress: p, velocity: velocity,
      velocitySource: given == nil ? .positions : .samples, acceleration: estimate.acceleration,
      comparison: comparison, policyFinishes: policyFinishes)

    let decision = TouchRelease.decision(lastSample.state, policyFinishes: policyFinishes)
    var completion: PercentDrivenCompletion?
    if decision != .pending {
      completion = TouchRelease.completion(
        from: p, finishing: decision == .finish, animationDuration: animationDuration,
        speed: request.completionSpeed, curve: request.completionCurve, policy: request.release,
        state: lastSample.state, velocity: velocity, distance: distance)
    }

    let releaseTime = completion == nil ? nil : taus[last]
    let end = taus[last] + (completion?.duration ?? 0)
    let rate = Double(request.transition.frameRate)

    // Keyframe limit, checked before sampling.
    func isGridPointKept(_ g: Double) -> Bool {
      guard g < end - tolerance else { return false }
      if let releaseTime, abs(g - releaseTime) <= tolerance { return false }
      return true
    }
    let layerCount = choreography.layers.count
    func overLimit(frames: Int) -> PlanError {
      PlanError(
        field: ["transition", "frameRate"],
        message:
          "\(layerCount) layers x \(frames) frames = \(layerCount * frames) keyframes, over the limit of \(maximumKeyframes): lower frameRate or shorten the gesture"
      )
    }
    // A cheap bound first, so that a very slow completion cannot make the count loop long:
    // every grid point below the end but the one nearest the release is kept.
    let gridBound = (end * rate).rounded(.down)
    if (gridBound - 1) * Double(layerCount) > Double(maximumKeyframes) {
      throw overLimit(frames: gridBound < 1e15 ? Int(gridBound) : Int(1e15))
    }
    var gridCount = 0
    var i = 0
    while true {
      let g = Double(i) / rate
      if g >= end - tolerance { break }
      if isGridPointKept(g) { gridCount += 1 }
      i += 1
    }
    let exactCount = (releaseTime != nil && releaseTime! != end) ? 2 : 1
    let frameCount = gridCount + exactCount
    guard frameCount * layerCount <= maximumKeyframes else { throw overLimit(frames: frameCount) }

    // The timeline: (tau, animation time) per keyframe.
    var times: [Double] = []
    var animationTimes: [Double] = []
    times.reserveCapacity(frameCount)
    animationTimes.reserveCapacity(frameCount)
    var sampleIndex = 0
    func gestureTime(at tau: Double) -> Double {
      while sampleIndex + 1 < taus.count, taus[sampleIndex + 1] <= tau + tolerance {
        sampleIndex += 1
      }
      return progress[sampleIndex] * animationDuration
    }
    var releaseAdded = releaseTime == nil
    i = 0
    while true {
      let g = Double(i) / rate
      i += 1
      if g >= end - tolerance { break }
      if let releaseTime, !releaseAdded, g > releaseTime {
        times.append(releaseTime)
        animationTimes.append(p * animationDuration)
        releaseAdded = true
      }
      guard isGridPointKept(g) else { continue }
      times.append(g)
      if let releaseTime, let completion, g > releaseTime {
        animationTimes.append(completion.animationTime(atElapsed: g - releaseTime))
      } else {
        animationTimes.append(gestureTime(at: g))
      }
    }
    if let releaseTime, !releaseAdded, releaseTime != end {
      times.append(releaseTime)
      animationTimes.append(p * animationDuration)
    }
    times.append(end)
    if let completion {
      animationTimes.append(completion.animationTime(atElapsed: completion.duration))
    } else {
      animationTimes.append(p * animationDuration)
    }

    let evaluator = ChoreographyEvaluator(choreography, timing: timing)
    var keyframes = [[LayerState]](repeating: [], count: layerCount)
    var details = [[LayerDetail]](repeating: [], count: layerCount)
    let detailed = choreography.layers.map(\.hasDetail)
    for l in 0..<layerCount { keyframes[l].reserveCapacity(times.count) }
    for (k, animationTime) in animationTimes.enumerated() {
      let shown = evaluator.progress(at: animationTime, timing: timing)
      guard shown.allSatisfy(\.isFinite) else {
        throw PlanError(
          field: ["transition", "timing", "curve"],
          message: "the curve has no finite value at t = \(animationTime) s (keyframe \(k))")
      }
      for l in 0..<layerCount {
        keyframes[l].append(evaluator.state(ofLayer: l) { shown[$0] })
        if detailed[l] {
          details[l].append(evaluator.detail(ofLayer: l) { shown[$0] })
        }
      }
    }

    let core = GesturePlanCore(
      request.transition, prepared: prepared, decision: decision,
      progress: zip(taus, progress).map {
        SampleProgress(t: $0.0, progress: $0.1, animationTime: $0.1 * animationDuration)
      },
      releaseTime: releaseTime, duration: end, actions: choreography.actions)
    return PanPlan(
      core: core, reason: reason, completion: completion, choreography: choreography,
      times: times, animationTimes: animationTimes, keyframes: keyframes, details: details)
  }
}
