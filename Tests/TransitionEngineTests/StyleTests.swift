import Testing

@testable import TransitionEngine

let container = Size(width: 390, height: 844)
let source = Rect(x: 16, y: 220, width: 170, height: 170)
let destination = Rect(x: 0, y: 91, width: 390, height: 390)
let zoomScene = Scene(container: container, source: source, destination: destination)
let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

func plan(
  _ style: String, _ op: TransitionOperation, scene: Scene = zoomScene,
  timing: TimingSpec = .init(), fps: Int = 60
)
  throws -> Plan
{
  try Planner.plan(
    PlanRequest(style: style, operation: op, scene: scene, timing: timing, frameRate: fps))
}

func state(_ plan: Plan, _ id: String, at t: Double) -> LayerState? {
  guard let layer = plan.choreography.layers.firstIndex(where: { $0.id == id }),
    let sample = plan.times.firstIndex(where: { abs($0 - t) < 1e-12 })
  else { return nil }
  return plan.keyframes[layer][sample]
}

@Suite("Styles as docs/STYLES.md reads the seeds")
struct StyleTests {
  @Test("zoom push: layers, tracks, actions and the seed's spring")
  func zoomPush() throws {
    let p = try plan("zoom", .push)
    #expect(p.choreography.layers.map(\.id) == ["fromView", "toView", "snapshot"])
    let snapshot = p.choreography.layers[2]
    #expect(snapshot.content == .element(screen: .from, element: .source, contentMode: .aspectFit))
    #expect(snapshot.tracks == [.frame(from: source, to: destination)])
    #expect(p.choreography.layers[1].tracks == [.alpha(from: 0, to: 1)])
    #expect(p.choreography.layers[0].tracks.isEmpty)
    #expect(p.timing.duration == 1)
    guard case .spring(let ratio, let v, _) = p.timing.curve else {
      Issue.record("zoom push must default to UIKit's spring")
      return
    }
    #expect(ratio == 0.6 && v == 1)
    #expect(
      p.choreography.actions.start == [
        Action(.element(.source), .hidden(true)), Action(.element(.destination), .hidden(true)),
      ])
    let end = [
      Action(.element(.source), .hidden(false)), Action(.element(.destination), .hidden(false)),
      Action(.layer("snapshot"), .remove),
    ]
    #expect(p.choreography.actions.finish == end)
    #expect(p.choreography.actions.cancel == end)
  }

  @Test("zoom push snapshot at t = 0.5 s is from + (to - from) * 1.038955774 (overshoot kept)")
  func zoomPushSeedNumber() throws {
    let p = try plan("zoom", .push)
    let s = try #require(state(p, "snapshot", at: 0.5))
    let k = 1.038955774
    #expect(abs(s.frame.x - (16 + (0 - 16) * k)) < 1e-6)
    #expect(abs(s.frame.y - (220 + (91 - 220) * k)) < 1e-6)
    #expect(abs(s.frame.width - (170 + (390 - 170) * k)) < 1e-6)
    #expect(abs(s.frame.height - (170 + (390 - 170) * k)) < 1e-6)
    // Alpha overshoots too, but is reported clamped.
    #expect(try #require(state(p, "toView", at: 0.5)).alpha == 1)
    #expect(try #require(state(p, "snapshot", at: 1)).frame == destination)
    #expect(try #require(state(p, "snapshot", at: 0)).frame == source)
  }

  @Test("zoom pop: the detail image flies back while the detail screen fades out")
  func zoomPop() throws {
    let p = try plan("zoom", .pop, fps: 8)
    #expect(p.choreography.layers.map(\.id) == ["toView", "fromView", "snapshot"])
    #expect(
      p.choreography.layers[2].content
        == .element(screen: .from, element: .destination, contentMode: .aspectFit))
    #expect(p.choreography.layers[2].tracks == [.frame(from: destination, to: source)])
    #expect(p.choreography.layers[1].tracks == [.alpha(from: 1, to: 0)])
    #expect(p.timing.duration == 0.25)
    #expect(p.timing.curve.typeName == "easeInOut")
    // Half way through easeInOut is exactly half way.
    let mid = try #require(state(p, "fromView", at: 0.125))
    #expect(abs(mid.alpha - 0.5) < 1e-12)
    #expect(p.choreography.actions.cancel.contains(Action(.element(.source), .hidden(false))))
  }

  @Test("expand push: the list splits at source.y; slices slide off by their own height")
  func expandPush() throws {
    let p = try plan(
      "expand", .push,
      scene: Scene(container: container, source: Rect(x: 0, y: 300, width: 390, height: 60)))
    #expect(p.choreography.layers.map(\.id) == ["background", "toView", "topSlice", "bottomSlice"])
    #expect(p.choreography.layers[0].content == .color("#000000"))
    #expect(
      p.choreography.layers[2].content
        == .slice(screen: .from, rect: Rect(x: 0, y: 0, width: 390, height: 300)))
    #expect(
      p.choreography.layers[3].content
        == .slice(screen: .from, rect: Rect(x: 0, y: 300, width: 390, height: 544)))
    #expect(p.timing.duration == 3)
    #expect(
      try #require(state(p, "topSlice", at: 0)).frame == Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(
      try #require(state(p, "topSlice", at: 1.5)).frame
        == Rect(x: 0, y: -150, width: 390, height: 300))
    #expect(
      try #require(state(p, "topSlice", at: 3)).frame
        == Rect(x: 0, y: -300, width: 390, height: 300))
    #expect(
      try #require(state(p, "bottomSlice", at: 1.5)).frame
        == Rect(x: 0, y: 572, width: 390, height: 544))
    #expect(
      try #require(state(p, "bottomSlice", at: 3)).frame
        == Rect(x: 0, y: 844, width: 390, height: 544))
    #expect(p.choreography.actions.start == [Action(.screen(.from), .hidden(true))])
    let end = [
      Action(.layer("background"), .remove), Action(.layer("topSlice"), .remove),
      Action(.layer("bottomSlice"), .remove),
      Action(.screen(.from), .hidden(false)),
    ]
    #expect(p.choreography.actions.finish == end)
    #expect(p.choreography.actions.cancel == end)
  }

  @Test("expand pop: slices come back from off screen; toView stays at alpha 0 until finish")
  func expandPop() throws {
    let p = try plan(
      "expand", .pop,
      scene: Scene(container: container, source: Rect(x: 0, y: 300, width: 390, height: 60)))
    #expect(
      p.choreography.layers.map(\.id) == [
        "background", "fromView", "toView", "topSlice", "bottomSlice",
      ])
    #expect(
      p.choreography.layers[3].content
        == .slice(screen: .to, rect: Rect(x: 0, y: 0, width: 390, height: 300)))
    #expect(
      try #require(state(p, "topSlice", at: 0)).frame
        == Rect(x: 0, y: -300, width: 390, height: 300))
    #expect(
      try #require(state(p, "topSlice", at: 3)).frame == Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(try #require(state(p, "toView", at: 1.5)).alpha == 0)
    #expect(try #require(state(p, "fromView", at: 1.5)).alpha == 0.5)
    #expect(p.choreography.actions.start.isEmpty)
    #expect(p.choreography.actions.finish.first == Action(.layer("toView"), .alpha(1)))
    #expect(p.choreography.actions.cancel.count == 3)
  }

  @Test("expand leaves out an empty slice and its removal; the split line is clamped to [0, H]")
  func expandEmptySlices() throws {
    let top = try plan(
      "expand", .push,
      scene: Scene(container: container, source: Rect(x: 0, y: -40, width: 390, height: 60)))
    #expect(top.choreography.layers.map(\.id) == ["background", "toView", "bottomSlice"])
    #expect(!top.choreography.actions.finish.contains(Action(.layer("topSlice"), .remove)))
    let bottom = try plan(
      "expand", .pop,
      scene: Scene(container: container, source: Rect(x: 0, y: 900, width: 390, height: 60)))
    #expect(
      bottom.choreography.layers.map(\.id) == ["background", "fromView", "toView", "topSlice"])
    #expect(bottom.choreography.layers[3].content == .slice(screen: .to, rect: bounds))
  }

  @Test("cartSheet present: the snapshot tilts about its bottom edge while the sheet rises")
  func cartSheetPresent() throws {
    let p = try plan("cartSheet", .present, scene: Scene(container: container))
    #expect(p.choreography.layers.map(\.id) == ["fromSnapshot", "toView"])
    let snapshot = p.choreography.layers[0]
    #expect(snapshot.anchor == Point(x: 0.5, y: 1))
    #expect(snapshot.frame == bounds)
    let tilt = Transform3D.rotation(angle: 0.1, x: 1, y: 0, z: 0).concatenating(
      .scale(x: 0.85, y: 0.95, z: 1))
    #expect(snapshot.tracks == [.transform(from: .identity, to: tilt)])
    #expect(p.choreography.layers[1].frame == Rect(x: 0, y: 844, width: 390, height: 844))
    // Start: identity. End: exactly the tilt and the raised sheet.
    #expect(try #require(state(p, "fromSnapshot", at: 0)).transform == .identity)
    #expect(try #require(state(p, "fromSnapshot", at: 0.5)).transform == tilt)
    #expect(
      try #require(state(p, "toView", at: 0.5)).transform == .translation(x: 0, y: -844, z: 0))
    // Middle (easeInOut(0.5) = 0.5): the sheet is half way up.
    let mid = try #require(state(p, "toView", at: 0.25))
    #expect(close(mid.transform, .translation(x: 0, y: -422, z: 0), 1e-9))
    let midTilt = try #require(state(p, "fromSnapshot", at: 0.25)).transform
    let d = try #require(DecomposedTransform(tilt))
    #expect(close(midTilt, DecomposedTransform.interpolate(.identity, d, 0.5).recomposed, 1e-12))
    // The bottom edge stays on the container's bottom edge (anchor (0.5, 1)).
    let geometry = LayerGeometry(frame: bounds, anchor: Point(x: 0.5, y: 1), transform: midTilt)
    let corners = geometry.projectedCorners
    #expect(abs(corners[2].y - 844) < 1e-9 && abs(corners[3].y - 844) < 1e-9)
    #expect(corners[0].y > 0)  // the top edge moved down: the screen leans back and shrinks
    #expect(p.choreography.actions.start == [Action(.screen(.from), .hidden(true))])
    #expect(p.choreography.actions.finish.isEmpty)
    #expect(
      p.choreography.actions.cancel == [
        Action(.screen(.from), .hidden(false)), Action(.layer("fromSnapshot"), .remove),
      ])
  }

  @Test("cartSheet dismiss reverses present; options set tilt, scale and perspective")
  func cartSheetDismissAndOptions() throws {
    let options = CartSheetOptions(tilt: 0.2, scaleX: 0.9, scaleY: 0.9, perspective: 100)
    let p = try plan(
      "cartSheet", .dismiss, scene: Scene(container: container, inputs: options.inputs))
    #expect(p.choreography.layers.map(\.id) == ["toSnapshot", "fromView"])
    let tilt = Transform3D.rotation(angle: 0.2, x: 1, y: 0, z: 0).concatenating(
      .scale(x: 0.9, y: 0.9, z: 1)
    )
    .concatenating(.perspective(eyeDistance: 100))
    #expect(tilt.m34 != 0)
    #expect(try #require(state(p, "toSnapshot", at: 0)).transform == tilt)
    #expect(try #require(state(p, "toSnapshot", at: 0.5)).transform == .identity)
    #expect(
      try #require(state(p, "fromView", at: 0)).transform == .translation(x: 0, y: -844, z: 0))
    #expect(
      p.choreography.actions.finish == [
        Action(.screen(.to), .hidden(false)), Action(.layer("toSnapshot"), .remove),
      ])
    #expect(p.choreography.actions.start.isEmpty && p.choreography.actions.cancel.isEmpty)
  }

  @Test("every style declares its operations and a registry entry")
  func registry() {
    #expect(StyleRegistry.names == ["zoom", "expand", "cartSheet", "hero"])
    #expect(StyleRegistry.style(named: "hero")?.operations == [.push, .pop, .present, .dismiss])
    #expect(StyleRegistry.style(named: "zoom")?.operations == [.push, .pop])
    #expect(StyleRegistry.style(named: "cartSheet")?.operations == [.present, .dismiss])
    #expect(StyleRegistry.style(named: "slide") == nil)
  }

  @Test("an operation the style does not have is refused at /operation")
  func wrongOperation() {
    #expect(throws: PlanError.self) { try plan("zoom", .present) }
    #expect(throws: PlanError.self) { try plan("nope", .push) }
  }
}
