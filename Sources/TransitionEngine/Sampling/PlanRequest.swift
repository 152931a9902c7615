/// Everything the engine needs to plan a transition; the service builds it from JSON.
public struct PlanRequest: Sendable, Hashable {
  public var style: String
  public var operation: TransitionOperation
  public var scene: Scene
  public var timing: TimingSpec
  public var frameRate: Int

  public init(
    style: String, operation: TransitionOperation, scene: Scene, timing: TimingSpec = .init(),
    frameRate: Int = 60
  ) {
    self.style = style
    self.operation = operation
    self.scene = scene
    self.timing = timing
    self.frameRate = frameRate
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
