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
  /// Plan from the state of another plan in flight, keeping its velocities (docs/TIMING.md 14).
  public var retarget: RetargetSpec?

  public init(
    style: String, operation: TransitionOperation, scene: Scene, timing: TimingSpec = .init(),
    frameRate: Int = 60, reduceMotion: Bool = false, reversal: ReversalSpec? = nil,
    retarget: RetargetSpec? = nil
  ) {
    self.style = style
    self.operation = operation
    self.scene = scene
    self.timing = timing
    self.frameRate = frameRate
    self.reduceMotion = reduceMotion
    self.reversal = reversal
    self.retarget = retarget
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
  /// Further problems found with this one (a retarget's in-flight request, its policy and
  /// its moment are judged together), in the order a 422 lists them.
  public var others: [PlanError]

  public init(field: [String], message: String, others: [PlanError] = []) {
    self.field = field
    self.message = message
    self.others = others
  }

  /// This problem and the others, each on its own.
  public var all: [PlanError] {
    [PlanError(field: field, message: message)] + others.flatMap(\.all)
  }

  /// One error for a non-empty list.
  init?(_ list: [PlanError]) {
    guard let first = list.first else { return nil }
    self.init(field: first.field, message: first.message, others: Array(list.dropFirst()))
  }

  /// The same problem at a field of a nested request (`prefix` + field).
  func nested(under prefix: [String]) -> PlanError {
    PlanError(
      field: prefix + field, message: message, others: others.map { $0.nested(under: prefix) })
  }
}
