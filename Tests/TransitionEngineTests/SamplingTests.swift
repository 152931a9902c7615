import Testing

@testable import TransitionEngine

@Suite("Sampling (docs/API.md frameRate rules)")
struct SamplingTests {
  @Test(
    "grid i / frameRate plus an exact final sample; a grid point within 1e-9 s of the end is replaced"
  )
  func grid() {
    #expect(FrameGrid.times(duration: 0.25, frameRate: 4) == [0, 0.25])
    #expect(FrameGrid.times(duration: 0.3, frameRate: 10) == [0, 0.1, 0.2, 0.3])
    let t = FrameGrid.times(duration: 0.35, frameRate: 60)
    #expect(t.count == 22)
    #expect(t.last == 0.35)
    #expect(t[20] == 20.0 / 60)
    let odd = FrameGrid.times(duration: 0.51, frameRate: 4)
    #expect(odd == [0, 0.25, 0.5, 0.51])
    #expect(FrameGrid.times(duration: 0.001, frameRate: 60) == [0, 0.001])
    for (d, r) in [
      (1.0, 60), (0.35, 60), (3.0, 120), (0.51, 4), (1.0 / 3, 3), (59.99, 240), (0.7, 30),
    ] {
      #expect(
        FrameGrid.count(duration: d, frameRate: r)
          == FrameGrid.times(duration: d, frameRate: r).count)
    }
  }

  @Test("every layer has a keyframe at every sample; the last holds every track's to value exactly")
  func finalKeyframe() throws {
    for style in StyleRegistry.all {
      for op in style.operations {
        let p = try plan(
          style.name, op,
          scene: Scene(container: container, source: source, destination: destination))
        for (i, layer) in p.choreography.layers.enumerated() {
          #expect(p.keyframes[i].count == p.times.count)
          let last = p.keyframes[i].last!
          for track in layer.tracks {
            switch track.change {
            case .frame(_, let to): #expect(last.frame == to)
            case .alpha(_, let to): #expect(last.alpha == to)
            case .transform(_, let to): #expect(last.transform == to)
            case .cornerRadius(_, let to): #expect(p.details[i].last?.cornerRadius == to)
            case .contentFrame(_, let to): #expect(p.details[i].last?.contentFrame == to)
            case .shadowOpacity(_, let to): #expect(p.details[i].last?.shadowOpacity == to)
            }
          }
        }
      }
    }
  }

  @Test("sizes are clamped at 0 while positions keep a spring's overshoot")
  func clamping() throws {
    // Shrinking to zero with a bouncy spring would make the size negative.
    let scene = Scene(
      container: container, source: Rect(x: 100, y: 100, width: 100, height: 100),
      destination: Rect(x: 300, y: 300, width: 0, height: 0))
    let p = try plan(
      "zoom", .push, scene: scene,
      timing: TimingSpec(curve: .spring(dampingRatio: 0.2, initialVelocity: 0)))
    let frames = p.keyframes[2].map(\.frame)
    #expect(frames.allSatisfy { $0.width >= 0 && $0.height >= 0 })
    #expect(frames.contains { $0.width == 0 })
    // Overshoot past the destination.
    #expect(frames.contains { $0.x > 300 })
    #expect(p.keyframes[1].allSatisfy { $0.alpha >= 0 && $0.alpha <= 1 })
  }

  @Test("keyframes follow the exact curve within 1e-6 pt")
  func exactness() throws {
    let timing = TimingSpec(duration: 3, curve: .cubicBezier(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1))
    let scene = Scene(
      container: Size(width: 10_000, height: 100_000),
      source: Rect(x: 0, y: 90_000, width: 10, height: 10))
    let p = try plan("expand", .push, scene: scene, timing: timing, fps: 240)
    let curve = UnitBezier(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)
    let bottom = p.choreography.layers.firstIndex { $0.id == "bottomSlice" }!
    for (i, t) in p.times.enumerated() {
      // Reference: bisection on X to machine precision.
      var lo = 0.0
      var hi = 1.0
      for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if curve.sampleX(mid) < t / 3 { lo = mid } else { hi = mid }
      }
      let y = curve.sampleY((lo + hi) / 2)
      let expected = 90_000 + (100_000 - 90_000) * y
      #expect(abs(p.keyframes[bottom][i].frame.y - expected) < 1e-6)
    }
  }

  @Test("the keyframe limit is checked before sampling")
  func keyframeLimit() {
    let request = PlanRequest(style: "zoom", operation: .push, scene: zoomScene, frameRate: 240)
    #expect(
      throws: PlanError(
        field: ["frameRate"],
        message:
          "3 layers x 241 frames = 723 keyframes, over the limit of 700: lower frameRate or duration"
      )
    ) {
      try Planner.plan(request, maximumKeyframes: 700)
    }
  }

  @Test("planning is deterministic")
  func deterministic() throws {
    let a = try plan("cartSheet", .present, scene: Scene(container: container))
    let b = try plan("cartSheet", .present, scene: Scene(container: container))
    #expect(a.keyframes == b.keyframes)
    #expect(a.times == b.times)
  }

  @Test("the evaluator applies a layer's tracks in order: a later track of a property wins")
  func trackOrder() {
    let singular = Transform3D.scale(x: 0, y: 1, z: 1)
    let layers = [
      Layer(
        id: "twice", content: .screen(.from), frame: Rect(x: 0, y: 0, width: 10, height: 10),
        tracks: [
          .frame(
            from: Rect(x: 0, y: 0, width: 10, height: 10),
            to: Rect(x: 100, y: 100, width: 10, height: 10)),
          .alpha(from: 1, to: 0),
          .frame(
            from: Rect(x: 5, y: 6, width: 20, height: 30),
            to: Rect(x: -50, y: 60, width: 0, height: 90)),
          .alpha(from: 0.2, to: 0.8),
        ]),
      Layer(
        id: "turns", content: .screen(.to), frame: Rect(x: 1, y: 2, width: 3, height: 4),
        alpha: 0.5,
        tracks: [
          .transform(from: .identity, to: .rotation(angle: .pi / 2, x: 0, y: 0, z: 1)),
          .transform(from: .identity, to: singular),
        ]),
      Layer(id: "still", content: .color("#000000"), frame: Rect(x: 7, y: 8, width: 9, height: 10)),
    ]
    let evaluator = ChoreographyEvaluator(
      Choreography(layers: layers, actions: Actions(start: [], finish: [], cancel: [])))
    for p in [0, 0.25, 0.5, 0.75, 1, 1.2, -0.1] {
      for (i, layer) in layers.enumerated() {
        // The reference: every track applied in turn, as the tracks read.
        var expected = LayerState(
          frame: layer.frame, alpha: layer.alpha, transform: layer.transform)
        for track in layer.tracks {
          switch track.change {
          case .cornerRadius, .contentFrame, .shadowOpacity: break
          case .frame(let from, let to): expected.frame = Rect.interpolate(from, to, p)
          case .alpha(let from, let to): expected.alpha = lerp(from, to, p)
          case .transform(let from, let to):
            // The last one has a singular end: it jumps at half way (ends exact at 0 and 1).
            expected.transform = p == 0 ? from : p == 1 ? to : p < 0.5 ? from : to
          }
        }
        expected.frame.width = max(expected.frame.width, 0)
        expected.frame.height = max(expected.frame.height, 0)
        expected.alpha = min(max(expected.alpha, 0), 1)
        #expect(evaluator.state(ofLayer: i, progress: p) == expected, "layer \(layer.id) at \(p)")
      }
    }
  }
}
