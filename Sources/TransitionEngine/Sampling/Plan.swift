/// A planned transition: the choreography, its timing and its keyframes.
public struct Plan: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var scene: Scene
  public var timing: Timing
  public var frameRate: Int
  public var choreography: Choreography
  public var times: [Double]
  /// `keyframes[layer][sample]`: every layer has a keyframe at every sample time.
  public var keyframes: [[LayerState]]
}
