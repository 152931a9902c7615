import Testing

@testable import TransitionEngine

@Suite("Sampling (API.md frameRate rules)")
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
            switch track {
            case .frame(_, let to): #expect(last.frame == to)
            case .alpha(_, let to): #expect(last.alpha == to)
            case .transform(_, let to): #expect(last.transform == to)
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
}
