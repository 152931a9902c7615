import Testing

@testable import TransitionEngine

/// The spring room's seams: one regime rule, the unit step as the oscillator from -1, and the
/// two settling rules each the one its callers were pinned to (docs/TIMING.md 2 and 14).
@Suite("Spring room (Sources/TransitionEngine/Springs)")
struct SpringRoomTests {
  @Test(
    "the regime follows the ratio; without allowOverdamping a ratio above 1 is critical",
    arguments: [
      (0.5, true, SpringRegime.underdamped), (0.9999999999999999, true, .underdamped),
      (1.0, true, .critical), (1.0000000000000002, true, .overdamped),
      (1.0000000000000002, false, .critical), (3.0, false, .critical),
      (Double.nan, false, .critical), (Double.nan, true, .overdamped),
    ])
  func regime(zeta: Double, allow: Bool, expected: SpringRegime) {
    #expect(SpringRegime(dampingRatio: zeta, allowOverdamping: allow) == expected)
  }

  /// Timing springs of all three regimes, with and without initial velocity.
  static let unitSprings: [DampedSpring] = [
    DampedSpring(mass: 1, stiffness: 115.6218, damping: 12.9033, initialVelocity: 1),
    DampedSpring(mass: 2, stiffness: 300, damping: 4, initialVelocity: -3),
    DampedSpring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2),
    DampedSpring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0),
    DampedSpring(
      mass: 1, stiffness: 100, damping: 50, initialVelocity: 0.5, allowOverdamping: true),
  ]

  @Test("a timing's spring is the oscillator started at -1: the same error to the bit")
  func unitStepIsTheOscillator() {
    for spring in Self.unitSprings {
      let oscillator = SpringOscillator(
        e0: -1, velocity: spring.initialVelocity, spring.parameters)
      for t in stride(from: 0.0, through: 2, by: 0.037) {
        #expect(spring.displacement(at: t) == oscillator.error(at: t).value, "\(spring.regime)")
        #expect(oscillator.value(at: t) == oscillator.error(at: t).value)
        // The two velocity orders differ by rounding only.
        let v = spring.velocity(at: t)
        #expect(abs(v - oscillator.error(at: t).velocity) <= 1e-12 * max(1, abs(v)))
      }
      #expect(abs(spring.velocity(at: 0) - spring.initialVelocity) <= 1e-12)
      // The comparison sees one ulp of the start.
      let moved = SpringOscillator(
        e0: -1.0000000000000002, velocity: spring.initialVelocity, spring.parameters)
      #expect(moved.value(at: 0.3) != spring.displacement(at: 0.3))
    }
  }

  @Test(
    "the timing rule's under-damped bound is (|e0| + |b|) e^(-lambda t), at or past the envelope rule's"
  )
  func settlingRules() {
    for spring in Self.unitSprings {
      let oscillator = spring.oscillator
      let timing = oscillator.settlingTime(epsilon: 0.001, rule: .timing)
      let envelope = oscillator.settlingTime(epsilon: 0.001, rule: .envelope)
      #expect(timing == spring.settlingDuration())
      // |e0| + |b| >= hypot(e0, b), and the last crossing of |e| is no later than that of
      // a bound above it.
      if spring.regime == .underdamped {
        #expect(timing >= envelope)
      } else {
        #expect(timing <= envelope + 1e-9, "\(spring.regime)")
      }
      for t in stride(from: timing, through: timing + 1, by: 0.01) {
        #expect(abs(spring.displacement(at: t)) <= 0.001 + 1e-12, "\(spring.regime) \(t)")
      }
    }
  }

  @Test("a gesture's unit step decays by the ratio as given, not as c / (2 sqrt(k)) rounds it")
  func givenRatio() {
    // 2 sqrt(1500) / (2 sqrt(1500)) is exactly 1 here; a ratio given as 1 is critical either way.
    let critical = DampedSpring.settlingDuration(stiffness: 1500, dampingRatio: 1, velocity: 0)
    let computed = DampedSpring(
      mass: 1, stiffness: 1500, damping: 2 * 1500.0.squareRoot(), initialVelocity: 0)
    #expect(computed.regime == .critical)
    #expect(critical == computed.settlingDuration())
    // Above 1 a given ratio stays critical (the timing rule has no over-damped bound of its own).
    #expect(
      DampedSpring.settlingDuration(stiffness: 1500, dampingRatio: 1.5, velocity: 0) == critical)
    // Under-damped, lambda = zeta sqrt(k) from the given ratio.
    let zeta = 0.75
    let lambda = zeta * 200.0.squareRoot()
    let wd = 200.0.squareRoot() * (1 - zeta * zeta).squareRoot()
    let expected = log((1 + abs((lambda - 0.4) / wd)) / 0.001) / lambda
    #expect(
      DampedSpring.settlingDuration(stiffness: 200, dampingRatio: zeta, velocity: 0.4) == expected)
  }

  @Test(
    "UIKit's ratio is clamped to [1.1920929e-7, 1]; a clamped 1 keeps the retarget spring critical")
  func uikitClamp() throws {
    #expect(UIKitSpring.clampedRatio(3) == 1)
    #expect(UIKitSpring.clampedRatio(0) == UIKitSpring.minimumDampingRatio)
    #expect(UIKitSpring.clampedRatio(0.6) == 0.6)
    let timing = try Timing.resolve(
      TimingSpec(duration: 1, curve: .spring(dampingRatio: 4, initialVelocity: 0)),
      defaults: StyleTiming(duration: 1, curve: .spring(dampingRatio: 1, initialVelocity: 0)))
    #expect(SpringParameters(timing)?.regime == .critical)
    let bouncy = try Timing.resolve(
      TimingSpec(duration: 1, curve: .spring(dampingRatio: 0.6, initialVelocity: 0)),
      defaults: StyleTiming(duration: 1, curve: .spring(dampingRatio: 1, initialVelocity: 0)))
    #expect(SpringParameters(bouncy)?.regime == .underdamped)
  }
}
