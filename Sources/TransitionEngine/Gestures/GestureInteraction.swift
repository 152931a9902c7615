/// A `POST /v1/interactions` request of any gesture kind (docs/GESTURES.md): a pan that scrubs
/// the plan, an Android predictive-back stream, or a drag to dismiss.
public enum GestureRequest: Sendable, Hashable {
  case pan(InteractionRequest)
  case back(BackRequest)
  case dragDismiss(DragDismissRequest)

  /// The plan request under the gesture.
  public var transition: PlanRequest {
    switch self {
    case .pan(let r): r.transition
    case .back(let r): r.transition
    case .dragDismiss(let r): r.transition
    }
  }

  /// The pan request, for a pan.
  public var pan: InteractionRequest? {
    if case .pan(let r) = self { r } else { nil }
  }

  /// The kind's wire name.
  public var kind: String {
    switch self {
    case .pan: "pan"
    case .back: "back"
    case .dragDismiss: "dragDismiss"
    }
  }

  /// The wire names of the kinds, in the order their `must be one of` message lists them.
  public static let kinds = ["pan", "back", "dragDismiss"]
}

/// The plan of a gesture of any kind.
public enum GesturePlan: Sendable {
  case pan(InteractionPlan)
  case back(BackPlan)
  case dragDismiss(DragDismissPlan)

  /// What export formats draw.
  public var timeline: Timeline {
    switch self {
    case .pan(let p): p.timeline
    case .back(let p): p.timeline
    case .dragDismiss(let p): p.timeline
    }
  }

  public var decision: InteractionDecision {
    switch self {
    case .pan(let p): p.decision
    case .back(let p): p.decision
    case .dragDismiss(let p): p.decision
    }
  }

  /// Seconds from the first sample to the end of the timeline.
  public var duration: Double {
    switch self {
    case .pan(let p): p.duration
    case .back(let p): p.duration
    case .dragDismiss(let p): p.duration
    }
  }

  /// tau of the release; nil when pending.
  public var releaseTime: Double? {
    switch self {
    case .pan(let p): p.releaseTime
    case .back(let p): p.releaseTime
    case .dragDismiss(let p): p.releaseTime
    }
  }
}

/// Plans a gesture of any kind with its kind's planner.
public enum GesturePlanner {
  public static func plan(
    _ request: GestureRequest, maximumKeyframes: Int = Planner.defaultMaximumKeyframes,
    maximumSamples: Int = GestureStreamChecker.defaultMaximumSamples,
    maximumSpan: Double = GestureStreamChecker.defaultMaximumSpan
  ) throws(PlanError) -> GesturePlan {
    switch request {
    case .pan(let r):
      .pan(
        try InteractionPlanner.plan(
          r, maximumKeyframes: maximumKeyframes, maximumSamples: maximumSamples,
          maximumSpan: maximumSpan))
    case .back(let r):
      .back(
        try BackPlanner.plan(
          r, maximumKeyframes: maximumKeyframes, maximumSamples: maximumSamples,
          maximumSpan: maximumSpan))
    case .dragDismiss(let r):
      .dragDismiss(
        try DragDismissPlanner.plan(
          r, maximumKeyframes: maximumKeyframes, maximumSamples: maximumSamples,
          maximumSpan: maximumSpan))
    }
  }
}
