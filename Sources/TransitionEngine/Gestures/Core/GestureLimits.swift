/// How much a gesture request may ask for (PlannerService's limits set them).
public struct GestureLimits: Sendable, Hashable {
  /// Keyframes of the answer: layers x times.
  public var maximumKeyframes: Int
  /// Samples of the stream.
  public var maximumSamples: Int
  /// Seconds from the first sample to the last.
  public var maximumSpan: Double

  public init(
    maximumKeyframes: Int = Planner.defaultMaximumKeyframes,
    maximumSamples: Int = GestureStreamChecker.defaultMaximumSamples,
    maximumSpan: Double = GestureStreamChecker.defaultMaximumSpan
  ) {
    self.maximumKeyframes = maximumKeyframes
    self.maximumSamples = maximumSamples
    self.maximumSpan = maximumSpan
  }
}
