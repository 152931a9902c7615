/// A planned transition: the choreography, its timing and its keyframes.
public struct Plan: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var scene: Scene
  public var timing: Timing
  /// Plan time from start to end: the timing's duration plus the latest track delay.
  public var duration: Double { choreography.duration(with: timing) }
  public var frameRate: Int
  public var choreography: Choreography
  public var times: [Double]
  /// `keyframes[layer][sample]`: every layer has a keyframe at every sample time.
  public var keyframes: [[LayerState]]
  /// `details[layer][sample]` for the layers with ``Layer/hasDetail``; empty for the others.
  public var details: [[LayerDetail]] = []
  /// Whether the plan is reduced motion's dissolve (echoed).
  public var reduceMotion = false
  /// For a reversal: where the forward plan was interrupted (echoed).
  public var reversal: ReversalEcho?
  /// For a retarget: where the plan in flight was, how running tracks continued, how long it
  /// lasted (echoed).
  public var retarget: RetargetEcho?
  /// The request it was planned from (exports name it, so a player can ask for its reversal).
  public var request: PlanRequest?

  /// The details of layer `index` (empty when it has none).
  public func details(ofLayer index: Int) -> [LayerDetail] {
    index < details.count ? details[index] : []
  }
}
