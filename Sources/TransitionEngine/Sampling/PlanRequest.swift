/// Everything the engine needs to plan a transition; the service builds it from JSON.
public struct PlanRequest: Sendable, Hashable {
  public var style: String
  public var operation: TransitionOperation
  public var scene: Scene
  public var timing: TimingSpec
  public var frameRate: Int
  /// A dissolve instead of the style's motion (docs/STYLES.md "Reduced motion").
  public var reduceMotion: Bool
  /// Plan the transition going back from its state at a plan time (docs/TIMING.md 11).
  public var reversal: ReversalSpec?

  public init(
    style: String, operation: TransitionOperation, scene: Scene, timing: TimingSpec = .init(),
    frameRate: Int = 60, reduceMotion: Bool = false, reversal: ReversalSpec? = nil
  ) {
    self.style = style
    self.operation = operation
    self.scene = scene
    self.timing = timing
    self.frameRate = frameRate
    self.reduceMotion = reduceMotion
    self.reversal = reversal
  }
}

/// `"reversal": {"at", "timing"}`: where the forward plan is interrupted, and the timing of the
/// way back when the default (docs/TIMING.md section 11) is not wanted.
public struct ReversalSpec: Sendable, Hashable {
  /// Plan time of the forward plan, (0, its duration].
  public var at: Double
  public var timing: TimingSpec?

  public init(at: Double, timing: TimingSpec? = nil) {
    self.at = at
    self.timing = timing
  }
}

/// A request the engine cannot plan, with the request field it concerns (as path segments).
public struct PlanError: Error, Sendable, Hashable {
  public var field: [String]
  public var message: String

  public init(field: [String], message: String) {
    self.field = field
    self.message = message
  }
}
