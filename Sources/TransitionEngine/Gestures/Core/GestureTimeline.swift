/// The keyframe times of a `back` or `dragDismiss` answer (docs/GESTURES.md 4.2, 5.6): the
/// special times (releases, the last sample, the end), each once, and the grid points
/// `i / frameRate` below `end - 1e-9`, except a grid point within 1e-9 s of a special time,
/// which gives way to it.
struct GestureTimeline: Sendable {
  static let tolerance = FrameGrid.endTolerance

  let times: [Double]

  /// `special` in any order (equal values merge; values that differ, however little, stay
  /// two keyframes). Throws the keyframe limit's error, checked before anything is sampled,
  /// for `layerCount` layers at every time.
  init(special: [Double], end: Double, frameRate: Int, layerCount: Int, maximumKeyframes: Int)
    throws(PlanError)
  {
    let special = Array(Set(special)).sorted()
    let rate = Double(frameRate)
    func overLimit(frames: Int) -> PlanError {
      PlanError(
        field: ["transition", "frameRate"],
        message:
          "\(layerCount) layers x \(frames) frames = \(layerCount * frames) keyframes, over the limit of \(maximumKeyframes): lower frameRate or shorten the gesture"
      )
    }
    // A cheap bound first, so that a completion that never settles (a barely damped spring)
    // cannot make the count loop long: every grid point below the end but the ones nearest
    // the special times is kept.
    guard end.isFinite else { throw overLimit(frames: Int(1e15)) }
    let gridBound = (end * rate).rounded(.down)
    if (gridBound - 1) * Double(layerCount) > Double(maximumKeyframes) {
      throw overLimit(frames: gridBound < 1e15 ? Int(gridBound) : Int(1e15))
    }
    var times: [Double] = []
    var next = 0
    var i = 0
    while true {
      let g = Double(i) / rate
      i += 1
      if g >= end - Self.tolerance { break }
      while next < special.count, special[next] < g - Self.tolerance {
        times.append(special[next])
        next += 1
      }
      if next < special.count, abs(special[next] - g) <= Self.tolerance { continue }
      times.append(g)
    }
    times += special[next...]
    guard times.count * layerCount <= maximumKeyframes else {
      throw overLimit(frames: times.count)
    }
    self.times = times
  }
}

/// Evaluates a plan's layers at any plan time, for answers whose layers show different plan
/// times in one keyframe (docs/GESTURES.md 4.3, 5.2).
struct PlanSampler {
  let evaluator: ChoreographyEvaluator
  let timing: Timing
  /// The clocks' progress at the plan times of the current keyframe.
  private var cached: [(time: Double, progress: [Double])] = []

  init(_ choreography: Choreography, timing: Timing) {
    evaluator = ChoreographyEvaluator(choreography, timing: timing)
    self.timing = timing
  }

  /// Forgets the plan times of the previous keyframe.
  mutating func nextKeyframe() { cached.removeAll(keepingCapacity: true) }

  /// The clocks' progress at plan time `t`; throws where a curve has no finite value.
  mutating func progress(at t: Double, keyframe k: Int) throws(PlanError) -> [Double] {
    if let known = cached.first(where: { $0.time == t }) { return known.progress }
    let progress = evaluator.progress(at: t, timing: timing)
    guard progress.allSatisfy(\.isFinite) else {
      throw PlanError(
        field: ["transition", "timing", "curve"],
        message: "the curve has no finite value at t = \(t) s (keyframe \(k))")
    }
    cached.append((t, progress))
    return progress
  }

  /// Layer `l`'s state with its alpha unclamped (a multiplier applies before the clamp).
  func unclampedState(ofLayer l: Int, _ progress: [Double]) -> LayerState {
    var state = evaluator.unclampedState(ofLayer: l) { progress[$0] }
    state.frame.width = max(state.frame.width, 0)
    state.frame.height = max(state.frame.height, 0)
    return state
  }

  func detail(ofLayer l: Int, _ progress: [Double]) -> LayerDetail {
    evaluator.detail(ofLayer: l) { progress[$0] }
  }
}
