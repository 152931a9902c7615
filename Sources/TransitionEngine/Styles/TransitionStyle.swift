/// A style is data-shaped: a pure function from a scene and an operation to layers with tracks
/// and actions. One sampler plays every style, so adding one is a new file and a registry line.
public protocol TransitionStyle: Sendable {
  /// The wire name (`zoom`, `expand`, `cartSheet`).
  var name: String { get }
  /// One line for `GET /v1/styles`.
  var summary: String { get }
  var operations: [TransitionOperation] { get }
  /// Scene inputs the style needs besides the container.
  var requiredInputs: [SceneInput] { get }
  /// The seed's own timing for an operation.
  func defaultTiming(for operation: TransitionOperation) -> StyleTiming
  /// Layers bottom to top with their tracks, and the actions. `scene` holds every required input.
  func choreography(for scene: Scene, operation: TransitionOperation) -> Choreography
}

public enum SceneInput: String, Sendable, Hashable {
  case source, destination, options
}
