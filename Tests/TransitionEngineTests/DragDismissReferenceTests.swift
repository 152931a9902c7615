import Testing

@testable import TransitionEngine

/// The `dragDismiss` reference values of docs/GESTURES.md 8.
@Suite("dragDismiss: the reference values of docs/GESTURES.md 8")
struct DragDismissReferenceTests {
  @Test("the spring: k, c, and its settling by the envelope rule")
  func spring() {
    let rest = FollowSpring(
      response: 0.35, dampingRatio: 0.85, from: Rect(x: 100, y: 0, width: 0, height: 0),
      to: Rect(x: 0, y: 0, width: 0, height: 0), velocity: .zero)
    #expect(near(rest.parameters.stiffness, 322.272796770, 1e-9))
    #expect(near(rest.parameters.damping, 30.518328635, 1e-9))
    #expect(near(rest.duration, 0.494700908572))
    let moving = FollowSpring(
      response: 0.35, dampingRatio: 0.85, from: Rect(x: 100, y: 0, width: 0, height: 0),
      to: Rect(x: 0, y: 0, width: 0, height: 0), velocity: SIMD4(-1500, 0, 0, 0))
    #expect(near(moving.duration, 0.452720117232))
  }

  @Test("the zoom pop dragged down and released: the decision, the figures, the completion")
  func zoomPop() throws {
    let plan = try zoomDrag([
      (0, 0, 0), (0.05, 4, 60), (0.1, 8, 130), (0.15, 10, 210),
    ])
    #expect(plan.decision == .finish)
    #expect(near(plan.reason.progress, 0.497630331754))
    #expect(plan.reason.velocitySource == .positions)
    #expect(near(plan.follow.velocity.x, 66.666666667, 1e-9))
    #expect(near(plan.follow.velocity.y, 1400, 1e-9))
    #expect(near(plan.reason.velocity, 1400, 1e-9) && near(plan.reason.acceleration, 4000, 1e-7))
    let completion = try #require(plan.completion)
    let f = completion.spring.from
    #expect(near(f.x, 58.518957346, 1e-9) && near(f.y, 349.518957346, 1e-9))
    #expect(near(f.width, 292.962085308, 1e-9) && f.height == f.width)
    let v = completion.spring.velocity
    #expect(near(v.x, 390.126382306, 1e-8) && near(v.y, 1723.459715640, 1e-8))
    #expect(near(v.width, -646.919431280, 1e-8) && v.height == v.width)
    #expect(completion.spring.to == Rect(x: 16, y: 220, width: 170, height: 170))
    #expect(near(completion.spring.duration, 0.545500906927))
    #expect(near(completion.plan.duration, 0.125592417062))
    #expect(near(plan.duration, 0.695500906927))
    #expect(plan.follow.layers == ["snapshot"] && plan.follow.element == "snapshot")
    #expect(plan.follow.anchor == Point(x: 195, y: 286))
    #expect(plan.follow.frame == Rect(x: 0, y: 91, width: 390, height: 390))
    #expect(plan.follow.distance == 422)
  }
}
