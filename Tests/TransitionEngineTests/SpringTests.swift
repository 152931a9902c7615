import Testing

@testable import TransitionEngine

@Suite("Springs (docs/TIMING.md sections 2-4)")
struct SpringTests {
  @Test(
    "UIKit's duration-based spring solves w0, k and c as the reference table says",
    arguments: [
      (1.0, 0.6, 1.0, 10.752760, 115.6218, 12.9033),
      (1.0, 0.6, 0.0, 11.033455, 121.7371, 13.2401),
      (1.0, 1.0, 0.0, 9.233413, 85.2559, 18.4668),
    ])
  func uikitReference(t: Double, zeta: Double, v: Double, w0: Double, k: Double, c: Double) {
    let spring = UIKitSpring.spring(duration: t, dampingRatio: zeta, initialVelocity: v)
    #expect(abs(spring.omega0 - w0) < 5e-7)
    #expect(abs(spring.stiffness - k) < 5e-5)
    #expect(abs(spring.damping - c) < 5e-5)
    #expect(spring.mass == 1)
  }

  @Test("T = 3, zeta = 0.25 gives k and c to full precision")
  func uikitLongSpring() {
    let spring = UIKitSpring.spring(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
    #expect(abs(spring.stiffness - 54.83363359078326) < 1e-9)
    #expect(abs(spring.damping - 3.702486785620688) < 1e-11)
    #expect(abs(spring.omega0 - 7.404974) < 5e-7)
  }

  @Test(
    "with v = 0 Newton lands on the closed form w0 = ln(zeta / (0.001 sqrt(1 - zeta^2))) / (zeta T)"
  )
  func closedForm() {
    for (t, zeta) in [(0.5, 0.3), (1.0, 0.6), (2.0, 0.8), (0.35, 0.5)] {
      let w = UIKitSpring.naturalFrequency(duration: t, dampingRatio: zeta, initialVelocity: 0)
      let exact = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * t)
      #expect(abs(w - exact) < 1e-9, "T = \(t), zeta = \(zeta)")
    }
  }

  @Test(
    "the zoom push spring (T 1, zeta 0.6, v 1) matches p(t) at t = 0.1 ... 0.9 and ends at exactly 1"
  )
  func zoomPushCurve() throws {
    let expected = [
      0.405842126, 0.868579521, 1.073565160, 1.086507094, 1.038955774, 1.002853618, 0.991232981,
      0.993215207, 0.997769467,
    ]
    let timing = try Timing.resolve(
      TimingSpec(),
      defaults: StyleTiming(duration: 1, curve: .spring(dampingRatio: 0.6, initialVelocity: 1)))
    for (i, p) in expected.enumerated() {
      let t = Double(i + 1) / 10
      #expect(abs(timing.progress(at: t) - p) < 5e-9, "p(\(t))")
    }
    #expect(timing.progress(at: 1.0) == 1)
    #expect(timing.progress(at: 0) == 0)
  }

  @Test("a damping ratio above 1 behaves exactly like 1; below the minimum it is clamped")
  func clamps() {
    let over = UIKitSpring.spring(duration: 1, dampingRatio: 3, initialVelocity: 0)
    let one = UIKitSpring.spring(duration: 1, dampingRatio: 1, initialVelocity: 0)
    #expect(over == one)
    let zero = UIKitSpring.spring(duration: 1, dampingRatio: 0, initialVelocity: 0)
    #expect(abs(zero.dampingRatio - UIKitSpring.minimumDampingRatio) < 1e-15)
    #expect(zero.stiffness > 0 && zero.omega0 == 5)  // no positive root: the starting frequency
    // T is clamped to [0.01, 10] for the solve only.
    let long = UIKitSpring.naturalFrequency(duration: 30, dampingRatio: 0.5, initialVelocity: 0)
    let ten = UIKitSpring.naturalFrequency(duration: 10, dampingRatio: 0.5, initialVelocity: 0)
    #expect(long == ten)
  }

  @Test("closed forms satisfy x(0) = -1, x'(0) = v and the equation of motion")
  func equationOfMotion() {
    let springs = [
      DampedSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
      DampedSpring(mass: 2, stiffness: 300, damping: 4, initialVelocity: 3),
      DampedSpring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -2),  // critical
      DampedSpring(
        mass: 1, stiffness: 100, damping: 50, initialVelocity: 1, allowOverdamping: true),
    ]
    let h = 1e-4
    for s in springs {
      #expect(abs(s.displacement(at: 0) + 1) < 1e-12)
      let v0 = (s.displacement(at: h) - s.displacement(at: -h)) / (2 * h)
      #expect(abs(v0 - s.initialVelocity) < 1e-5)
      for t in stride(from: 0.05, through: 1.0, by: 0.05) {
        let x = s.displacement(at: t)
        let dx = (s.displacement(at: t + h) - s.displacement(at: t - h)) / (2 * h)
        let ddx = (s.displacement(at: t + h) - 2 * x + s.displacement(at: t - h)) / (h * h)
        let residual = s.mass * ddx + s.damping * dx + s.stiffness * x
        #expect(abs(residual) < 1e-2 * max(1, s.stiffness * abs(x)), "t = \(t)")
      }
    }
  }

  @Test("without allowOverdamping a ratio above 1 is treated as critical with w0 = sqrt(k/m)")
  func overdampingTreatedAsCritical() {
    let s = DampedSpring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0)
    #expect(s.regime == .critical)
    #expect(abs(s.displacement(at: 0.1) - exp(-1) * (-1 - 1)) < 1e-12)
    let o = DampedSpring(
      mass: 1, stiffness: 100, damping: 50, initialVelocity: 0, allowOverdamping: true)
    #expect(o.regime == .overdamped)
    #expect(o.displacement(at: 0.1) < s.displacement(at: 0.1))  // over-damped is slower
  }

  @Test("settling duration: under-damped formula and the critical root")
  func settling() {
    let s = DampedSpring()  // m 1, k 100, c 10: zeta 0.5
    let lambda = 5.0
    let wd = 10 * (1 - 0.25).squareRoot()
    let expected = log((1 + abs(lambda / wd)) / 0.001) / lambda
    #expect(abs(s.settlingDuration() - expected) < 1e-12)
    let c = DampedSpring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
    let t = c.settlingDuration()
    #expect(abs((1 + 10 * t) * exp(-10 * t) - 0.001) < 1e-9)
  }

  @Test("springResponse and springBounce map to k and c as SwiftUI does")
  func parameterisations() throws {
    let defaults = StyleTiming(duration: 0.5, curve: .easeInOut)
    let r = try Timing.resolve(
      TimingSpec(curve: .springResponse(response: 0.5, dampingRatio: 0.8)), defaults: defaults)
    let rs = try #require(r.curve.dampedSpring)
    #expect(abs(rs.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
    #expect(abs(rs.damping - 4 * .pi * 0.8 / 0.5) < 1e-9)
    #expect(abs(r.duration - rs.settlingDuration()) < 1e-12)

    let b = try Timing.resolve(
      TimingSpec(curve: .springBounce(duration: 0.4, bounce: 0.3)), defaults: defaults)
    let bs = try #require(b.curve.dampedSpring)
    #expect(abs(bs.dampingRatio - 0.7) < 1e-12)
    let n = try Timing.resolve(
      TimingSpec(curve: .springBounce(duration: 0.4, bounce: -0.5)), defaults: defaults)
    let ns = try #require(n.curve.dampedSpring)
    #expect(abs(ns.dampingRatio - 2) < 1e-12)
    #expect(ns.regime == .overdamped)
  }

  @Test(
    "springPhysics lasts timing.duration when given, else its settling duration; over 60 s it is refused"
  )
  func physicsDuration() throws {
    let defaults = StyleTiming(duration: 0.5, curve: .easeInOut)
    let physics = CurveSpec.springPhysics(
      mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, allowOverdamping: nil)
    let settled = try Timing.resolve(TimingSpec(curve: physics), defaults: defaults)
    #expect(abs(settled.duration - DampedSpring().settlingDuration()) < 1e-12)
    let cut = try Timing.resolve(TimingSpec(duration: 0.3, curve: physics), defaults: defaults)
    #expect(cut.duration == 0.3)
    #expect(cut.progress(at: 0.3) == 1)
    let slow = CurveSpec.springPhysics(
      mass: 1, stiffness: 1, damping: 0.01, initialVelocity: 0, allowOverdamping: nil)
    #expect(throws: TimingError.self) {
      try Timing.resolve(TimingSpec(curve: slow), defaults: defaults)
    }
    let undamped = CurveSpec.springPhysics(
      mass: 1, stiffness: 100, damping: 0, initialVelocity: 0, allowOverdamping: nil)
    #expect(throws: TimingError.self) {
      try Timing.resolve(TimingSpec(curve: undamped), defaults: defaults)
    }
    #expect(
      try Timing.resolve(TimingSpec(duration: 2, curve: undamped), defaults: defaults).duration == 2
    )
  }

  @Test("UISpringTimingParameters() default (m 3, k 1000, c 500) is critically damped")
  func privateCurveSeven() {
    let s = DampedSpring(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)
    #expect(s.regime == .critical)
    #expect(abs(s.omega0 - (1000.0 / 3).squareRoot()) < 1e-12)
  }

  static let allCurves: [CurveSpec] = [
    .linear, .easeIn, .easeOut, .easeInOut, .default,
    .cubicBezier(x1: 0.3, y1: -0.4, x2: 0.7, y2: 1.4),
    .spring(dampingRatio: 0.6, initialVelocity: 1), .spring(dampingRatio: 1, initialVelocity: 0),
    .springPhysics(
      mass: 1, stiffness: 200, damping: 15, initialVelocity: 2, allowOverdamping: false),
    .springPhysics(
      mass: 1, stiffness: 100, damping: 40, initialVelocity: 0, allowOverdamping: true),
    .springResponse(response: 0.55, dampingRatio: 0.825), .springBounce(duration: 0.5, bounce: 0.2),
    .springBounce(duration: 0.5, bounce: -0.4),
  ]

  @Test("p(0) = 0 and p(end) = 1 for every curve type", arguments: allCurves)
  func endpointsOfEveryCurve(curve: CurveSpec) throws {
    let timing = try Timing.resolve(
      TimingSpec(curve: curve), defaults: StyleTiming(duration: 0.7, curve: .easeInOut))
    #expect(timing.progress(at: 0) == 0)
    #expect(timing.progress(at: timing.duration) == 1)
    #expect(timing.duration > 0 && timing.duration <= 60)
  }
}
