import Testing

@testable import TransitionEngine

@Suite("Cubic-bezier curves (docs/TIMING.md section 1)")
struct BezierTests {
  @Test("easeInOut matches the reference table at x = 0.1 ... 0.9")
  func easeInOutReference() {
    let expected = [
      0.019722454, 0.081659856, 0.187395907, 0.331883870, 0.5, 0.668116130, 0.812604093,
      0.918340144,
      0.980277546,
    ]
    for (i, y) in expected.enumerated() {
      let x = Double(i + 1) / 10
      #expect(abs(UnitBezier.easeInOut.value(at: x) - y) < 5e-10, "easeInOut(\(x))")
    }
  }

  @Test("easeIn, easeOut and default reference values")
  func namedReferences() {
    #expect(abs(UnitBezier.easeIn.value(at: 0.5) - 0.315357) < 5e-7)
    #expect(abs(UnitBezier.easeOut.value(at: 0.5) - 0.684643) < 5e-7)
    #expect(abs(UnitBezier.default.value(at: 0.25) - 0.408511) < 5e-7)
    #expect(
      UnitBezier.linear.value(at: 0.3) == 0.3 || abs(UnitBezier.linear.value(at: 0.3) - 0.3) < 1e-12
    )
  }

  @Test(
    "Material's curves match the reference values at x = 0.25, 0.5, 0.75, by name and resolved",
    arguments: [
      ("fastOutSlowIn", [0.236587, 0.775561, 0.959368]),
      ("linearOutSlowIn", [0.577573, 0.839245, 0.964216]),
      ("fastOutLinearIn", [0.098627, 0.324815, 0.630085]),
    ])
  func materialReferences(name: String, expected: [Double]) throws {
    let spec = try #require(CurveSpec.named(name))
    #expect(spec.typeName == name)
    #expect(CurveSpec.typeNames.contains(name))
    let timing = try Timing.resolve(
      TimingSpec(duration: 2, curve: spec), defaults: StyleTiming(duration: 1, curve: .linear))
    #expect(timing.duration == 2)
    for (i, y) in expected.enumerated() {
      let x = Double(i + 1) / 4
      #expect(abs(try #require(spec.namedBezier).value(at: x) - y) < 5e-7, "\(name)(\(x))")
      #expect(abs(timing.progress(at: 2 * x) - y) < 5e-7, "\(name) at t = \(2 * x) s of 2")
    }
  }

  static let curves: [UnitBezier] = [
    .linear, .easeIn, .easeOut, .easeInOut, .default, .fastOutSlowIn, .linearOutSlowIn,
    .fastOutLinearIn,
    // y overshoots below 0 and above 1 (back-in-out), steep starts, flat middles.
    UnitBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
    UnitBezier(x1: 0, y1: 1.8, x2: 1, y2: -0.8),
    UnitBezier(x1: 1, y1: 0, x2: 0, y2: 1),
    UnitBezier(x1: 0.01, y1: 0.99, x2: 0.99, y2: 0.01),
    UnitBezier(x1: 0.5, y1: 0, x2: 0.5, y2: 1),
  ]

  @Test("the solver inverts time: X(s) = x within 1e-12 for every x in [0, 1]", arguments: curves)
  func solverInvertsTime(curve: UnitBezier) {
    for i in 0...2000 {
      let x = Double(i) / 2000
      let s = curve.solveCurveX(x)
      #expect(abs(curve.sampleX(s) - x) < 1e-12, "x = \(x), s = \(s)")
    }
  }

  @Test("p(0) = 0 and p(1) = 1 for every curve", arguments: curves)
  func endpoints(curve: UnitBezier) {
    #expect(curve.value(at: 0) == 0)
    #expect(curve.value(at: 1) == 1)
  }

  @Test("a curve whose y overshoots keeps the overshoot")
  func overshoot() {
    let back = UnitBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55)
    let values = (1..<100).map { back.value(at: Double($0) / 100) }
    #expect(values.min()! < 0)
    #expect(values.max()! > 1)
  }

  @Test("outside [0, 1] the curve extends along its end slopes")
  func extrapolation() {
    // easeOut starts with slope y2/x2 ... Chromium's rule: x1 = 0, y1 = 0 -> y2 / x2.
    #expect(abs(UnitBezier.easeOut.value(at: -0.1) - (-0.1 * 1 / 0.58)) < 1e-12)
    // easeIn ends with slope (y1 - 1) / (x1 - 1) = 1 / 0.58.
    #expect(abs(UnitBezier.easeIn.value(at: 1.1) - (1 + 0.1 / 0.58)) < 1e-12)
    #expect(UnitBezier.linear.value(at: 2) == 2)
  }

  @Test(
    "values are monotonic for curves whose y control points stay in [0, 1]",
    arguments: [UnitBezier.easeIn, .easeOut, .easeInOut, .default])
  func monotonic(curve: UnitBezier) {
    var last = 0.0
    for i in 1...1000 {
      let v = curve.value(at: Double(i) / 1000)
      #expect(v >= last)
      last = v
    }
  }
}
