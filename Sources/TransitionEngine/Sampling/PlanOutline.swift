/// A plan without its keyframes: what a format that describes tracks rather than samples needs
/// (the native exports, docs/API.md). Built by ``Planner/outline(_:maximumKeyframes:)``
/// without sampling anything, or taken from a sampled ``Plan``.
public struct PlanOutline: Sendable {
  public var style: String
  public var operation: TransitionOperation
  public var container: Size
  public var timing: Timing
  public var duration: Double
  public var frameRate: Int
  public var choreography: Choreography
  public var reduceMotion: Bool
  public var reversal: ReversalEcho?
  public var retarget: RetargetEcho?

  public init(
    style: String, operation: TransitionOperation, container: Size, timing: Timing,
    duration: Double, frameRate: Int, choreography: Choreography, reduceMotion: Bool = false,
    reversal: ReversalEcho? = nil, retarget: RetargetEcho? = nil
  ) {
    self.style = style
    self.operation = operation
    self.container = container
    self.timing = timing
    self.duration = duration
    self.frameRate = frameRate
    self.choreography = choreography
    self.reduceMotion = reduceMotion
    self.reversal = reversal
    self.retarget = retarget
  }

  /// The plan's sample times (docs/API.md `frameRate`): where sampled rows start from.
  public var grid: [Double] { FrameGrid.times(duration: duration, frameRate: frameRate) }
}

extension Plan {
  public var outline: PlanOutline {
    PlanOutline(
      style: style, operation: operation, container: scene.container, timing: timing,
      duration: duration, frameRate: frameRate, choreography: choreography,
      reduceMotion: reduceMotion, reversal: reversal, retarget: retarget)
  }
}

extension Planner {
  /// The plan of `request` without sampling it: the same validation and the same refusals as
  /// ``plan(_:maximumKeyframes:)`` (the keyframe limit counts the keyframes the plan would
  /// have), so a request is accepted or refused alike whatever the answer's format.
  public static func outline(
    _ request: PlanRequest, maximumKeyframes: Int = defaultMaximumKeyframes
  ) throws(PlanError) -> PlanOutline {
    let prepared = try prepare(request)
    let duration =
      prepared.duration ?? prepared.choreography.duration(with: prepared.timing)
    try checkKeyframes(
      layers: prepared.choreography.layers.count, duration: duration,
      frameRate: request.frameRate, maximum: maximumKeyframes)
    return PlanOutline(
      style: prepared.style.name, operation: request.operation,
      container: request.scene.container, timing: prepared.timing, duration: duration,
      frameRate: request.frameRate, choreography: prepared.choreography,
      reduceMotion: request.reduceMotion, reversal: prepared.reversal,
      retarget: prepared.retarget)
  }

  /// The 422 at `/frameRate` of a plan that would have more keyframes than `maximum`.
  static func checkKeyframes(layers: Int, duration: Double, frameRate: Int, maximum: Int)
    throws(PlanError)
  {
    let count = FrameGrid.count(duration: duration, frameRate: frameRate)
    let total = count * layers
    guard total <= maximum else {
      throw PlanError(
        field: ["frameRate"],
        message:
          "\(layers) layers x \(count) frames = \(total) keyframes, over the limit of \(maximum): lower frameRate or duration"
      )
    }
  }
}
