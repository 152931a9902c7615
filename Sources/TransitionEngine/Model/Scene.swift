/// What a transition is planned for: the container and the style's inputs (the frames of the
/// elements that move, in container coordinates, points, y down; a style's options).
public struct Scene: Sendable, Hashable {
  public var container: Size
  /// The inputs the style declared (``TransitionStyle/inputs``), decoded.
  public var inputs: StyleValues

  public init(container: Size, inputs: StyleValues = StyleValues()) {
    self.container = container
    self.inputs = inputs
  }

  /// A scene with the seeds' element frames.
  public init(container: Size, source: Rect? = nil, destination: Rect? = nil) {
    var inputs = StyleValues()
    if let source { inputs["source"] = .rect(source) }
    if let destination { inputs["destination"] = .rect(destination) }
    self.init(container: container, inputs: inputs)
  }

  /// The selected element on the list screen (zoom: the cell's image; expand: the row).
  public var source: Rect? { inputs.rect("source") }
  /// The matching element on the detail screen (zoom).
  public var destination: Rect? { inputs.rect("destination") }

  public var bounds: Rect { Rect(x: 0, y: 0, width: container.width, height: container.height) }
}
