/// What every gesture kind's plan has (docs/GESTURES.md 6): its decision, the release, the
/// length of its timeline and the timeline the export formats draw.
public protocol GesturePlanCore: Sendable {
  var decision: InteractionDecision { get }
  /// tau of the release; nil when pending.
  var releaseTime: Double? { get }
  /// Seconds from the first sample to the end of the timeline.
  var duration: Double { get }
  /// What export formats draw.
  var timeline: Timeline { get }
}

extension PanPlan: GesturePlanCore {}
extension BackPlan: GesturePlanCore {}
extension DragDismissPlan: GesturePlanCore {}

/// What a gesture kind's planner does before its own work: refuse a request that breaks a
/// rule, with every rule it breaks, then prepare the plan under the gesture, its problems
/// under `/transition`.
enum GesturePreparation {
  static func prepare(_ transition: PlanRequest, refusing issues: [PlanError])
    throws(PlanError) -> Planner.Prepared
  {
    if let error = PlanError(issues) { throw error }
    do {
      return try Planner.prepare(transition)
    } catch {
      throw error.nested(under: ["transition"])
    }
  }
}
