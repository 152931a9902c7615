/// The clock a plain path runs on: `timing`'s progress after `delay`, on the plan's time plus
/// `shift` (an additive track's in-flight track runs `at` seconds ahead of the retarget plan).
/// The end is decided by `t >= delay + duration`, summed once (docs/TIMING.md 10).
public struct PathClock: Sendable, Hashable {
  public var timing: Timing
  public var delay: Double
  public var shift: Double

  public init(timing: Timing, delay: Double, shift: Double = 0) {
    self.timing = timing
    self.delay = delay
    self.shift = shift
  }

  public var end: Double { delay + timing.duration }

  @inline(__always)
  public func progress(at t: Double) -> Double {
    timing.progress(at: t + shift, delay: delay, end: end)
  }

  /// dP/dt at plan time `t`: 0 outside the open span.
  func rate(at t: Double) -> Double {
    let x = t + shift
    return x <= delay || x >= end ? 0 : timing.velocity(at: x - delay)
  }
}
