import TestSupport

@testable import TransitionEngine

/// The seed's interactive transition: zoom pop (easeInOut, 0.25 s) in a 390 x 844 container.
let zoomPop = PlanRequest(style: "zoom", operation: .pop, scene: zoomScene)

/// A pan along x: `began` first, `end` last (nil: no end, pending), `changed` between.
func pan(_ points: [(t: Double, x: Double)], end: GestureState? = .ended) -> [GestureSample] {
  points.enumerated().map { i, p in
    let state: GestureState =
      i == 0 ? .began : (i == points.count - 1 ? (end ?? .changed) : .changed)
    return GestureSample(t: p.t, x: p.x, y: 0, state: state)
  }
}

func interact(
  _ samples: [GestureSample], release: ReleasePolicy = .threshold(), distance: Double? = nil,
  direction: GestureDirection = .either, transition: PlanRequest = zoomPop, speed: Double = 1,
  curve: CompletionCurve = .easeInOut, maximumKeyframes: Int = Planner.defaultMaximumKeyframes
) throws -> PanPlan {
  try PanPlanner.plan(
    PanRequest(
      transition: transition,
      gesture: PanGesture(direction: direction, distance: distance, samples: samples),
      release: release, completionSpeed: speed, completionCurve: curve),
    limits: GestureLimits(maximumKeyframes: maximumKeyframes))
}

extension GestureFixture {
  /// The fixture's samples as engine values.
  func gestureSamples(velocity: Bool = false) -> [GestureSample] {
    samples(velocity: velocity).map {
      GestureSample(
        t: $0.t, x: $0.x, y: $0.y, vx: $0.vx, vy: $0.vy, state: GestureState(rawValue: $0.state)!)
    }
  }
}

/// The state a plan shows at animation time `t`: the non-interactive animation's own state.
func animationState(_ plan: PanPlan, at t: Double) -> [LayerState] {
  ChoreographyEvaluator(plan.choreography).states(progress: plan.timing.progress(at: t))
}

/// Every layer's keyframe at sample index `k`.
func keyframe(_ plan: PanPlan, _ k: Int) -> [LayerState] {
  plan.keyframes.map { $0[k] }
}
