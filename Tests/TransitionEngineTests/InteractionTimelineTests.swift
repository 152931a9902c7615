import TestSupport
import Testing

@testable import TransitionEngine

@Suite("Interactive transitions: the timeline (docs/API.md Timeline, docs/TIMING.md section 9)")
struct InteractionTimelineTests {
  @Test("the keyframe at the release equals the plan's state at progress * D")
  func releaseKeyframe() throws {
    for fixture in GestureFixture.allCases {
      for policy in [ReleasePolicy.threshold(), .projected(), .system] {
        let plan = try interact(fixture.gestureSamples(), release: policy)
        let release = try #require(plan.releaseTime)
        let k = try #require(plan.times.firstIndex(of: release))
        let p = plan.reason.progress
        #expect(plan.animationTimes[k] == p * 0.25)
        #expect(keyframe(plan, k) == animationState(plan, at: p * 0.25))
        // zoom pop: the snapshot runs destination -> source with easeInOut(p) (D cancels).
        let snapshot = plan.keyframes[2][k].frame
        let expected = Rect.interpolate(destination, source, UnitBezier.easeInOut.value(at: p))
        #expect(abs(snapshot.x - expected.x) < 1e-9 && abs(snapshot.width - expected.width) < 1e-9)
      }
    }
  }

  @Test("the last keyframe is the plan's end state on a finish and its start state on a cancel")
  func lastKeyframe() throws {
    let plain = try Planner.plan(zoomPop)
    let start = plain.keyframes.map { $0.first! }
    let end = plain.keyframes.map { $0.last! }
    var finishes = 0
    var cancels = 0
    for fixture in GestureFixture.allCases {
      for policy in [ReleasePolicy.threshold(), .projected(), .system] {
        let plan = try interact(fixture.gestureSamples(), release: policy)
        let last = keyframe(plan, plan.times.count - 1)
        #expect(plan.times.last == plan.duration)
        switch plan.decision {
        case .finish:
          finishes += 1
          #expect(last == end)
          #expect(plan.animationTimes.last == 0.25)
        case .cancel:
          cancels += 1
          #expect(last == start)
          #expect(plan.animationTimes.last == 0)
        case .pending:
          Issue.record("fixtures all end")
        }
      }
    }
    #expect(finishes == 3 && cancels == 9)
    // The same with a spring being scrubbed (zoom push), where the progress overshoots.
    var push = zoomPop
    push.operation = .push
    let pushPlan = try Planner.plan(push)
    let flick = try interact(
      GestureFixture.fastFlick.gestureSamples(), release: .projected(), transition: push)
    #expect(flick.decision == .finish)
    #expect(keyframe(flick, flick.times.count - 1) == pushPlan.keyframes.map { $0.last! })
  }

  @Test("keyframes on the grid plus the exact release and end; gesture then completion phase")
  func timeline() throws {
    // frameRate 10; release at 0.13 s at p = 0.3; threshold 0.2 finishes in (1 - 0.3) * 0.25 s.
    var transition = zoomPop
    transition.frameRate = 10
    let plan = try interact(
      pan([(0, 0), (0.05, 10), (0.1, 20), (0.13, 30)]), release: .threshold(threshold: 0.2),
      distance: 100, transition: transition)
    let c = try #require(plan.completion)
    #expect(plan.decision == .finish)
    #expect(abs(c.duration - 0.175) < 1e-12)
    #expect(plan.duration == 0.13 + c.duration)
    #expect(plan.times == [0, 0.1, 0.13, 0.2, 0.3, plan.duration])
    // During the gesture: the latest sample at or before the keyframe.
    #expect(plan.animationTimes[0] == 0)
    #expect(plan.animationTimes[1] == 0.2 * 0.25)
    #expect(plan.animationTimes[2] == 0.3 * 0.25)
    // After release: p D -> D over the completion, through easeInOut of the wall-clock fraction.
    for (k, t) in [(3, 0.2), (4, 0.3)] {
      let fraction = UnitBezier.easeInOut.value(at: (t - 0.13) / c.duration)
      #expect(abs(plan.animationTimes[k] - (0.075 + (0.25 - 0.075) * fraction)) < 1e-12)
      #expect(keyframe(plan, k) == animationState(plan, at: plan.animationTimes[k]))
    }
    #expect(plan.animationTimes[5] == 0.25)
    #expect(plan.progress.map(\.t) == [0, 0.05, 0.1, 0.13])
    #expect(plan.progress.map(\.animationTime) == [0, 0.025, 0.05, 0.075])
    #expect(
      plan.actions == [
        TimedActions(phase: .start, t: 0, actions: plan.choreography.actions.start),
        TimedActions(phase: .finish, t: plan.duration, actions: plan.choreography.actions.finish),
      ])
    for layer in plan.keyframes { #expect(layer.count == plan.times.count) }
  }

  @Test("grid points within 1e-9 s of the release or the end give way to those exact keyframes")
  func dedupe() throws {
    var transition = zoomPop
    transition.frameRate = 10
    // Release at 0.2 (a grid point) at p = 0.6: finish in 0.4 * 0.25 = 0.1 s, ending at ~0.3.
    let plan = try interact(pan([(0, 0), (0.2, 60)]), distance: 100, transition: transition)
    #expect(plan.releaseTime == 0.2)
    #expect(abs(plan.duration - 0.3) < 1e-9)
    #expect(plan.times == [0, 0.1, 0.2, plan.duration])
    // t0 need not be 0: tau = t - t0.
    let shifted = try interact(
      pan([(1000, 0), (1000.2, 60)]), distance: 100, transition: transition)
    #expect(shifted.times.count == 4)
    // Nothing left to run: the release is the end.
    let done = try interact(pan([(0, 0), (0.2, 100)]), distance: 100, transition: transition)
    #expect(done.completion?.duration == 0)
    #expect(done.times == [0, 0.1, 0.2])
    #expect(keyframe(done, 2) == animationState(done, at: 0.25))
  }

  @Test("equal timestamps: the later sample wins")
  func equalTimestamps() throws {
    var transition = zoomPop
    transition.frameRate = 10
    let samples = pan([(0, 0), (0.1, 10), (0.1, 40), (0.15, 40)], end: nil)
    let plan = try interact(samples, distance: 100, transition: transition)
    #expect(plan.times == [0, 0.1, 0.15])
    #expect(plan.animationTimes[1] == 0.4 * 0.25)
    // The walk-back skips the equal timestamp: 40 pt over 0.1 s.
    let ended = try interact(
      pan([(0, 0), (0.1, 10), (0.1, 40)]), distance: 100, transition: transition)
    #expect(ended.reason.progress == 0.4)
    #expect(ended.reason.velocity == 400)
  }

  @Test("completion curves and speed shape the completion phase")
  func completionCurve() throws {
    var transition = zoomPop
    transition.frameRate = 100
    // Finish from 0.5: (1 - 0.5) * 0.25 = 0.125 s; with speed 0.5, 0.25 s.
    let linear = try interact(
      pan([(0, 0), (0.1, 50)]), distance: 100, transition: transition, speed: 0.5, curve: .linear)
    let c = try #require(linear.completion)
    #expect(c.duration == 0.25 && c.curve == .linear)
    let k = try #require(linear.times.firstIndex { abs($0 - 0.2) < 1e-12 })
    #expect(abs(linear.animationTimes[k] - (0.125 + 0.125 * 0.4)) < 1e-12)
    let easeIn = try interact(
      pan([(0, 0), (0.1, 50)]), distance: 100, transition: transition, speed: 0.5, curve: .easeIn)
    #expect(easeIn.animationTimes[k] < linear.animationTimes[k])
    // Every completion keyframe lies between p D and D and never goes back.
    let times = Array(easeIn.animationTimes.drop { $0 < 0.125 })
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(times.allSatisfy { $0 >= 0.125 && $0 <= 0.25 })
  }

  @Test("the keyframe limit is checked before sampling, at transition/frameRate")
  func keyframeLimit() throws {
    let samples = GestureFixture.slowDrag.gestureSamples()
    let error = #expect(throws: PlanError.self) { try interact(samples, maximumKeyframes: 100) }
    #expect(error?.field == ["transition", "frameRate"])
    let plan = try interact(samples)
    #expect(plan.times.count * 3 <= 300)
    #expect(try interact(samples, maximumKeyframes: plan.times.count * 3).times == plan.times)
    // A very slow completion is refused without walking a huge grid.
    var slow = zoomPop
    slow.timing = TimingSpec(duration: 60)
    #expect(throws: PlanError.self) { try interact(samples, transition: slow, speed: 1e-9) }
  }
}
