/// What a touch stream (a pan's, a drag to dismiss's) decides at its last sample and how its
/// plan part completes (docs/TIMING.md section 9): the kinds that read touches share these.
enum TouchRelease {
  /// Pending while the finger is down, a cancel when the system ended the touch, the
  /// policy's decision at an `ended` sample.
  static func decision(_ state: GestureState, policyFinishes: Bool) -> InteractionDecision {
    switch state {
    case .began, .changed: .pending
    case .cancelled, .failed: .cancel
    case .ended: policyFinishes ? .finish : .cancel
    }
  }

  /// The percent-driven completion from progress `p` at the release: UIKit's duration at the
  /// request's speed, and under the `system` policy no slower than the finger's `velocity`
  /// (points per second along the progress axis) would cover the rest of `distance`.
  static func completion(
    from p: Double, finishing: Bool, animationDuration d: Double, speed: Double,
    curve: CompletionCurve, policy: ReleasePolicy, state: GestureState, velocity: Double,
    distance: Double
  ) -> PercentDrivenCompletion {
    var duration = PercentDrivenCompletion.baseDuration(
      progress: p, animationDuration: d, speed: speed, finishing: finishing)
    if case .system = policy, state == .ended, velocity != 0 {
      let remaining = finishing ? 1 - p : p
      duration = min(duration, remaining * distance / abs(velocity))
    }
    return PercentDrivenCompletion(
      from: p, to: finishing ? 1 : 0, duration: duration, curve: curve, animationDuration: d)
  }
}
