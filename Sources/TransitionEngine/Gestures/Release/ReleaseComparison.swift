/// The figures a release policy compared, as the response's `reason` reports them.
public enum ReleaseComparison: Sendable, Hashable {
  /// Finish iff progress > threshold.
  case threshold(threshold: Double)
  /// `projection` points further, `projectedProgress = progress + projection / distance`;
  /// finish iff projectedProgress >= 0.5.
  case projected(decelerationRate: Double, projection: Double, projectedProgress: Double)
  /// `score = p + (u / distance) D + 0.5 (a / distance) D^2`; finish iff score > limit.
  case system(score: Double, limit: Double)
}
