/// What one input sample set: progress and the animation time it shows (`progress * D`).
public struct SampleProgress: Sendable, Hashable {
  /// `tau = t - t0`, seconds from the first sample.
  public var t: Double
  public var progress: Double
  public var animationTime: Double

  public init(t: Double, progress: Double, animationTime: Double) {
    self.t = t
    self.progress = progress
    self.animationTime = animationTime
  }
}
