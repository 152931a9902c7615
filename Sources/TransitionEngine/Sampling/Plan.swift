/// A planned transition: the choreography, its timing and its keyframes.
public struct Plan: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var scene: Scene
  public var timing: Timing
  /// Plan time from start to end: the timing's duration plus the latest track delay.
  public var duration: Double { timing.duration + choreography.latestDelay }
  public var frameRate: Int
  public var choreography: Choreography
  public var times: [Double]
  /// `keyframes[layer][sample]`: every layer has a keyframe at every sample time.
  public var keyframes: [[LayerState]]
  /// `details[layer][sample]` for the layers with ``Layer/hasDetail``; empty for the others.
  public var details: [[LayerDetail]] = []

  /// The details of layer `index` (empty when it has none).
  public func details(ofLayer index: Int) -> [LayerDetail] {
    index < details.count ? details[index] : []
  }
}
