/// The part of a plan that export formats draw: what each layer is, when the samples are and
/// what every layer looks like at each. `Plan` and `PanPlan` both provide one, so an
/// exporter is written once for both routes.
public struct Timeline: Sendable {
  public struct LayerInfo: Sendable, Hashable {
    public var id: String
    public var content: LayerContent
    public var anchor: Point
    /// Whether its samples report a corner radius, a content frame and a shadow (with the
    /// shadow's colour, blur and offset): what ``Timeline/details`` hold for it.
    public var reportsCornerRadius = false
    public var hasContentFrame = false
    public var shadow: LayerShadow? = nil

    public init(id: String, content: LayerContent, anchor: Point) {
      self.id = id
      self.content = content
      self.anchor = anchor
    }

    /// Whether ``Timeline/details`` has samples for this layer.
    public var hasDetail: Bool { reportsCornerRadius || hasContentFrame || shadow != nil }
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
  /// `details[layer][sample]` for the layers with ``LayerInfo/hasDetail``, else empty.
  public var details: [[LayerDetail]] = []
  /// The plan's discrete changes (a player applies start before the first frame, finish or
  /// cancel after the last).
  public var actions = Actions(start: [], finish: [], cancel: [])
  /// What the plan has beyond frames, alphas and transforms (delays act through the samples):
  /// any of `cornerRadius`, `contentFrame` and `shadow`, which ``details`` hold. An export
  /// that cannot draw one says so.
  public var leftOut: [String]

  public init(
    style: String, operation: TransitionOperation, container: Size, duration: Double,
    frameRate: Int, layers: [LayerInfo], times: [Double], keyframes: [[LayerState]],
    leftOut: [String] = [], details: [[LayerDetail]] = [],
    actions: Actions = Actions(start: [], finish: [], cancel: [])
  ) {
    self.leftOut = leftOut
    self.details = details
    self.actions = actions
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

extension Timeline.LayerInfo {
  /// A plan layer as exports see it; `rounded` when its keyframes report a corner radius its
  /// own tracks do not give it (a `back` pattern's rounded screens).
  init(_ layer: Layer, rounded: Bool = false) {
    self.init(id: layer.id, content: layer.content, anchor: layer.anchor)
    reportsCornerRadius = layer.reportsCornerRadius || rounded
    hasContentFrame = layer.contentFrame != nil
    shadow = layer.shadow
  }
}

extension Timeline {
  /// ``leftOut`` for these layers: what of `cornerRadius`, `contentFrame` and `shadow` they
  /// have.
  static func beyondFrames(_ layers: [LayerInfo]) -> [String] {
    var out: [String] = []
    if layers.contains(where: \.reportsCornerRadius) { out.append("cornerRadius") }
    if layers.contains(where: \.hasContentFrame) { out.append("contentFrame") }
    if layers.contains(where: { $0.shadow != nil }) { out.append("shadow") }
    return out
  }
}

extension Choreography {
  var timelineLayers: [Timeline.LayerInfo] { layers.map { Timeline.LayerInfo($0) } }
}

extension Plan {
  public var timeline: Timeline {
    Timeline(
      style: style, operation: operation, container: scene.container, duration: duration,
      frameRate: frameRate, layers: choreography.timelineLayers, times: times,
      keyframes: keyframes, leftOut: Timeline.beyondFrames(choreography.timelineLayers),
      details: details,
      actions: choreography.actions)
  }
}

extension PanPlan {
  /// The wall-clock timeline: the scrubbed animation while the finger is down, then the
  /// completion.
  public var timeline: Timeline {
    Timeline(
      style: style, operation: operation, container: container, duration: duration,
      frameRate: frameRate, layers: choreography.timelineLayers, times: times,
      keyframes: keyframes, leftOut: Timeline.beyondFrames(choreography.timelineLayers),
      details: details,
      actions: choreography.actions)
  }
}
