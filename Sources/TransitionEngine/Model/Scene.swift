/// What a transition is planned for: the container and the frames of the elements that move,
/// in container coordinates (points, y down).
public struct Scene: Sendable, Hashable {
  public var container: Size
  /// The selected element on the list screen (zoom: the cell's image; expand: the row).
  public var source: Rect?
  /// The matching element on the detail screen (zoom).
  public var destination: Rect?
  public var options: StyleOptions

  public init(
    container: Size, source: Rect? = nil, destination: Rect? = nil, options: StyleOptions = .init()
  ) {
    self.container = container
    self.source = source
    self.destination = destination
    self.options = options
  }

  public var bounds: Rect { Rect(x: 0, y: 0, width: container.width, height: container.height) }
}

/// Style-specific knobs. Only cartSheet has any so far.
public struct StyleOptions: Sendable, Hashable {
  /// Radians about the x axis.
  public var tilt: Double
  public var scaleX: Double
  public var scaleY: Double
  /// Eye distance in points (m34 = -1/d); nil renders without perspective, as the seed does.
  public var perspective: Double?

  public init(
    tilt: Double = 0.1, scaleX: Double = 0.85, scaleY: Double = 0.95, perspective: Double? = nil
  ) {
    self.tilt = tilt
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.perspective = perspective
  }
}
