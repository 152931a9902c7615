import Testing

@testable import TransitionEngine

@Suite("hero under a finger: interactions scrub plan time, delays included")
struct HeroInteractionTests {
  @Test("each keyframe is the plan's state at its animation time, every delay applied")
  func scrubsWithDelays() throws {
    var options = HeroOptions(preset: .push, enter: .fade, exit: .scale)
    options.cascade = HeroCascade(delta: 0.05, delayMatched: true)
    let transition = PlanRequest(
      style: "hero", operation: .pop, scene: heroExample(options: options).scene)
    let samples = pan((0...30).map { (t: Double($0) / 60, x: Double($0) * 6) })
    let plan = try interact(samples, transition: transition)
    let evaluator = ChoreographyEvaluator(plan.choreography)
    #expect(evaluator.delays.count > 1)
    let animationDuration = plan.timing.duration + plan.choreography.latestDelay
    #expect(plan.animationTimes.allSatisfy { $0 >= 0 && $0 <= animationDuration + 1e-12 })
    #expect(plan.animationTimes.contains { $0 > plan.timing.duration })  // scrubs into the delays
    for (k, t) in plan.animationTimes.enumerated() {
      for layer in plan.choreography.layers.indices {
        let expected = evaluator.state(ofLayer: layer) {
          plan.timing.progress(at: t - evaluator.delays[$0])
        }
        let got = plan.keyframes[layer][k]
        #expect(abs(got.alpha - expected.alpha) < 1e-12)
        #expect(abs(got.frame.x - expected.frame.x) < 1e-9)
        #expect(abs(got.frame.width - expected.frame.width) < 1e-9)
      }
      for layer in plan.choreography.layers.indices where plan.choreography.layers[layer].hasDetail
      {
        let expected = evaluator.detail(ofLayer: layer) {
          plan.timing.progress(at: t - evaluator.delays[$0])
        }
        #expect(abs(plan.details[layer][k].cornerRadius - expected.cornerRadius) < 1e-9)
      }
    }
  }
}
