import Testing

@testable import TransitionEngine

/// A style whose declaration and choreography disagree - it says it shares an element that no
/// layer of its plan moves - gets a 422 at the element from a drag to dismiss, not a crash.
@Suite struct DragDismissUnmovedElementTests {
  /// zoom, except for the layers it says show its shared element.
  struct Disagreeing: TransitionStyle {
    var shownBy: [String]
    let zoom = ZoomStyle()
    var name: String { zoom.name }
    var summary: String { zoom.summary }
    var operations: [TransitionOperation] { zoom.operations }
    var inputs: [StyleInput] { zoom.inputs }
    func defaultTiming(for scene: Scene, operation: TransitionOperation) -> StyleTiming {
      zoom.defaultTiming(for: scene, operation: operation)
    }
    func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography {
      zoom.choreography(for: scene, operation: operation)
    }
    var sharedElementNaming: SharedElementNaming? { zoom.sharedElementNaming }
    func sharedElements(for request: PlanRequest) -> [SharedElement] {
      [SharedElement(id: "snapshot", layers: shownBy)]
    }
  }

  func plan(shownBy layers: [String]) throws(PlanError) -> DragDismissPlan {
    var prepared = try Planner.prepare(zoomPop)
    prepared.style = Disagreeing(shownBy: layers)
    let samples = [(0.0, 100.0, 300.0), (0.05, 100.0, 340.0), (0.1, 100.0, 400.0)].enumerated()
      .map { i, p in
        GestureSample(t: p.0, x: p.1, y: p.2, state: i == 0 ? .began : i == 2 ? .ended : .changed)
      }
    let request = DragDismissRequest(
      transition: zoomPop,
      gesture: DragDismissGesture(
        element: nil, anchor: nil, parameters: DragDismissParameters(), samples: samples),
      release: .threshold())
    return try DragDismissPlanner.plan(request, prepared: prepared, limits: GestureLimits())
  }

  @Test func anElementNoLayerShowsIsRefusedAtTheElement() {
    #expect(throws: PlanError.self) { try plan(shownBy: ["no-such-layer"]) }
    do {
      _ = try plan(shownBy: ["no-such-layer"])
    } catch {
      #expect(error.field == ["gesture", "element"])
      #expect(error.message == DragDismissPlanner.notFollowable)
    }
  }

  /// The control: the same wrapper naming the layer zoom really moves plans as zoom does.
  @Test func theLayerZoomMovesIsFollowed() throws {
    let plan = try plan(shownBy: ["snapshot"])
    #expect(plan.core.style == "zoom")
  }
}
