import Testing

@testable import TransitionEngine

@Suite("Tracks: delays, arcs, corner radius, content frame, shadow (docs/TIMING.md 8-10)")
struct TrackModelTests {
  let f0 = Rect(x: 16, y: 220, width: 170, height: 170)
  let f1 = Rect(x: 0, y: 91, width: 390, height: 390)

  func evaluator(_ layers: [Layer]) -> ChoreographyEvaluator {
    ChoreographyEvaluator(
      Choreography(layers: layers, actions: Actions(start: [], finish: [], cancel: [])))
  }

  @Test("an arc moves the centre along its quadratic Bezier: (171.5, 300.25) at half way")
  func arcReference() {
    let layer = Layer(
      id: "a", content: .color("#000000"), frame: f0,
      tracks: [.frame(from: f0, to: f1, arcControl: Point(x: 195, y: 305))])
    let e = evaluator([layer])
    let mid = e.state(ofLayer: 0, progress: 0.5).frame
    #expect(abs(mid.center.x - 171.5) < 1e-9)
    #expect(abs(mid.center.y - 300.25) < 1e-9)
    #expect(mid.width == 280 && mid.height == 280)
    #expect(e.state(ofLayer: 0, progress: 0).frame == f0)
    #expect(e.state(ofLayer: 0, progress: 1).frame == f1, "the end is exact")
    // Past the end (a spring's overshoot) the centre keeps to the curve.
    let over = e.state(ofLayer: 0, progress: 1.1).frame
    let q = 1.1
    let x = (1 - q) * (1 - q) * 101 + 2 * (1 - q) * q * 195 + q * q * 195
    #expect(abs(over.center.x - x) < 1e-9)
  }

  @Test("a delayed track holds its start until its delay, then runs the plan's curve")
  func delays() throws {
    let layer = Layer(
      id: "d", content: .color("#000000"), frame: f0,
      tracks: [.frame(from: f0, to: f1), .alpha(from: 0, to: 1, delay: 0.2)])
    let e = evaluator([layer])
    #expect(e.delays == [0, 0.2])
    #expect(e.choreography.latestDelay == 0.2)
    let timing = try Timing.resolve(
      TimingSpec(duration: 1, curve: .linear), defaults: StyleTiming(duration: 1, curve: .linear))
    for (t, alpha, frameProgress) in [(0.1, 0.0, 0.1), (0.7, 0.5, 1.0 - 0.3), (1.2, 1.0, 1.0)] {
      let progress = e.progress(at: t, timing: timing)
      let state = e.state(ofLayer: 0) { progress[$0] }
      #expect(abs(state.alpha - alpha) < 1e-12, "alpha at \(t)")
      let expected = Rect.interpolate(f0, f1, min(t, 1))
      #expect(abs(state.frame.x - expected.x) < 1e-9, "frame at \(t) (progress \(frameProgress))")
    }
  }

  @Test("corner radius and content frame interpolate linearly; the reference content fit")
  func details() {
    let from = Rect(x: -42.5, y: 0, width: 255, height: 170)
    let to = Rect(x: 0, y: 65, width: 390, height: 260)
    let layer = Layer(
      id: "p", content: .color("#000000"), frame: f0, contentFrame: from,
      shadow: LayerShadow(),
      tracks: [
        .cornerRadius(from: 12, to: 0), .contentFrame(from: from, to: to),
        .shadowOpacity(from: 0, to: 0.5),
      ])
    #expect(layer.hasDetail && layer.reportsCornerRadius)
    #expect(layer.cornerRadius == 12 && layer.contentFrame == from)
    let e = evaluator([layer])
    let mid = e.detail(ofLayer: 0) { _ in 0.5 }
    #expect(mid.cornerRadius == 6)
    #expect(mid.contentFrame == Rect(x: -21.25, y: 32.5, width: 322.5, height: 215))
    #expect(mid.shadowOpacity == 0.25)
    let end = e.detail(ofLayer: 0) { _ in 1 }
    #expect(end.contentFrame == to && end.cornerRadius == 0 && end.shadowOpacity == 0.5)
    // Overshoot: radius at least 0, sizes at least 0, opacity in [0, 1].
    let past = e.detail(ofLayer: 0) { _ in 3 }
    #expect(past.cornerRadius == 0)
    #expect(past.shadowOpacity == 1)
    let before = e.detail(ofLayer: 0) { _ in -3 }
    #expect(before.contentFrame.width == 0 && before.contentFrame.height >= 0)
  }

  @Test("layers of the seeds' kind have no detail; a radius alone is reported")
  func reporting() {
    let plain = Layer(
      id: "s", content: .color("#000000"), frame: f0, tracks: [.alpha(from: 0, to: 1)])
    #expect(!plain.hasDetail && plain.latestDelay == 0)
    let rounded = Layer(id: "r", content: .color("#000000"), frame: f0, cornerRadius: 8)
    #expect(rounded.reportsCornerRadius && rounded.hasDetail)
    let e = evaluator([plain, rounded])
    #expect(e.detail(ofLayer: 1) { _ in 0.3 }.cornerRadius == 8, "a held radius")
    #expect(e.delays == [0])
  }
}
