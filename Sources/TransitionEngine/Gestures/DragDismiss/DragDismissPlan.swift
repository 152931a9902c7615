/// A planned drag to dismiss (docs/GESTURES.md 5, 6).
public struct DragDismissPlan: KeyframedGesturePlan {
  public var core: GesturePlanCore
  /// As a pan's: the policy's figures along the drag's progress axis.
  public var reason: ReleaseReason
  /// nil when pending.
  public var completion: DragDismissCompletion?
  public var parameters: DragDismissParameters
  public var follow: FollowSummary
  public var layers: GestureLayers
  public var planActions: Actions
}

/// The answer's `follow`: the element, its layers, the grab point, its start frame, the
/// progress denominator and the finger's release velocity (pt/s).
public struct FollowSummary: Sendable, Hashable {
  public var element: String
  public var layers: [String]
  public var anchor: Point
  public var frame: Rect
  public var distance: Double
  public var velocity: Point
}

/// The answer's `completion`: the plan part, percent-driven as a pan's, and the element's
/// spring.
public struct DragDismissCompletion: Sendable, Hashable {
  /// The plan part (`from`, `to`, its `duration` is `planDuration`, its curve).
  public var plan: PercentDrivenCompletion
  /// The whole completion: the longer of the plan part and the spring.
  public var duration: Double
  public var spring: FollowSpringSummary
}

/// `{mass: 1, stiffness, damping, duration, from, to, velocity}` of the element's spring.
public struct FollowSpringSummary: Sendable, Hashable {
  public var stiffness: Double
  public var damping: Double
  public var duration: Double
  public var from: Rect
  public var to: Rect
  /// Per component (x, y, width, height), pt/s.
  public var velocity: Rect
}
