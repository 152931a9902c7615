import TestSupport
import Testing

@testable import TransitionEngine

/// Every pop or dismiss plan of the four styles, each outcome of each gesture kind: the laws
/// docs/GESTURES.md states (progress in [0, 1], a cancel ends at the plan's start and a commit
/// at its end, the margin, completions that start where and as fast as the release left).
@Suite("back and dragDismiss: invariants over every pop and dismiss plan")
struct GestureInvariantTests {
  static let heroPop = PlanRequest(style: "hero", operation: .pop, scene: heroExample().scene)
  static var transitions: [PlanRequest] {
    var heroDismiss = heroPop
    heroDismiss.operation = .dismiss
    var crossfadeNone = heroExample(options: HeroOptions(preset: .push, crossfade: .none))
    crossfadeNone.options.cascade = HeroCascade(delta: 0.03, delayMatched: true)
    var reduced = zoomPop
    reduced.reduceMotion = true
    return [
      zoomPop, PlanRequest(style: "expand", operation: .pop, scene: zoomScene),
      PlanRequest(style: "cartSheet", operation: .dismiss, scene: Scene(container: container)),
      heroPop, heroDismiss,
      PlanRequest(style: "hero", operation: .pop, scene: crossfadeNone.scene), reduced,
    ]
  }

  /// The plan's first and last keyframes by layer id.
  func ends(_ transition: PlanRequest) throws -> (
    start: [String: LayerState], end: [String: LayerState]
  ) {
    let plan = try Planner.plan(transition)
    var start: [String: LayerState] = [:]
    var end: [String: LayerState] = [:]
    for (l, layer) in plan.choreography.layers.enumerated() {
      start[layer.id] = plan.keyframes[l][0]
      end[layer.id] = plan.keyframes[l][plan.times.count - 1]
    }
    return (start, end)
  }

  /// A random back stream: one to three gestures, the earlier ones cancelled.
  func stream(_ rng: inout SeededGenerator, outcome: BackEventState?) -> [BackSample] {
    var samples: [BackSample] = []
    var t = 0.0
    let gestures = Int.random(in: 1...3, using: &rng)
    let edge = [SwipeEdge.left, .right, .none].randomElement(using: &rng)!
    for g in 0..<gestures {
      let touch: Double? = Bool.random(using: &rng) ? Double.random(in: 0...800, using: &rng) : nil
      samples.append(
        event(t, .began, Double.random(in: 0...0.2, using: &rng), touchY: touch, edge: edge))
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        t += Double.random(in: 0.008...0.05, using: &rng)
        samples.append(
          event(
            t, .moved, Double.random(in: 0...1, using: &rng),
            touchY: touch.map { $0 + Double.random(in: -900...900, using: &rng) }))
      }
      t += Double.random(in: 0...0.03, using: &rng)
      if g < gestures - 1 {
        samples.append(event(t, .cancelled))
        t += Double.random(in: 0...0.2, using: &rng)
      } else if let outcome {
        samples.append(
          event(t, outcome, Bool.random(using: &rng) ? nil : Double.random(in: 0...1, using: &rng)))
      }
    }
    return samples
  }

  @Test("back: progress in [0, 1], finals at the plan's ends, one outcome's actions")
  func backOutcomes() throws {
    var rng = SeededGenerator(state: 26)
    for transition in Self.transitions {
      let (start, end) = try ends(transition)
      let planActions = try Planner.prepare(transition).choreography.actions
      for pattern in BackPattern.allCases {
        for outcome in [BackEventState.invoked, .cancelled, nil] {
          let samples = stream(&rng, outcome: outcome)
          let plan = try back(samples, pattern: pattern, transition: transition)
          #expect(plan.progress.count == samples.count)
          #expect(plan.progress.allSatisfy { (0...1).contains($0.progress) })
          #expect(plan.layers.times.first == 0 && plan.layers.times.last == plan.duration)
          #expect(zip(plan.layers.times, plan.layers.times.dropFirst()).allSatisfy { $0 < $1 })
          #expect(plan.reason.gestures == samples.filter { $0.state == .began }.count)
          guard let outcome else {
            #expect(plan.decision == .pending && plan.completion == nil)
            #expect(plan.actions.map(\.phase) == [.start])
            continue
          }
          let final = outcome == .invoked ? end : start
          let k = plan.layers.times.count - 1
          for (l, layer) in plan.layers.layers.enumerated() {
            if layer.id == BackPlanner.scrimID {
              #expect(plan.layers.keyframes[l][k].alpha == 0)
              continue
            }
            #expect(
              plan.layers.keyframes[l][k] == final[layer.id],
              "\(transition.style) \(pattern) \(layer.id)")
            if plan.layers.rounded[l] { #expect(plan.layers.details[l][k].cornerRadius == 0) }
          }
          let phase: ActionPhase = outcome == .invoked ? .finish : .cancel
          #expect(plan.actions.map(\.phase) == [.start, phase])
          let list = outcome == .invoked ? planActions.finish : planActions.cancel
          let scrim =
            pattern == .crossActivity ? [Action(.layer(BackPlanner.scrimID), .remove)] : []
          #expect(plan.actions[1].actions == list + scrim && plan.actions[1].t == plan.duration)
        }
      }
    }
  }

  @Test("back: the preview never takes a window past the margin")
  func margin() throws {
    var rng = SeededGenerator(state: 8)
    let h = container.height
    for pattern in BackPattern.allCases {
      var parameters = BackParameters()
      parameters.minScale = Double.random(in: 0.5...1, using: &rng)
      parameters.edgeMargin = Double.random(in: 0...40, using: &rng)
      let preview = BackPreview(
        container: container, pattern: pattern, parameters: parameters, planDuration: 0.25)
      for _ in 0..<500 {
        let p = Double.random(in: 0...1, using: &rng)
        let frame = preview.frame(
          progress: p, dy: Double.random(in: -2000...2000, using: &rng), edge: .left)
        let window = frame.closing.rect(container: container)
        // Where the window has shrunk past the margin, the follow keeps it inside; before, it
        // moves it not at all.
        let gap = min(parameters.edgeMargin, (h - frame.closing.s * h) / 2)
        #expect(window.y >= gap - 1e-9 && h - (window.y + window.height) >= gap - 1e-9)
      }
    }
  }

  @Test("back: a completion starts at its release state, the spring back with its velocity")
  func backContinuity() throws {
    for pattern in BackPattern.allCases {
      let preview = BackPreview(
        container: container, pattern: pattern, parameters: BackParameters(), planDuration: 0.25)
      for invoked in [true, false] {
        let release = BackCompletion.Release(progress: 0.43, dy: -73, edge: .right, velocity: 2.5)
        let completion = BackCompletion(preview, release: release, invoked: invoked)
        let at = preview.frame(progress: 0.43, dy: -73, edge: .right)
        let first = completion.frame(at: 0)
        #expect(
          abs(first.closing.x - at.closing.x) < 1e-9 && abs(first.closing.s - at.closing.s) < 1e-12)
        #expect(abs(first.closingAlpha - at.closingAlpha) < 1e-12)
        #expect(abs(first.elementTime - at.elementTime) < 1e-12)
      }
    }
    let spring = CrossActivitySpringBack(
      BackPreview(
        container: container, pattern: .crossActivity, parameters: BackParameters(),
        planDuration: 0.25),
      BackCompletion.Release(progress: 0.6, dy: nil, edge: .left, velocity: -1.7))
    let h = 1e-6
    #expect(spring.progress(at: 0) == 0.6)
    #expect(abs((spring.progress(at: h) - spring.progress(at: -h)) / (2 * h) + 1.7) < 1e-6)
  }

  @Test("back: a cancel then a new began restarts the preview; the first spring keeps running")
  func twoGestures() throws {
    let samples = [
      event(0, .began, 0, touchY: 400, edge: .left), event(0.05, .moved, 0.6, touchY: 480),
      event(0.08, .cancelled), event(0.5, .began, 0.1, touchY: 100, edge: .right),
      event(0.55, .moved, 0.3), event(0.6, .invoked),
    ]
    let plan = try back(samples)
    #expect(plan.reason.gestures == 2 && plan.reason.swipeEdge == .right)
    #expect(plan.decision == .finish && plan.actions.map(\.phase) == [.start, .finish])
    // Between the cancel and the next began, the first gesture's spring back.
    let preview = BackPreview(
      container: container, pattern: .crossActivity, parameters: BackParameters(),
      planDuration: 0.25)
    let velocity = VelocityEstimate.walkBack(times: [0, 0.05, 0.08], axis: [0, 0.6, 0.6], from: 2)
    let spring = CrossActivitySpringBack(
      preview,
      BackCompletion.Release(progress: 0.6, dy: 80, edge: .left, velocity: velocity.velocity))
    let t = 0.4
    #expect(t - 0.08 > spring.duration)
    let expected = preview.frame(progress: spring.progress(at: t - 0.08), dy: 80, edge: .left)
    #expect(pose(plan.layers.state("fromView", at: t)).s == expected.closing.s)
    // The new gesture's began shows its own preview, right edge, its own start touch.
    let began = preview.frame(progress: 0.1, dy: 0, edge: .right)
    #expect(pose(plan.layers.state("fromView", at: 0.5)) == began.closing)
    // A keyframe at each release and at the end, whatever the grid.
    #expect(plan.layers.times.contains(0.08) && plan.layers.times.contains(0.6))
  }

  @Test("dragDismiss: follows, ends at the plan's ends, springs from the release")
  func dragDismiss() throws {
    var rng = SeededGenerator(state: 5)
    for transition in Self.transitions
    where transition.style == "zoom" || transition.style == "hero" {
      if transition.reduceMotion { continue }
      let (start, end) = try ends(transition)
      for outcome in [GestureState.ended, .cancelled, .changed] {
        var points: [(t: Double, x: Double, y: Double)] = [(0, 3, -2)]
        for i in 1...8 {
          points.append(
            (
              Double(i) * 0.016, Double.random(in: -50...50, using: &rng),
              Double.random(in: -400...600, using: &rng)
            ))
        }
        let plan = try zoomDrag(
          points, end: outcome, element: transition.style == "hero" ? "photo-42" : nil,
          transition: transition)
        #expect(plan.progress.allSatisfy { (0...1).contains($0.progress) })
        let k = plan.layers.times.count - 1
        if outcome == .changed {
          #expect(plan.decision == .pending && plan.completion == nil)
          continue
        }
        let final = plan.decision == .finish ? end : start
        for (l, layer) in plan.layers.layers.enumerated() {
          #expect(plan.layers.keyframes[l][k] == final[layer.id], "\(layer.id)")
        }
        let completion = try #require(plan.completion)
        let spring = FollowSpring(
          response: 0.35, dampingRatio: 0.85, from: completion.spring.from,
          to: completion.spring.to,
          velocity: SIMD4(
            completion.spring.velocity.x, completion.spring.velocity.y,
            completion.spring.velocity.width, completion.spring.velocity.height))
        #expect(spring.frame(at: 0) == completion.spring.from)
        // Central differences of the spring at the release give the release velocity.
        let h = 1e-6
        let ahead = spring.frame(at: h)
        let behind = spring.frame(at: -h)
        #expect(abs((ahead.x - behind.x) / (2 * h) - completion.spring.velocity.x) < 1e-3)
        #expect(
          abs((ahead.height - behind.height) / (2 * h) - completion.spring.velocity.height) < 1e-3)
        // The release keyframe shows the release frame.
        let releaseIndex = plan.layers.times.firstIndex(of: plan.releaseTime!)!
        let followed = plan.layers.index(plan.follow.layers[0])
        let shown = plan.layers.keyframes[followed][releaseIndex].frame
        #expect(releaseIndex == k || abs(shown.x - completion.spring.from.x) < 1e-9)
      }
    }
  }

  @Test("dragDismiss: the follow law's velocity is the finger's, by central differences")
  func followVelocity() {
    let law = FollowLaw(
      start: Rect(x: 0, y: 91, width: 390, height: 390), anchor: Point(x: 120, y: 200),
      distance: 422, maxShrink: 0.5)
    let (dx, dy, ux, uy) = (12.0, 150.0, -80.0, 900.0)
    let h = 1e-6
    let ahead = law.frame(dx: dx + ux * h, dy: dy + uy * h)
    let behind = law.frame(dx: dx - ux * h, dy: dy - uy * h)
    let v = law.velocity(ux: ux, uy: uy, w: uy, dy: dy)
    #expect(abs((ahead.x - behind.x) / (2 * h) - v.x) < 1e-4)
    #expect(abs((ahead.y - behind.y) / (2 * h) - v.y) < 1e-4)
    #expect(abs((ahead.width - behind.width) / (2 * h) - v.z) < 1e-4)
    // Dragging up progresses as dragging down does.
    #expect(law.frame(dx: 0, dy: -100).width == law.frame(dx: 0, dy: 100).width)
  }
}
