import Testing

@testable import TransitionEngine

/// Every `back` reference value of docs/GESTURES.md 8 (390 x 844 container), to the digits the
/// page gives.
@Suite("back: the reference values of docs/GESTURES.md 8")
struct BackReferenceTests {
  let preview = BackPreview(
    container: container, pattern: .crossActivity, parameters: BackParameters(),
    planDuration: 0.25)

  @Test("backGesture, emphasized and accelerateDecelerate")
  func curves() {
    let back = GestureCurve.named(.backGesture)
    #expect(near(back.value(at: 0.25), 0.683818693651))
    #expect(near(back.value(at: 0.5), 0.894885802932))
    #expect(near(back.value(at: 0.75), 0.978298732237))
    let emphasized = GestureCurve.named(.emphasized)
    #expect(near(emphasized.value(at: 0.1), 0.0934798714321, 1e-12))
    #expect(near(emphasized.value(at: 0.25), 0.772831190799, 1e-12))
    #expect(near(emphasized.value(at: 0.5), 0.950612462628, 1e-12))
    #expect(near(GestureCurve.named(.accelerateDecelerate).value(at: 0.25), 0.146446609407))
    // Every curve is exact at its ends and reads its fraction clamped.
    for name in GestureCurve.Name.allCases {
      let curve = GestureCurve.named(name)
      #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
      #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1)
    }
    #expect(
      GestureCurve.Name.allCases.map(\.rawValue).joined(separator: ", ")
        == "linear, easeIn, easeOut, easeInOut, default, fastOutSlowIn, linearOutSlowIn, fastOutLinearIn, backGesture, standardDecelerate, emphasized, accelerateDecelerate"
    )
  }

  @Test("crossActivity at full progress: the target rects, the entering offset, the follow")
  func crossActivityAtOne() {
    let left = preview.crossActivityPoses(g: 1, dy: nil, edge: .left)
    #expect(near(left.closing.x, 31) && near(left.closing.y, 42.2) && left.closing.s == 0.9)
    #expect(near(left.entering.x, -76.5))
    #expect(near(preview.crossActivityPoses(g: 1, dy: nil, edge: .right).closing.x, 19.5))
    #expect(preview.crossActivityPoses(g: 1, dy: nil, edge: .none).closing == left.closing)
    #expect(near(preview.verticalFollow(scale: 0.9, dy: -211), -25.65))
  }

  @Test("crossActivity at p 0.5, dy +100, on the zoom pop: poses, transforms, radius, scrim")
  func crossActivityPreview() throws {
    let stream = sectionTwoStream(end: nil)
    let plan = try back(stream)
    let g = 0.894885802932
    #expect(near(plan.reason.interpolatedProgress, g))
    #expect(plan.decision == .pending && plan.duration == 0.1)
    let t = 0.1
    let from = plan.layers.state("fromView", at: t)
    let closing = pose(from)
    #expect(near(closing.x, 27.741459890879) && near(closing.y, 50.199071484487))
    #expect(near(closing.s, 0.910511419707))
    #expect(near(from.transform.m11, 0.910511419707) && from.transform.m22 == from.transform.m11)
    #expect(near(from.transform.m41, 10.291186733713) && near(from.transform.m42, 12.434890600774))
    let entering = pose(plan.layers.state("toView", at: t))
    #expect(near(entering.x, -78.549726842834) && near(entering.y, 50.199071484487))
    #expect(entering.s == closing.s)
    let snapshot = plan.layers.state("snapshot", at: t)
    #expect(snapshot.frame == Rect(x: 0, y: 91, width: 390, height: 390))
    #expect(near(snapshot.transform.m41, 10.291186733713))
    #expect(near(snapshot.transform.m42, 24.605337520643))
    #expect(near(plan.layers.detail("fromView", at: t).cornerRadius, 28.636345693811))
    #expect(near(plan.layers.detail("toView", at: t).cornerRadius, 28.636345693811))
    #expect(plan.layers.state(BackPlanner.scrimID, at: t).alpha == 0.2)
  }

  @Test("the section 2 stream invoked: velocity, fling, end, and 0.1 s into the commit")
  func commit() throws {
    let plan = try back(sectionTwoStream())
    #expect(plan.decision == .finish)
    #expect(near(plan.reason.velocity, 3.333333333333))
    #expect(near(plan.duration, 0.57))
    guard case .commit(_, let duration, _, _, let fling?) = plan.completion else {
      Issue.record("a crossActivity commit with a fling")
      return
    }
    #expect(duration == 0.45)
    #expect(near(fling.velocity, -333.333333333333, 1e-9) && fling.stiffness == 200)
    #expect(near(fling.damping, 21.213203435596))

    let commit = CrossActivityCommit(
      preview,
      BackCompletion.Release(progress: 0.5, dy: 100, edge: .left, velocity: plan.reason.velocity))
    #expect(near(GestureCurve.named(.accelerateDecelerate).value(at: 0.1 / 0.45), 0.116977778441))
    #expect(near(GestureCurve.named(.emphasized).value(at: 0.116977778441), 0.136801726717))
    #expect(near(commit.flingFactor(at: 0.1), 0.900700253576))
    let frame = commit.frame(at: 0.1)
    #expect(near(frame.closing.x, 58.742119594262) && near(frame.closing.y, 81.999274092758))
    #expect(near(frame.closing.s, 0.831124412328))
    #expect(near(frame.closingAlpha, 0.415111107797))
    #expect(near(frame.entering.x, -49.936294639040) && near(frame.entering.y, 81.999274092758))
    #expect(near(frame.entering.s, 0.831124412328))
    #expect(near(frame.enteringRadius, 24.718844156024) && near(frame.scrim, 0.176604444312))

    // The same instant through the planner, on a 50 fps grid where 0.22 s is a keyframe.
    var transition = zoomPop
    transition.frameRate = 50
    let keyed = try back(sectionTwoStream(), transition: transition)
    let fromView = pose(keyed.layers.state("fromView", at: 0.22))
    #expect(near(fromView.x, 58.742119594262, 1e-9) && near(fromView.s, 0.831124412328, 1e-9))
    #expect(near(keyed.layers.state("fromView", at: 0.22).alpha, 0.415111107797, 1e-9))
    #expect(near(keyed.layers.state(BackPlanner.scrimID, at: 0.22).alpha, 0.176604444312, 1e-9))
  }

  @Test("the section 2 stream cancelled: the spring back's velocity, duration and progress")
  func springBack() throws {
    let plan = try back(sectionTwoStream(end: .cancelled))
    #expect(plan.decision == .cancel)
    guard case .springBack(let from, let duration, let k, let c, let v) = plan.completion else {
      Issue.record("a crossActivity spring back")
      return
    }
    #expect(from == 0.5 && k == 1500 && near(c, 2 * 1500.0.squareRoot()))
    #expect(near(v, -6.666666666667))
    #expect(near(duration, 0.242540000070))
    #expect(near(plan.duration, 0.12 + 0.242540000070))
    let spring = CrossActivitySpringBack(
      preview, BackCompletion.Release(progress: 0.5, dy: 100, edge: .left, velocity: 10 / 3.0))
    #expect(near(spring.progress(at: 0.05), 0.235769090023))
    #expect(near(spring.progress(at: 0.1), 0.057601930134))
  }

  @Test("the cancel spring from rest settles in 0.2384 s; a -300 fling dips to 0.9065")
  func springs() {
    #expect(
      near(
        DampedSpring.settlingDuration(stiffness: 1500, dampingRatio: 1, velocity: 0),
        0.238405710820))
    let fling = SpringOscillator(
      e0: 0, velocity: -300, SpringParameters(stiffness: 200, dampingRatio: 0.75))
    // The deepest point: where the velocity crosses zero.
    var lo = 0.0
    var hi = 0.2
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if fling.error(at: mid).velocity < 0 { lo = mid } else { hi = mid }
    }
    #expect(near(lo, 0.077263541057))
    #expect(near(1 + fling.error(at: lo).value / 100, 0.906523947820))
  }

  @Test("fullScreen and sharedElement at p 0.5, dy +120")
  func materialPatterns() {
    let full = BackPreview(
      container: container, pattern: .fullScreen, parameters: BackParameters(),
      planDuration: 0.25)
    let g = GestureCurve.named(.backGesture).value(at: 0.5)
    let pose = full.material(g: g, dy: 120, edge: .left)
    #expect(near(pose.scale, 0.910511419707) && near(pose.tx, 10.291186733713))
    #expect(near(pose.ty, 3.412322274882) && pose.alpha == 0)
    #expect(near(pose.enteringScale, 1.010511419707) && near(pose.enteringAlpha, 0.838285850664))
    let shared = BackPreview(
      container: container, pattern: .sharedElement, parameters: BackParameters(),
      planDuration: 0.25)
    #expect(near(shared.material(g: g, dy: 120, edge: .left).ty, 14.520743217678))
    #expect(shared.frame(progress: 0.5, dy: 120, edge: .left).elementTime == 0.125)
  }

  @Test("sharedElement on a hero pop with the push preset: surfaces hold, elements fly")
  func heroSharedElement() throws {
    let transition = PlanRequest(style: "hero", operation: .pop, scene: heroExample().scene)
    let stream = [
      event(0, .began, 0, touchY: 300, edge: .left), event(0.1, .moved, 0.5, touchY: 420),
    ]
    let preview = try back(stream, pattern: .sharedElement, transition: transition)
    let t = 0.1
    let from = preview.layers.state("fromView", at: t)
    #expect(near(from.transform.m41, 10.291186733713) && near(from.transform.m42, 14.520743217678))
    #expect(near(preview.layers.detail("fromView", at: t).shadowOpacity, 0.5))
    let to = preview.layers.state("toView", at: t)
    #expect(to.transform == .translation(x: -130, y: 0, z: 0))
    #expect(preview.layers.state("toDimming", at: t).alpha == 0.1)
    #expect(preview.progress.last?.animationTime == 0.175)
    // The photo's layers show the plan at 0.175 s: as far as a plan at that time has them.
    let plan = try heroPlan(heroExample(), .pop, fps: 200)
    let photo = preview.layers.state("photo-42@from", at: t)
    #expect(
      photo == plan.keyframes[plan.choreography.layers.firstIndex { $0.id == "photo-42@from" }!][35]
    )

    let invoked = try back(
      stream + [event(0.1, .invoked)], pattern: .sharedElement, transition: transition)
    guard case .material(_, _, let duration, _) = invoked.completion else {
      Issue.record("an in-app commit")
      return
    }
    #expect(near(duration, 0.225))
    let completion = MaterialBackCompletion(
      BackPreview(
        container: container, pattern: .sharedElement, parameters: BackParameters(),
        planDuration: 0.35),
      BackCompletion.Release(progress: 0.5, dy: 120, edge: .left, velocity: 0), invoked: true)
    #expect(near(GestureCurve.named(.fastOutSlowIn).value(at: 0.1 / 0.225), 0.695234839645))
    let frame = completion.frame(at: 0.1)
    #expect(near(frame.surfaceTime, 0.243332193876) && near(frame.elementTime, 0.296666096938))
  }
}
