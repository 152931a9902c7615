@testable import TransitionEngine

/// Helpers for the `back` and `dragDismiss` tests (docs/GESTURES.md).

/// A back sample; `touchY` nil: absent.
func event(
  _ t: Double, _ state: BackEventState, _ progress: Double? = nil, touchY: Double? = nil,
  edge: SwipeEdge? = nil
) -> BackSample {
  BackSample(t: t, state: state, progress: progress, touchY: touchY, swipeEdge: edge)
}

/// docs/GESTURES.md 2's stream: began at touch y 400, two moves to p 0.5 at y 500, then
/// `end` at 0.12 s (nil: pending).
func sectionTwoStream(end: BackEventState? = .invoked) -> [BackSample] {
  var samples = [
    BackSample(t: 0, state: .began, progress: 0, touchX: 2, touchY: 400, swipeEdge: .left),
    BackSample(t: 0.05, state: .moved, progress: 0.25, touchX: 80, touchY: 450),
    BackSample(t: 0.1, state: .moved, progress: 0.5, touchX: 150, touchY: 500),
  ]
  if let end { samples.append(BackSample(t: 0.12, state: end)) }
  return samples
}

func back(
  _ samples: [BackSample], pattern: BackPattern = .crossActivity,
  parameters: BackParameters = BackParameters(), transition: PlanRequest = zoomPop,
  density: Double = 1, maximumKeyframes: Int = Planner.defaultMaximumKeyframes
) throws -> BackPlan {
  try BackPlanner.plan(
    BackRequest(
      transition: transition,
      gesture: BackGesture(
        pattern: pattern, density: density, parameters: parameters, samples: samples)),
    limits: GestureLimits(maximumKeyframes: maximumKeyframes))
}

/// The zoom pop of docs/GESTURES.md 8 dragged down and released after `end`.
func zoomDrag(
  _ points: [(t: Double, x: Double, y: Double)], end: GestureState = .ended,
  release: ReleasePolicy = .threshold(), element: String? = nil, anchor: Point? = nil,
  parameters: DragDismissParameters = DragDismissParameters(), transition: PlanRequest = zoomPop
) throws -> DragDismissPlan {
  let samples = points.enumerated().map { i, p in
    GestureSample(
      t: p.t, x: p.x, y: p.y,
      state: i == 0 ? .began : (i == points.count - 1 ? end : .changed))
  }
  return try DragDismissPlanner.plan(
    DragDismissRequest(
      transition: transition,
      gesture: DragDismissGesture(
        element: element, anchor: anchor, parameters: parameters, samples: samples),
      release: release))
}

extension GestureLayers {
  /// The keyframe of layer `id` at the time nearest `t`.
  func state(_ id: String, at t: Double) -> LayerState {
    keyframes[index(id)][times.indices.min { abs(times[$0] - t) < abs(times[$1] - t) }!]
  }

  func detail(_ id: String, at t: Double) -> LayerDetail {
    details[index(id)][times.indices.min { abs(times[$0] - t) < abs(times[$1] - t) }!]
  }

  func index(_ id: String) -> Int { layers.firstIndex { $0.id == id }! }
}

/// `a` within `tolerance` of `b`.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-11) -> Bool {
  abs(a - b) <= tolerance
}

/// The pose (x, y, s) a transform gives a layer with this frame and anchor: the inverse of
/// ``WindowPose/transform(_:frame:anchor:)`` for a layer whose own transform is the identity.
func pose(_ state: LayerState, anchor: Point = Point(x: 0.5, y: 0.5)) -> WindowPose {
  let s = state.transform.m11
  let p = state.frame.position(anchor: anchor)
  return WindowPose(
    x: state.transform.m41 + (1 - s) * p.x, y: state.transform.m42 + (1 - s) * p.y, s: s)
}
