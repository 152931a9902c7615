/// The timing of a reversal (docs/TIMING.md section 11): what the way back runs with, for one
/// relative start velocity.
struct ReversalTiming {
  /// The forward plan's resolved timing and the request's own timing (for the physical
  /// springs' duration rule).
  var forward: Timing
  var forwardSpec: TimingSpec
  /// `reversal.timing`, replacing the default.
  var given: TimingSpec?
  /// CSS Transitions' reversing shortening factor: the undelayed progress at the reversal,
  /// clamped to [0, 1].
  var shortening: Double

  /// The reversal's curve as a request would state it: the given one, else the forward one.
  var curve: CurveSpec {
    if let curve = given?.curve { return curve }
    switch forward.curve {
    case .bezier(let name, let b):
      return CurveSpec.named(name) ?? .cubicBezier(x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2)
    case .spring(let ratio, _, _):
      return .spring(dampingRatio: ratio, initialVelocity: nil)
    case .springPhysics(let allow, let s):
      return .springPhysics(
        mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: nil,
        allowOverdamping: allow)
    case .springResponse(let response, let ratio, _):
      return .springResponse(response: response, dampingRatio: ratio, initialVelocity: nil)
    case .springBounce(let d, let bounce, _):
      return .springBounce(duration: d, bounce: bounce, initialVelocity: nil)
    }
  }

  /// Where a problem of the way back's curve is reported: at the reversal's curve when it gave
  /// one, else at the reversal itself.
  var field: [String] {
    given?.curve != nil ? ["reversal", "timing", "curve"] : ["reversal", "at"]
  }

  /// Whether the way back is a spring (then tracks with velocities of their own, after a
  /// cascade's delays, get timings of their own).
  var isSpring: Bool {
    switch curve {
    case .spring, .springPhysics, .springResponse, .springBounce: true
    default: false
    }
  }

  /// The resolved timing for a start velocity `v` (relative, UIKit's convention), which a
  /// spring takes unless the given curve states its own.
  func timing(velocity v: Double) throws(PlanError) -> Timing {
    let curve = self.curve
    let duration = given?.duration
    do {
      switch curve {
      case .spring(let ratio, let velocity):
        var zeta = 1.0
        if case .spring(let r, _, _) = forward.curve { zeta = r }
        zeta = ratio ?? zeta
        let v = velocity ?? v
        // UIKit's spring keeps the forward T and solves w0 with the velocity.
        let t = duration ?? forward.duration
        let spring = UIKitSpring.reversalSpring(
          duration: t, dampingRatio: zeta, initialVelocity: v)
        return Timing(
          duration: t, curve: .spring(dampingRatio: zeta, initialVelocity: v, spring))
      case .springPhysics(let m, let k, let c, let velocity, let allow):
        return try Timing.resolve(
          TimingSpec(
            duration: duration ?? forwardSpec.duration,
            curve: .springPhysics(
              mass: m, stiffness: k, damping: c, initialVelocity: velocity ?? v,
              allowOverdamping: allow)),
          defaults: StyleTiming(duration: forward.duration, curve: curve))
      case .springResponse(let r, let ratio, let velocity):
        return try Timing.resolve(
          TimingSpec(
            duration: duration ?? forwardSpec.duration,
            curve: .springResponse(
              response: r, dampingRatio: ratio, initialVelocity: velocity ?? v)),
          defaults: StyleTiming(duration: forward.duration, curve: curve))
      case .springBounce(let d, let bounce, let velocity):
        return try Timing.resolve(
          TimingSpec(
            duration: duration ?? forwardSpec.duration,
            curve: .springBounce(duration: d, bounce: bounce, initialVelocity: velocity ?? v)),
          defaults: StyleTiming(duration: forward.duration, curve: curve))
      default:
        // Bezier and linear: the same curve over the shortened duration.
        return try Timing.resolve(
          TimingSpec(
            duration: duration ?? max(shortening * forward.duration, 0.001), curve: curve),
          defaults: StyleTiming(duration: forward.duration, curve: curve))
      }
    } catch {
      // A spring that settles too late: at the reversal's curve when it gave one, else at
      // the reversal itself.
      throw PlanError(
        field: field,
        message: error.message.replacing(
          "give timing.duration", with: "give reversal.timing.duration"))
    }
  }
}
