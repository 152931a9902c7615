/// The completion of a percent-driven transition after release (docs/TIMING.md section 9): animation
/// time runs from `from * D` to `to * D` (`to` is 1 for a finish, 0 for a cancel) over
/// `duration` seconds of wall clock, the curve mapping the wall-clock fraction to the fraction of
/// that animation time.
public struct PercentDrivenCompletion: Sendable, Hashable {
  /// Progress at release.
  public var from: Double
  /// 1 (finish) or 0 (cancel).
  public var to: Double
  /// Wall-clock seconds.
  public var duration: Double
  public var curve: CompletionCurve
  /// `D`, the non-interactive animation's duration.
  public var animationDuration: Double

  public init(
    from: Double, to: Double, duration: Double, curve: CompletionCurve, animationDuration: Double
  ) {
    self.from = from
    self.to = to
    self.duration = duration
    self.curve = curve
    self.animationDuration = animationDuration
  }

  /// `UIPercentDrivenInteractiveTransition`'s own duration: `(1 - p) * D / speed` to finish,
  /// `p * D / speed` to cancel (a speed <= 0 counts as 1).
  public static func baseDuration(
    progress p: Double, animationDuration d: Double, speed: Double, finishing: Bool
  ) -> Double {
    let s = speed > 0 ? speed : 1
    return (finishing ? 1 - p : p) * d / s
  }

  public var finishes: Bool { to == 1 }

  /// The animation time shown `elapsed` seconds after release; exactly `to * D` at the end, and
  /// exactly `from * D` at 0.
  public func animationTime(atElapsed elapsed: Double) -> Double {
    let start = from * animationDuration
    let end = to * animationDuration
    if elapsed >= duration { return end }
    if elapsed <= 0 { return start }
    return lerp(start, end, curve.bezier.value(at: elapsed / duration))
  }
}
