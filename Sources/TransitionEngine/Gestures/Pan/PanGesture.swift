/// A recorded pan stream and how it maps to progress.
public struct PanGesture: Sendable, Hashable {
  public var direction: GestureDirection
  /// The progress denominator in points; nil: the container's width (height when vertical).
  public var distance: Double?
  public var samples: [GestureSample]

  public init(
    direction: GestureDirection = .either, distance: Double? = nil, samples: [GestureSample]
  ) {
    self.direction = direction
    self.distance = distance
    self.samples = samples
  }

  /// The denominator used for a container.
  public func resolvedDistance(container: Size) -> Double {
    distance ?? (direction.isVertical ? container.height : container.width)
  }

  /// `clamp(axis / distance, 0, 1)` of one sample.
  @inline(__always)
  public func progress(of sample: GestureSample, distance: Double) -> Double {
    min(max(direction.axis(x: sample.x, y: sample.y) / distance, 0), 1)
  }
}
