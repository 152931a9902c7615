/// A style is data-shaped: a pure function from a scene and an operation to layers with tracks
/// and actions. One sampler plays every style, so adding one is a new file and a registry line.
public protocol TransitionStyle: Sendable {
  /// The wire name (`zoom`, `expand`, `cartSheet`, `hero`).
  var name: String { get }
  /// One line for `GET /v1/styles`.
  var summary: String { get }
  var operations: [TransitionOperation] { get }
  /// What the style reads from a request besides the container.
  var inputs: [StyleInput] { get }
  /// The timing a request without `timing` gets: the seed's own per operation, or (hero) one
  /// that depends on the scene.
  func defaultTiming(for scene: Scene, operation: TransitionOperation) -> StyleTiming
  /// When the default timing depends on the scene, the rule in words for `GET /v1/styles`;
  /// nil when it is fixed per operation.
  var defaultTimingRule: String? { get }
  /// Layers bottom to top with their tracks, and the actions. `scene` holds every required
  /// input, and every input with a default.
  func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography
  /// Both of the above, for the planner: a style that reads its scene for both (hero) reads
  /// it once.
  func staging(for scene: Scene, operation: TransitionOperation) -> (
    choreography: Choreography, defaultTiming: StyleTiming
  )
  /// A check of the planned choreography against its timing that the declared inputs cannot
  /// express (hero: a cascade that would last over the limit); nil when it is fine.
  func check(_ choreography: Choreography, timing: Timing) -> PlanError?
  /// The scene `GET /v1/styles` shows each operation's layers for.
  var exampleScene: Scene { get }
  /// How a drag to dismiss names the element it follows; nil when the style shares none (the
  /// gesture is refused with a 422).
  var sharedElementNaming: SharedElementNaming? { get }
  /// The elements `request`'s plan shares, each with the layers that show it; empty when it
  /// shares none (a dissolve has no element layers).
  func sharedElements(for request: PlanRequest) -> [SharedElement]
  /// True when the style's element layers show elements matched by id across the two screens
  /// (a layer per screen, each the element itself: one element that moves); false when an
  /// element layer stands in for an element and a different one it becomes (zoom's snapshot of
  /// the source landing on the destination). The View Transitions export gives the former one
  /// group per element id and the latter one group per layer with a hidden partner.
  var elementLayersMatchByID: Bool { get }
}

extension TransitionStyle {
  public var defaultTimingRule: String? { nil }

  public func staging(for scene: Scene, operation: TransitionOperation) -> (
    choreography: Choreography, defaultTiming: StyleTiming
  ) {
    (
      choreography(for: scene, operation: operation),
      defaultTiming(for: scene, operation: operation)
    )
  }

  public func check(_ choreography: Choreography, timing: Timing) -> PlanError? { nil }

  public var sharedElementNaming: SharedElementNaming? { nil }

  public func sharedElements(for request: PlanRequest) -> [SharedElement] { [] }

  public var elementLayersMatchByID: Bool { false }

  /// The zoom seed's frames (a style whose inputs are others gives its own).
  public var exampleScene: Scene {
    Scene(
      container: Size(width: 390, height: 844),
      source: Rect(x: 16, y: 220, width: 170, height: 170),
      destination: Rect(x: 0, y: 91, width: 390, height: 390))
  }
}

extension StyleInput {
  /// The list screen's selected element (zoom, expand).
  public static let source = StyleInput(
    "source", .rect, required: true,
    summary: "the selected element on the list screen, in container coordinates")
  /// Its match on the detail screen (zoom).
  public static let destination = StyleInput(
    "destination", .rect, required: true,
    summary: "the matching element on the detail screen, in container coordinates")
}
