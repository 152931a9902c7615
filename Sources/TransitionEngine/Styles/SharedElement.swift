/// An element a style's plan shows across its two screens, which a drag to dismiss can follow
/// and a back pattern keeps out of its window pose (docs/GESTURES.md 4.3, 5.1): the id a
/// request names it by and the ids of the plan layers that show it.
public struct SharedElement: Sendable, Hashable {
  public var id: String
  public var layers: [String]

  public init(id: String, layers: [String]) {
    self.id = id
    self.layers = layers
  }
}

/// How a drag to dismiss names the element it follows, for a style that shares elements.
public enum SharedElementNaming: Sendable, Hashable {
  /// Ids known without a scene: the request may leave the element out (it follows the first)
  /// or name one of them.
  case fixed([String])
  /// Ids that come from the scene: the request must name one. `missing` and `unknown` are the
  /// 422 messages when it names none or one the scene does not share.
  case fromScene(missing: String, unknown: String)
}
