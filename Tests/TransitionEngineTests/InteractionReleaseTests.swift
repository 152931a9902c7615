import TestSupport
import Testing

@testable import TransitionEngine

@Suite("Interactive transitions: velocity and release decisions (docs/TIMING.md section 9)")
struct InteractionReleaseTests {
  @Test("threshold 0.35: a release at 0.36 finishes, at 0.34 and at exactly 0.35 cancels")
  func threshold() throws {
    let finish = try interact(pan([(0, 0), (0.1, 36)]), distance: 100)
    #expect(finish.decision == .finish)
    #expect(finish.reason.progress == 0.36)
    #expect(finish.reason.comparison == .threshold(threshold: 0.35))
    #expect(try interact(pan([(0, 0), (0.1, 34)]), distance: 100).decision == .cancel)
    #expect(try interact(pan([(0, 0), (0.1, 35)]), distance: 100).decision == .cancel)
    // Another threshold, and the seed's default distance: the container width.
    #expect(
      try interact(pan([(0, 0), (0.1, 100)]), release: .threshold(threshold: 0.25)).decision
        == .finish)
    #expect(try interact(pan([(0, 0), (0.1, 100)])).decision == .cancel)
  }

  @Test("percent-driven completion: from 0.3 of a 0.35 s animation, finish 0.245 s, cancel 0.105 s")
  func percentDrivenDurations() throws {
    #expect(
      abs(
        PercentDrivenCompletion.baseDuration(
          progress: 0.3, animationDuration: 0.35, speed: 1, finishing: true) - 0.245) < 1e-12)
    #expect(
      abs(
        PercentDrivenCompletion.baseDuration(
          progress: 0.3, animationDuration: 0.35, speed: 1, finishing: false) - 0.105) < 1e-12)

    var transition = zoomPop
    transition.timing = TimingSpec(duration: 0.35)
    let samples = pan([(0, 0), (0.2, 30)])
    let finish = try interact(
      samples, release: .threshold(threshold: 0.25), distance: 100, transition: transition)
    #expect(finish.decision == .finish)
    let f = try #require(finish.completion)
    #expect(f.from == 0.3 && f.to == 1 && f.curve == .easeInOut)
    #expect(abs(f.duration - 0.245) < 1e-12)
    #expect(abs(finish.duration - (0.2 + 0.245)) < 1e-12)
    let cancel = try interact(samples, distance: 100, transition: transition)
    #expect(cancel.decision == .cancel)
    #expect(abs(cancel.completion!.duration - 0.105) < 1e-12)
    #expect(cancel.completion!.to == 0)

    // completionSpeed divides; values <= 0 mean 1.
    let fast = try interact(samples, distance: 100, transition: transition, speed: 2)
    #expect(abs(fast.completion!.duration - 0.0525) < 1e-12)
    for speed in [0.0, -3.0] {
      #expect(
        try interact(samples, distance: 100, transition: transition, speed: speed).completion!
          .duration == cancel.completion!.duration)
    }
  }

  @Test("projected distance at 1000 pt/s: 499 pt at rate 0.998, 99 pt at 0.99")
  func projectedDistance() {
    #expect(
      abs(ReleasePolicy.projectedDistance(velocity: 1000, decelerationRate: 0.998) - 499) < 1e-9)
    #expect(
      abs(ReleasePolicy.projectedDistance(velocity: 1000, decelerationRate: 0.99) - 99) < 1e-9)
    #expect(
      abs(ReleasePolicy.projectedDistance(velocity: -1000, decelerationRate: 0.998) + 499) < 1e-9)
    // At 1000 pt/s with 390 pt to go, 0.1 + 499 / 390 crosses 0.5; at the fast rate, 0.1 + 99 / 390 does not.
    let (finishes, comparison) = ReleasePolicy.projected().evaluate(
      progress: 0.1, velocity: 1000, acceleration: 0, distance: 390, animationDuration: 0.25)
    #expect(finishes)
    guard case .projected(let rate, let projection, let projected) = comparison else {
      Issue.record("not a projected comparison")
      return
    }
    #expect(rate == 0.998)
    #expect(abs(projection - 499) < 1e-9)
    #expect(abs(projected - (0.1 + 499.0 / 390)) < 1e-12)
    #expect(
      !ReleasePolicy.projected(decelerationRate: 0.99).evaluate(
        progress: 0.1, velocity: 1000, acceleration: 0, distance: 390, animationDuration: 0.25
      ).finishes)
  }

  @Test("a fast flick finishes under projected and system but cancels under threshold")
  func flick() throws {
    let samples = GestureFixture.fastFlick.gestureSamples()
    let threshold = try interact(samples, release: .threshold())
    let projected = try interact(samples, release: .projected())
    let system = try interact(samples, release: .system)
    #expect(threshold.reason.progress < 0.35)
    #expect(threshold.decision == .cancel)
    #expect(projected.decision == .finish)
    guard case .projected(_, let projection, let projectedProgress) = projected.reason.comparison
    else {
      Issue.record("not a projected comparison")
      return
    }
    #expect(projectedProgress >= 0.5)
    #expect(abs(projection - projected.reason.velocity * 0.998 / 2) < 1e-6)
    #expect(system.decision == .finish)
    // Same stream, same figures.
    #expect(threshold.reason.velocity == projected.reason.velocity)
    #expect(projected.reason.velocitySource == .positions)
  }

  @Test("the slow drag finishes under threshold (0.41 > 0.35) but cancels when velocity counts")
  func slowDrag() throws {
    let samples = GestureFixture.slowDrag.gestureSamples()
    #expect(try interact(samples, release: .threshold()).decision == .finish)
    #expect(try interact(samples, release: .projected()).decision == .cancel)
    #expect(try interact(samples, release: .system).decision == .cancel)
    let back = GestureFixture.dragBack.gestureSamples()
    for policy in [ReleasePolicy.threshold(), .projected(), .system] {
      let plan = try interact(back, release: policy)
      #expect(plan.decision == .cancel)
      #expect(plan.reason.velocity < -500)
    }
  }

  @Test("walk-back velocity: samples >= 10 ms apart, up to four, matches the hand computation")
  func walkBack() {
    // Kept from the release back: 0.050, 0.036 (14 ms), 0.015 (21 ms; 0.030 is only 6 ms
    // older), 0 (15 ms; 0.010 is 5 ms older).
    let times = [0, 0.010, 0.015, 0.030, 0.036, 0.050]
    let axis: [Double] = [0, 5, 8, 20, 23, 40]
    let e = VelocityEstimate.walkBack(times: times, axis: axis, from: 5)
    #expect(e.samples == [0, 2, 4, 5])
    let v0 = 8.0 / 0.015  // 533.33
    let v1 = 15.0 / 0.021  // 714.29
    let v2 = 17.0 / 0.014  // 1214.29
    #expect(abs(e.velocity - (v0 + v1 + v2) / 3) < 1e-9)
    #expect(abs(e.velocity - 820.6349206349) < 1e-6)
    let a0 = (v1 - v0) / (0.036 / 2)  // 10052.9
    let a1 = (v2 - v1) / (0.035 / 2)  // 28571.4
    #expect(abs(e.acceleration - (a0 + a1) / 2) < 1e-6)
    #expect(abs(e.acceleration - 19312.1693) < 1e-3)

    // Two kept: no acceleration. One kept: nothing.
    let two = VelocityEstimate.walkBack(times: [0, 0.015, 0.02], axis: [0, 3, 10], from: 2)
    #expect(two.samples == [0, 2])
    #expect(two.velocity == 10 / 0.02 && two.acceleration == 0)
    let one = VelocityEstimate.walkBack(times: [0, 0.005], axis: [0, 30], from: 1)
    #expect(one.samples == [1])
    #expect(one.velocity == 0 && one.acceleration == 0)
    // Decimal timestamps 10 ms apart count as 10 ms apart (0.03 - 0.02 < 0.01 in binary).
    let decimal = VelocityEstimate.walkBack(times: [0.01, 0.02, 0.03], axis: [0, 10, 20], from: 2)
    #expect(decimal.samples == [0, 1, 2])

    // Through the planner, on tau = t - t0 and the axis of the direction.
    let plan = try? interact(
      zip(times, axis).map { GestureSample(t: 100 + $0.0, x: -$0.1, y: 0) }.enumerated().map {
        var s = $0.1
        s.state = $0.0 == 0 ? .began : ($0.0 == 5 ? .ended : .changed)
        return s
      }, release: .system, direction: .leftward)
    #expect(abs((plan?.reason.velocity ?? 0) - e.velocity) < 1e-6)
    #expect(abs((plan?.reason.acceleration ?? 0) - e.acceleration) < 1e-3)
  }

  @Test("vx / vy of the release sample are used when given; acceleration still from positions")
  func givenVelocity() throws {
    var samples = pan([(0, 0), (0.02, 10), (0.04, 20), (0.06, 30)])
    samples[3].vx = 900
    samples[3].vy = -50
    let plan = try interact(samples, release: .system)
    #expect(plan.reason.velocity == 900)
    #expect(plan.reason.velocitySource == .samples)
    #expect(abs(plan.reason.acceleration) < 1e-9)
    // either: sign(x) * vx.
    var mirrored = samples.map { s in
      GestureSample(t: s.t, x: -s.x, y: s.y, vx: s.vx, vy: s.vy, state: s.state)
    }
    #expect(try interact(mirrored, release: .system).reason.velocity == -900)
    #expect(try interact(mirrored, release: .system, direction: .leftward).reason.velocity == -900)
    #expect(try interact(samples, release: .system, direction: .upward).reason.velocity == 50)
    #expect(try interact(samples, release: .system, direction: .downward).reason.velocity == -50)
    // Without the component the direction needs, positions decide.
    mirrored[3].vy = nil
    let estimated = try interact(mirrored, release: .system, direction: .upward)
    #expect(estimated.reason.velocitySource == .positions)
    #expect(estimated.reason.velocity == 0)
    // The fixtures with the recogniser's own velocity: 2400 pt/s at the flick's release.
    let flick = try interact(
      GestureFixture.fastFlick.gestureSamples(velocity: true), release: .projected())
    #expect(flick.reason.velocity == 2400)
    #expect(flick.reason.velocitySource == .samples)
  }

  @Test(
    "system: finish iff p + (u/d) D + a D^2 / 2d > min(187.5/d, 0.5), with its faster completion")
  func system() throws {
    // Constant 500 pt/s over 20 ms steps: u = 500, a = 0. d = 390, D = 0.25.
    let slow = try interact(pan([(0, 0), (0.02, 10), (0.04, 20), (0.06, 30)]), release: .system)
    #expect(abs(slow.reason.velocity - 500) < 1e-9 && abs(slow.reason.acceleration) < 1e-6)
    let slowScore = 30.0 / 390 + (500.0 / 390) * 0.25
    guard case .system(let score0, let limit) = slow.reason.comparison else {
      Issue.record("not a system comparison")
      return
    }
    #expect(abs(score0 - slowScore) < 1e-12 && limit == 187.5 / 390)
    #expect(slowScore < limit && slow.decision == .cancel)
    // Cancelling at 500 pt/s: p * d / |u| = 0.06 s is slower than the base p * D = 0.019 s.
    #expect(abs(slow.completion!.duration - 30.0 / 390 * 0.25) < 1e-12)

    // 2000 pt/s: finish, and (1 - p) d / u = 0.135 s beats the base (1 - p) D = 0.173 s.
    let fast = try interact(pan([(0, 0), (0.02, 40), (0.04, 80), (0.06, 120)]), release: .system)
    let p = 120.0 / 390
    #expect(fast.decision == .finish)
    #expect(abs(fast.completion!.duration - (1 - p) * 390 / 2000) < 1e-9)
    #expect(fast.completion!.duration < (1 - p) * 0.25)
    // The same stream under threshold cancels and completes at the base duration.
    #expect(try interact(pan([(0, 0), (0.02, 40), (0.04, 80), (0.06, 120)])).decision == .cancel)

    // Flung back at 2000 pt/s: cancel in p d / |u| = 0.015 s instead of p D = 0.019 s.
    let back = try interact(pan([(0, 150), (0.02, 110), (0.04, 70), (0.06, 30)]), release: .system)
    #expect(back.decision == .cancel)
    #expect(abs(back.completion!.duration - (30.0 / 390) * 390 / 2000) < 1e-9)

    // Acceleration counts: x = 0, 1, 4, 9 (x 10) at 20 ms: v = 500, 1500, 2500, a = 50000.
    let accelerating = try interact(
      pan([(0, 0), (0.02, 10), (0.04, 40), (0.06, 90)]), release: .system)
    #expect(abs(accelerating.reason.velocity - 1500) < 1e-9)
    #expect(abs(accelerating.reason.acceleration - 50000) < 1e-6)
    guard case .system(let score, _) = accelerating.reason.comparison else {
      Issue.record("not a system comparison")
      return
    }
    #expect(
      abs(score - (90.0 / 390 + (1500.0 / 390) * 0.25 + 0.5 * (50000.0 / 390) * 0.0625)) < 1e-9)

    // The limit is min(187.5 / d, 0.5).
    let wide = try interact(pan([(0, 0), (0.1, 10)]), release: .system, distance: 300)
    guard case .system(let wideScore, let wideLimit) = wide.reason.comparison else {
      Issue.record("not a system comparison")
      return
    }
    #expect(abs(wideScore - (10.0 / 300 + (100.0 / 300) * 0.25)) < 1e-12 && wideLimit == 0.5)
    // The fast flick fixture finishes faster than percent-driven.
    let flick = try interact(GestureFixture.fastFlick.gestureSamples(), release: .system)
    let c = try #require(flick.completion)
    #expect(abs(c.duration - (1 - c.from) * 390 / flick.reason.velocity) < 1e-12)
    #expect(c.duration < (1 - c.from) * 0.25)
  }

  @Test("a stream ending in cancelled or failed cancels whatever the policy, at the base duration")
  func cancelledStreams() throws {
    let samples = GestureFixture.cancelled.gestureSamples()
    for policy in [ReleasePolicy.threshold(), .projected(), .system] {
      let plan = try interact(samples, release: policy)
      #expect(plan.decision == .cancel)
      #expect(plan.reason.state == .cancelled)
      #expect(plan.completion!.duration == plan.reason.progress * 0.25)
      #expect(plan.actions.map(\.phase) == [.start, .cancel])
    }
    // The threshold alone would have finished it.
    #expect(try interact(samples, release: .threshold()).reason.policyFinishes)
    var failed = GestureFixture.fastFlick.gestureSamples()
    failed[failed.count - 1].state = .failed
    let plan = try interact(failed, release: .system)
    #expect(plan.decision == .cancel && plan.reason.state == .failed)
    #expect(plan.completion!.duration == plan.reason.progress * 0.25)
  }

  @Test("a stream without an end is pending: no completion, ends at its last sample")
  func pending() throws {
    let plan = try interact(pan([(0, 0), (0.05, 50), (0.1, 100)], end: nil))
    #expect(plan.decision == .pending)
    #expect(plan.completion == nil && plan.releaseTime == nil)
    #expect(plan.duration == 0.1)
    let expected: [Double] = [0, 1.0 / 60, 2.0 / 60, 0.05, 4.0 / 60, 5.0 / 60, 0.1]
    #expect(plan.times == expected)
    #expect(plan.actions.map(\.phase) == [.start])
    #expect(plan.reason.state == .changed)
    #expect(keyframe(plan, 6) == animationState(plan, at: 100.0 / 390 * 0.25))
    #expect(keyframe(plan, 2) == animationState(plan, at: 0))
    #expect(keyframe(plan, 3) == animationState(plan, at: 50.0 / 390 * 0.25))
    // A lone began sample.
    let lone = try interact([GestureSample(t: 3, x: 0, y: 0, state: .began)])
    #expect(lone.decision == .pending && lone.times == [0] && lone.duration == 0)
  }

  @Test("directions: the axis, the clamp to [0, 1] and the default distance")
  func directions() throws {
    func p(_ x: Double, _ y: Double, _ d: GestureDirection, distance: Double? = nil) throws
      -> Double
    {
      try interact(
        [
          GestureSample(t: 0, x: 0, y: 0, state: .began),
          GestureSample(t: 0.1, x: x, y: y, state: .ended),
        ],
        distance: distance, direction: d
      ).reason.progress
    }
    #expect(try p(-195, 0, .either) == 0.5)
    #expect(try p(-195, 0, .rightward) == 0)
    #expect(try p(-195, 0, .leftward) == 0.5)
    #expect(try p(0, 422, .downward) == 0.5)
    #expect(try p(0, -211, .upward) == 0.25)
    #expect(try p(0, 422, .upward) == 0)
    #expect(try p(800, 0, .either) == 1)
    #expect(try p(50, 0, .either, distance: 200) == 0.25)
  }

  @Test("the engine's own validation names every broken rule by field")
  func validation() {
    let samples = [
      GestureSample(t: 0, x: 0, y: 0, state: .changed),
      GestureSample(t: 0.2, x: .nan, y: 0, state: .ended),
      GestureSample(t: 0.1, x: 0, y: 0, state: .began),
      GestureSample(t: 700, x: 0, y: 0, state: .changed),
    ]
    let issues = PanPlanner.validate(
      PanRequest(
        transition: zoomPop, gesture: PanGesture(distance: 0, samples: samples),
        release: .projected(decelerationRate: 1)))
    #expect(
      issues.map { $0.field.joined(separator: "/") } == [
        "gesture/samples/0/state", "gesture/samples/1/x", "gesture/samples/1/state",
        "gesture/samples/2/t", "gesture/samples/2/state", "gesture/samples/3/t",
        "gesture/distance", "release/decelerationRate",
      ])
    #expect(throws: PlanError.self) { try interact(samples) }
    #expect(
      PanPlanner.validate(
        PanRequest(transition: zoomPop, gesture: PanGesture(samples: []))
      ).map(\.field) == [["gesture", "samples"]])
    // Transition errors point into /transition.
    var bad = zoomPop
    bad.style = "nope"
    #expect(
      throws: PlanError(
        field: ["transition", "style"], message: "must be one of zoom, expand, cartSheet, hero")
    ) {
      try interact(pan([(0, 0), (0.1, 10)]), transition: bad)
    }
  }
}
