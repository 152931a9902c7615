/// A request of one gesture kind.
public protocol GestureRequest: Sendable {
  associatedtype Kind: GestureKind where Kind.Request == Self
  /// The plan request under the gesture.
  var transition: PlanRequest { get }
}

extension GestureRequest {
  /// The kind's wire name.
  public var kind: String { Kind.name }

  /// Plans the request with its kind's planner.
  public func plan(limits: GestureLimits = .init()) throws(PlanError) -> Kind.Plan {
    try Kind.plan(self, limits: limits)
  }
}
