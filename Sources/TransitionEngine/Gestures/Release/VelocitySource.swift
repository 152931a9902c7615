/// Where a release velocity came from.
public enum VelocitySource: String, Sendable, Hashable {
  /// The release sample's `vx`/`vy` (`UIPanGestureRecognizer.velocity(in:)`).
  case samples
  /// Estimated from positions by walking back from the release (docs/TIMING.md section 9).
  case positions
}
