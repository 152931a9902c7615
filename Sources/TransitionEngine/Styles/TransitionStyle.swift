/// A style is data-shaped: a pure function from a scene and an operation to layers with tracks
/// and actions. One sampler plays every style, so adding one is a new file and a registry line.
public protocol TransitionStyle: Sendable {
  /// The wire name (`zoom`, `expand`, `cartSheet`).
  var name: String { get }
  /// One line for `GET /v1/styles`.
  var summary: String { get }
  var operations: [TransitionOperation] { get }
  /// What the style reads from a request besides the container.
  var inputs: [StyleInput] { get }
  /// The seed's own timing for an operation.
  func defaultTiming(for operation: TransitionOperation) -> StyleTiming
  /// Layers bottom to top with their tracks, and the actions. `scene` holds every required
  /// input, and every input with a default.
  func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography
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
