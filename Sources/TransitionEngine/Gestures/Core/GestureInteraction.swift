/// A `POST /v1/interactions` request of any gesture kind (docs/GESTURES.md): a pan that scrubs
/// the plan, an Android predictive-back stream, or a drag to dismiss.
public enum GestureRequest: Sendable, Hashable {
  case pan(PanRequest)
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
  public var pan: PanRequest? {
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
  case pan(PanPlan)
  case back(BackPlan)
  case dragDismiss(DragDismissPlan)

  /// What every kind's plan has.
  public var core: any GesturePlanCore {
    switch self {
    case .pan(let p): p
    case .back(let p): p
    case .dragDismiss(let p): p
    }
  }

  /// What export formats draw.
  public var timeline: Timeline { core.timeline }
  public var decision: InteractionDecision { core.decision }
  /// Seconds from the first sample to the end of the timeline.
  public var duration: Double { core.duration }
  /// tau of the release; nil when pending.
  public var releaseTime: Double? { core.releaseTime }
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
        try PanPlanner.plan(
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
