/// The part of a plan that export formats draw: what each layer is, when the samples are and
/// what every layer looks like at each. `Plan` and `InteractionPlan` both provide one, so an
/// exporter is written once for both routes.
public struct Timeline: Sendable {
  public struct LayerInfo: Sendable, Hashable {
    public var id: String
    public var content: LayerContent
    public var anchor: Point

    public init(id: String, content: LayerContent, anchor: Point) {
      self.id = id
      self.content = content
      self.anchor = anchor
    }
  }

  public var style: String
  public var operation: TransitionOperation
  public var container: Size
  /// Seconds from the first sample (time 0) to the last.
  public var duration: Double
  public var frameRate: Int
  /// Bottom to top.
  public var layers: [LayerInfo]
  /// Sample times in seconds, ascending, the first 0 and the last `duration`.
  public var times: [Double]
  /// `keyframes[layer][sample]`.
  public var keyframes: [[LayerState]]

  public init(
    style: String, operation: TransitionOperation, container: Size, duration: Double,
    frameRate: Int, layers: [LayerInfo], times: [Double], keyframes: [[LayerState]]
  ) {
    self.style = style
    self.operation = operation
    self.container = container
    self.duration = duration
    self.frameRate = frameRate
    self.layers = layers
    self.times = times
    self.keyframes = keyframes
  }

  /// The geometry of layer `layer` at sample `sample` (frame, anchor and transform together,
  /// for projecting its corners).
  public func geometry(layer: Int, sample: Int) -> LayerGeometry {
    let state = keyframes[layer][sample]
    return LayerGeometry(
      frame: state.frame, anchor: layers[layer].anchor, transform: state.transform)
  }
}

extension Choreography {
  var timelineLayers: [Timeline.LayerInfo] {
    layers.map { Timeline.LayerInfo(id: $0.id, content: $0.content, anchor: $0.anchor) }
  }
}

extension Plan {
  public var timeline: Timeline {
    Timeline(
      style: style, operation: operation, container: scene.container, duration: duration,
      frameRate: frameRate, layers: choreography.timelineLayers, times: times,
      keyframes: keyframes)
  }
}

extension InteractionPlan {
  /// The wall-clock timeline: the scrubbed animation while the finger is down, then the
  /// completion.
  public var timeline: Timeline {
    Timeline(
      style: style, operation: operation, container: container, duration: duration,
      frameRate: frameRate, layers: choreography.timelineLayers, times: times,
      keyframes: keyframes)
  }
}
