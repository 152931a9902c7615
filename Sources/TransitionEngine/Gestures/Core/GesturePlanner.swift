/// Plans a gesture of any kind with its kind's planner.
public enum GesturePlanner {
  public static func plan(_ request: any GestureRequest, limits: GestureLimits = .init())
    throws(PlanError) -> any GesturePlan
  {
    try request.plan(limits: limits)
  }
}
