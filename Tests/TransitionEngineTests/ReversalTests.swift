import Testing

@testable import TransitionEngine

/// Every style and operation with its default scene.
let reversalCases: [(String, TransitionOperation, Scene)] = [
  ("zoom", .push, zoomScene), ("zoom", .pop, zoomScene),
  ("expand", .push, zoomScene), ("expand", .pop, zoomScene),
  ("cartSheet", .present, zoomScene), ("cartSheet", .dismiss, zoomScene),
  ("hero", .push, heroCascadeScene), ("hero", .pop, heroCascadeScene),
]

/// The API.md example with a cascade, arcs, radii and content fit.
let heroCascadeScene: Scene = {
  var options = HeroOptions(preset: .push, enter: .fade, exit: .scale)
  options.cascade = HeroCascade(delta: 0.05)
  return heroExample(options: options).scene
}()

func request(
  _ style: String, _ op: TransitionOperation, _ scene: Scene, timing: TimingSpec = .init(),
  reversal: ReversalSpec? = nil, reduceMotion: Bool = false
) -> PlanRequest {
  PlanRequest(
    style: style, operation: op, scene: scene, timing: timing, frameRate: 60,
    reduceMotion: reduceMotion, reversal: reversal)
}

func close(_ a: LayerState, _ b: LayerState, _ tolerance: Double = 1e-9) -> Bool {
  let f = [
    a.frame.x - b.frame.x, a.frame.y - b.frame.y, a.frame.width - b.frame.width,
    a.frame.height - b.frame.height, a.alpha - b.alpha,
  ]
  return f.allSatisfy { abs($0) <= tolerance }
    && zip(a.transform.values, b.transform.values).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("Reversal: a transition sent back mid-way (docs/TIMING.md section 11)")
struct ReversalTests {
  @Test("the way back starts at the forward state at tau, ends at its start, along its path")
  func startsWhereTheForwardPlanWas() throws {
    for (style, op, scene) in reversalCases {
      for curve: CurveSpec? in [nil, .easeInOut, .linear] {
        let forwardRequest = request(style, op, scene, timing: TimingSpec(curve: curve))
        let forward = try Planner.plan(forwardRequest)
        let prepared = try Planner.prepare(forwardRequest)
        let evaluator = ChoreographyEvaluator(prepared.choreography)
        for fraction in [0.1, 0.37, 0.5, 0.9, 1.0] {
          let tau = forward.duration * fraction
          var reversed = forwardRequest
          reversed.reversal = ReversalSpec(at: tau)
          let back = try Planner.plan(reversed)
          #expect(back.reversal?.at == tau)
          #expect(back.choreography.layers.map(\.id) == forward.choreography.layers.map(\.id))
          let forwardAt = evaluator.progress(at: tau, timing: prepared.timing)
          for (i, _) in back.choreography.layers.enumerated() {
            let expected = evaluator.state(ofLayer: i) { forwardAt[$0] }
            #expect(close(back.keyframes[i][0], expected), "\(style) \(op) \(fraction) layer \(i)")
            #expect(
              close(back.keyframes[i].last!, forward.keyframes[i][0]),
              "\(style) \(op) \(fraction) end of layer \(i)")
          }
          // On the path: the value at reversal time t is gamma(q* (1 - R(t))).
          let backEvaluator = ChoreographyEvaluator(back.choreography)
          for (i, layer) in prepared.choreography.layers.enumerated() {
            for track in layer.tracks where track.property == "frame" {
              let local = tau - track.delay
              let q =
                local <= 0
                ? 0 : (local >= prepared.timing.duration ? 1 : prepared.timing.progress(at: local))
              guard abs(q) >= 1e-9 else { continue }
              for t in stride(from: 0.0, through: back.duration, by: back.duration / 7) {
                let r = back.timing.progress(at: t)
                let onPath = evaluator.state(ofLayer: i) { _ in q * (1 - r) }.frame
                let got = backEvaluator.state(ofLayer: i) {
                  backEvaluator.progress(ofClock: $0, at: t, timing: back.timing)
                }.frame
                #expect(
                  abs(onPath.x - got.x) < 1e-6 && abs(onPath.y - got.y) < 1e-6
                    && abs(onPath.width - got.width) < 1e-6,
                  "\(style) \(op) \(layer.id) at \(t)")
              }
            }
          }
        }
      }
    }
  }

  @Test("actions: none at start, the forward cancel at finish, none at cancel")
  func actions() throws {
    for (style, op, scene) in reversalCases {
      let forward = try Planner.plan(request(style, op, scene))
      let back = try Planner.plan(
        request(style, op, scene, reversal: ReversalSpec(at: forward.duration / 2)))
      #expect(back.choreography.actions.start.isEmpty)
      #expect(back.choreography.actions.finish == forward.choreography.actions.cancel)
      #expect(back.choreography.actions.cancel.isEmpty)
    }
  }

  @Test("tau outside (0, duration] is refused at /reversal/at, naming the duration")
  func outOfRange() {
    for tau in [0.0, -1, 0.2500001, 5] {
      do {
        _ = try Planner.plan(request("zoom", .pop, zoomScene, reversal: ReversalSpec(at: tau)))
        Issue.record("\(tau) accepted")
      } catch {
        #expect(error.field == ["reversal", "at"])
        #expect(error.message.contains("0.25 s"), "\(error.message)")
      }
    }
    #expect(throws: Never.self) {
      try Planner.plan(request("zoom", .pop, zoomScene, reversal: ReversalSpec(at: 0.25)))
    }
  }

  @Test("a duration sent back from milliseconds, an ulp past the end, is the end")
  func anUlpPastTheEnd() throws {
    // 0.25 s is exact; 0.35 * 1000 / 1000 is not: the waapi document's ms give it back an ulp
    // over, and a player clamping is not to be required.
    let timing = TimingSpec(duration: 0.35, curve: .default)
    let forward = try Planner.plan(request("zoom", .pop, zoomScene, timing: timing))
    let late = (forward.duration * 1000 / 1000).nextUp
    #expect(late > forward.duration)
    let back = try Planner.plan(
      request("zoom", .pop, zoomScene, timing: timing, reversal: ReversalSpec(at: late)))
    #expect(back.reversal?.progress == 1)
    #expect(throws: PlanError.self) {
      try Planner.plan(
        request(
          "zoom", .pop, zoomScene, timing: timing,
          reversal: ReversalSpec(at: forward.duration * (1 + 1e-9))))
    }
  }

  @Test("bezier: CSS's shortening, 0.408511 s for a 1 s default curve reversed at 0.25 s")
  func bezierShortening() throws {
    let timing = TimingSpec(duration: 1, curve: .default)
    let back = try Planner.plan(
      request("zoom", .push, zoomScene, timing: timing, reversal: ReversalSpec(at: 0.25)))
    #expect(abs(back.timing.duration - 0.408511) < 1e-6)
    #expect(back.timing.curve.typeName == "default")
    #expect(abs(back.reversal!.progress - 0.408511) < 1e-6)
    let late = try Planner.plan(
      request("zoom", .push, zoomScene, timing: timing, reversal: ReversalSpec(at: 1)))
    #expect(late.timing.duration == 1)
    #expect(late.reversal?.progress == 1)
    // reversal.timing replaces either part.
    let given = try Planner.plan(
      request(
        "zoom", .push, zoomScene, timing: timing,
        reversal: ReversalSpec(at: 0.25, timing: TimingSpec(duration: 0.3))))
    #expect(given.timing.duration == 0.3 && given.timing.curve.typeName == "default")
  }

  @Test("UIKit spring: TIMING.md 11's reference velocity, stiffness and damping")
  func uikitReference() throws {
    let back = try Planner.plan(request("zoom", .push, zoomScene, reversal: ReversalSpec(at: 0.1)))
    guard case .spring(let ratio, let v, let spring) = back.timing.curve else {
      Issue.record("not a spring")
      return
    }
    #expect(ratio == 0.6)
    #expect(abs(v - -13.276978590673854) < 1e-9)
    #expect(abs(spring.stiffness - 161.63803242761688) < 1e-6)
    #expect(abs(spring.damping - 15.256433616535952) < 1e-6)
    #expect(back.timing.duration == 1)
    #expect(abs(back.reversal!.progress - 0.405842126) < 1e-9)
    // A reversal right after the start has a huge velocity; the longer solve still settles
    // at T.
    let early = try Planner.plan(
      request("zoom", .push, zoomScene, reversal: ReversalSpec(at: 1e-4)))
    guard case .spring(_, let v2, let s2) = early.timing.curve else { return }
    #expect(v2 < -1000)
    #expect(early.timing.duration == 1)
    let envelope = abs(s2.displacement(at: 1))
    #expect(envelope <= 0.001 * (1 + 1e-6), "\(envelope)")
    #expect(s2.omega0 > 0)
  }

  @Test("a critically damped spring sent back fast has no root: UIKit's starting frequency")
  func noRootFallsBack() {
    // f(w0) = ((w0 - 50) T + 1) e^(-w0 T) - 0.001 stays below 0 for every w0 > 0.
    let s = UIKitSpring.reversalSpring(duration: 1, dampingRatio: 1, initialVelocity: 50)
    #expect(s.omega0 == 5)
    #expect(s.displacement(at: 0.5).isFinite)
    // With a root the solve finds it.
    let r = UIKitSpring.reversalSpring(duration: 1, dampingRatio: 1, initialVelocity: -20)
    let f = ((r.omega0 + 20) * 1 + 1) * exp(-r.omega0) - 0.001
    #expect(abs(f) < 1e-12)
  }

  @Test("springs keep the velocity the track had at tau, for all four kinds")
  func springVelocity() throws {
    let curves: [CurveSpec] = [
      .spring(dampingRatio: 0.5, initialVelocity: 0.5),
      .springPhysics(
        mass: 1, stiffness: 200, damping: 15, initialVelocity: 0, allowOverdamping: nil),
      .springResponse(response: 0.4, dampingRatio: 0.7),
      .springBounce(duration: 0.5, bounce: 0.3),
    ]
    for curve in curves {
      let timing = TimingSpec(duration: curve.typeName == "spring" ? 0.8 : nil, curve: curve)
      let forward = try Planner.prepare(request("zoom", .push, zoomScene, timing: timing))
      for tau in [0.05, 0.12, 0.3] {
        let back = try Planner.plan(
          request("zoom", .push, zoomScene, timing: timing, reversal: ReversalSpec(at: tau)))
        let spring = try #require(back.timing.curve.dampedSpring)
        // The forward velocity by a central difference of the unclamped progress.
        let h = 1e-6
        let forwardVelocity =
          (forward.timing.progress(at: tau + h) - forward.timing.progress(at: tau - h)) / (2 * h)
        let q = forward.timing.progress(at: tau)
        // Way back: value = gamma(q (1 - R)), so its speed at 0 is -q R'(0).
        let backVelocity = -q * spring.initialVelocity
        #expect(
          abs(backVelocity - forwardVelocity) <= 1e-6 * max(abs(forwardVelocity), 1),
          "\(curve.typeName) at \(tau): \(backVelocity) vs \(forwardVelocity)")
        #expect(back.timing.curve.typeName == curve.typeName)
      }
    }
  }

  @Test("a cascade under a spring: unstarted tracks left out, others with their own timing")
  func cascadeSpring() throws {
    let timing = TimingSpec(curve: .springResponse(response: 0.4, dampingRatio: 0.8))
    let forward = try Planner.prepare(request("hero", .push, heroCascadeScene, timing: timing))
    // body@to starts after 0.05 s (rank 1 of the entries and exits).
    let tau = 0.03
    let back = try Planner.plan(
      request("hero", .push, heroCascadeScene, timing: timing, reversal: ReversalSpec(at: tau)))
    let delayed = forward.choreography.layers.filter { $0.tracks.contains { $0.delay > tau } }
    #expect(!delayed.isEmpty)
    for layer in delayed {
      let reversedLayer = try #require(back.choreography.layers.first { $0.id == layer.id })
      #expect(reversedLayer.tracks.count == layer.tracks.filter { $0.delay < tau }.count)
    }
    // Later: delayed tracks have started, with velocities of their own.
    let later = try Planner.plan(
      request("hero", .push, heroCascadeScene, timing: timing, reversal: ReversalSpec(at: 0.15)))
    let own = later.choreography.layers.flatMap(\.tracks).filter { $0.timing != nil }
    #expect(!own.isEmpty)
    #expect(own.allSatisfy { $0.timing != later.timing && $0.delay == 0 })
    #expect(later.duration >= later.timing.duration)
    // Undelayed tracks share the plan's.
    #expect(later.choreography.layer("toView")?.tracks.allSatisfy { $0.timing == nil } == true)
    // With a bezier every track shares the plan's timing.
    let bezier = try Planner.plan(
      request("hero", .push, heroCascadeScene, reversal: ReversalSpec(at: 0.15)))
    #expect(bezier.choreography.layers.flatMap(\.tracks).allSatisfy { $0.timing == nil })
  }

  @Test("arcs retrace their curve: the de Casteljau control point")
  func arcControl() throws {
    let back = try Planner.plan(
      request("hero", .push, heroCascadeScene, reversal: ReversalSpec(at: 0.1)))
    let forward = try Planner.prepare(request("hero", .push, heroCascadeScene))
    let f = try #require(forward.choreography.layer("photo-42@to")?.tracks.first)
    let b = try #require(back.choreography.layer("photo-42@to")?.tracks.first)
    let q = forward.timing.progress(at: 0.1)
    let c = try #require(f.arcControl)
    #expect(b.arcControl == Point(x: lerp(101, c.x, q), y: lerp(305, c.y, q)))
    guard case .frame(_, let to) = b.change else { return }
    #expect(to == heroPhotoFrom)
  }
}

@Suite("Reduced motion: a dissolve for every style (docs/STYLES.md)")
struct ReducedMotionTests {
  @Test("the two screens, the upper one fading, no actions, easeInOut 0.25 s")
  func dissolve() throws {
    for (style, op, scene) in reversalCases {
      let p = try Planner.plan(request(style, op, scene, reduceMotion: true))
      #expect(p.reduceMotion)
      #expect(p.timing.duration == 0.25 && p.timing.curve.typeName == "easeInOut")
      #expect(p.choreography.actions == Actions(start: [], finish: [], cancel: []))
      let layers = p.choreography.layers
      if op == .push || op == .present {
        #expect(layers.map(\.id) == ["fromView", "toView"])
        #expect(layers[1].tracks == [.alpha(from: 0, to: 1)])
      } else {
        #expect(layers.map(\.id) == ["toView", "fromView"])
        #expect(layers[1].tracks == [.alpha(from: 1, to: 0)])
      }
      #expect(layers[0].tracks.isEmpty)
      #expect(layers.allSatisfy { $0.frame == bounds && $0.transform == .identity })
      // A request's timing replaces either part.
      let slow = try Planner.plan(
        request(style, op, scene, timing: TimingSpec(duration: 0.5), reduceMotion: true))
      #expect(slow.timing.duration == 0.5 && slow.timing.curve.typeName == "easeInOut")
    }
  }

  @Test("inputs are still validated: a cascade over 60 s is refused under reduced motion")
  func stillValidated() {
    let entries = (0..<100).map {
      HeroElement(id: "e\($0)", frame: Rect(x: 0, y: Double($0), width: 10, height: 10))
    }
    var options = HeroOptions(enter: .fade)
    options.cascade = HeroCascade(delta: 1)
    let hero = HeroScene(container: container, to: entries, options: options)
    #expect(throws: PlanError.self) {
      try Planner.plan(request("hero", .push, hero.scene, reduceMotion: true))
    }
  }

  @Test("reduced motion reversed: the dissolve goes back")
  func reversedDissolve() throws {
    let p = try Planner.plan(
      request("cartSheet", .present, zoomScene, reversal: ReversalSpec(at: 0.1), reduceMotion: true)
    )
    #expect(p.reduceMotion && p.reversal?.at == 0.1)
    #expect(p.choreography.layers.map(\.id) == ["fromView", "toView"])
    guard case .alpha(let from, let to) = p.choreography.layers[1].tracks[0].change else { return }
    #expect(to == 0 && from > 0 && from < 1)
  }
}
