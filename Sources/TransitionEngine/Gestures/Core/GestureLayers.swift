/// The layers of a `back` or `dragDismiss` answer and their keyframes over its timeline: the
/// plan's layers (and `back`'s scrim), each with a state at every time.
public struct GestureLayers: Sendable {
  public var layers: [Layer]
  /// Whether each layer's keyframes report a corner radius even where its plan layer does not
  /// (the screens a `back` pattern rounds).
  public var rounded: [Bool]
  public var times: [Double]
  /// `keyframes[layer][time]`.
  public var keyframes: [[LayerState]]
  /// `details[layer][time]` for layers with ``Layer/hasDetail`` or rounded; empty for others.
  public var details: [[LayerDetail]]

  /// Whether layer `l`'s keyframes carry a ``LayerDetail``.
  public func hasDetail(_ l: Int) -> Bool { rounded[l] || layers[l].hasDetail }

  /// The export formats' view of an answer with these layers.
  func timeline(
    style: String, operation: TransitionOperation, container: Size, duration: Double,
    frameRate: Int, actions: Actions
  ) -> Timeline {
    let info = layers.indices.map { Timeline.LayerInfo(layers[$0], rounded: rounded[$0]) }
    return Timeline(
      style: style, operation: operation, container: container, duration: duration,
      frameRate: frameRate, layers: info, times: times, keyframes: keyframes,
      leftOut: Timeline.beyondFrames(info), details: details, actions: actions)
  }
}
