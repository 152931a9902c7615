/// How a spring returns to rest. The one place a damping ratio becomes a regime: the timing
/// springs (docs/TIMING.md 2), the retarget springs (14) and the gesture springs
/// (docs/GESTURES.md 3.2) all ask here.
public enum SpringRegime: Sendable, Hashable {
  case underdamped, critical, overdamped

  /// Below 1 under-damped, exactly 1 critical, above 1 over-damped; with
  /// `allowOverdamping == false` a ratio above 1 is critical, as Core Animation's spring is
  /// without `allowsOverdamping`. A NaN ratio is critical or over-damped by the same rule.
  public init(dampingRatio zeta: Double, allowOverdamping: Bool = true) {
    if zeta < 1 {
      self = .underdamped
    } else if zeta == 1 || !allowOverdamping {
      self = .critical
    } else {
      self = .overdamped
    }
  }
}
