/// One gesture kind of `POST /v1/interactions` (docs/GESTURES.md): its wire name, what it
/// refuses of the plan under it, its rules and its planner. A kind's planner conforms; its
/// folder `Gestures/<Kind>/` holds its request, planner and plan, PlannerService's
/// `Wire/Gestures/<Kind>/` its decoder and encoder, and PlannerService's `GestureRegistry`
/// lists it.
public protocol GestureKind {
  associatedtype Request: GestureRequest where Request.Kind == Self
  associatedtype Plan: GesturePlan

  /// `gesture.kind` on the wire.
  static var name: String { get }

  /// What the kind refuses of the plan under it (docs/GESTURES.md 7, step 3), in the order a
  /// 422 lists them. Each rule is checked only where the value it needs was readable (nil).
  static func refusals(
    style: String?, operation: TransitionOperation?, reversal: Bool, reduceMotion: Bool
  ) -> [PlanError]

  /// Every rule the request breaks, its refusals first, with its field as path segments. The
  /// wire layer reports these by pointer itself, with its own wording of types; this is for
  /// callers that build requests in code.
  static func validate(_ request: Request, limits: GestureLimits) -> [PlanError]

  /// The kind's own work on a request that breaks no rule, over its prepared transition.
  static func plan(_ request: Request, prepared: Planner.Prepared, limits: GestureLimits)
    throws(PlanError) -> Plan
}

extension GestureKind {
  /// A kind refuses nothing of the plan under it unless it says so.
  public static func refusals(
    style: String?, operation: TransitionOperation?, reversal: Bool, reduceMotion: Bool
  ) -> [PlanError] { [] }

  /// The kind's refusals of a transition built in code.
  public static func refusals(of t: PlanRequest) -> [PlanError] {
    refusals(
      style: t.style, operation: t.operation, reversal: t.reversal != nil,
      reduceMotion: t.reduceMotion)
  }

  /// What every kind's planner does before its own work: refuse a request that breaks a
  /// rule, with every rule it breaks, then prepare the plan under the gesture, its problems
  /// under `/transition`.
  public static func plan(_ request: Request, limits: GestureLimits = .init())
    throws(PlanError) -> Plan
  {
    if let error = PlanError(validate(request, limits: limits)) { throw error }
    let prepared: Planner.Prepared
    do {
      prepared = try Planner.prepare(request.transition)
    } catch {
      throw error.nested(under: ["transition"])
    }
    return try plan(request, prepared: prepared, limits: limits)
  }
}
