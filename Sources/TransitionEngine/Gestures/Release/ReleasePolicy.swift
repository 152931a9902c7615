/// How a released gesture chooses between finishing and cancelling (docs/TIMING.md section 9).
public enum ReleasePolicy: Sendable, Hashable {
  /// The seed's rule: finish iff progress > threshold.
  case threshold(threshold: Double = 0.35)
  /// WWDC 2018 "Designing Fluid Interfaces": finish iff progress plus the distance the finger
  /// would still travel, decelerating by `decelerationRate` per millisecond, reaches one half.
  case projected(decelerationRate: Double = 0.998)
  /// UIKit's back-swipe rule as reverse-engineered: position, velocity and acceleration
  /// extrapolated over the animation's duration, with a faster completion for fast fingers.
  case system

  public static let defaultThreshold = 0.35
  /// `UIScrollView.DecelerationRate.normal`; `.fast` is 0.99.
  public static let normalDecelerationRate = 0.998
  public static let fastDecelerationRate = 0.99
  /// The `system` rule's limit is `min(systemLimitPoints / distance, 0.5)`.
  public static let systemLimitPoints = 187.5

  public static let names = ["threshold", "projected", "system"]

  public var name: String {
    switch self {
    case .threshold: "threshold"
    case .projected: "projected"
    case .system: "system"
    }
  }

  /// How much further (points) a finger moving at `velocity` pt/s travels while decelerating
  /// by `rate` per millisecond: `(velocity / 1000) * rate / (1 - rate)`.
  public static func projectedDistance(velocity: Double, decelerationRate rate: Double) -> Double {
    (velocity / 1000) * rate / (1 - rate)
  }

  /// Applies the rule to a release at progress `p` moving at `u` pt/s with acceleration `a`
  /// pt/s^2, for a progress denominator of `distance` points and an animation of `duration` seconds.
  public func evaluate(
    progress p: Double, velocity u: Double, acceleration a: Double, distance: Double,
    animationDuration duration: Double
  ) -> (finishes: Bool, comparison: ReleaseComparison) {
    switch self {
    case .threshold(let threshold):
      return (p > threshold, .threshold(threshold: threshold))
    case .projected(let rate):
      let projection = Self.projectedDistance(velocity: u, decelerationRate: rate)
      let projected = p + projection / distance
      return (
        projected >= 0.5,
        .projected(decelerationRate: rate, projection: projection, projectedProgress: projected)
      )
    case .system:
      let score = p + (u / distance) * duration + 0.5 * (a / distance) * duration * duration
      let limit = min(Self.systemLimitPoints / distance, 0.5)
      return (score > limit, .system(score: score, limit: limit))
    }
  }
}
