/// `"reversal": {"at", "progress"}` as a reversal's plan echoes it: where the forward plan
/// was interrupted and its undelayed progress there (1 from its timing's end on).
public struct ReversalEcho: Sendable, Hashable {
  public var at: Double
  public var progress: Double

  public init(at: Double, progress: Double) {
    self.at = at
    self.progress = progress
  }
}
