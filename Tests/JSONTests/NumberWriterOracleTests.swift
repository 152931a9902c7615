import Foundation
import XCTest

@testable import JSON

/// The number writer's fast paths (plain shifts, the integer digits moved without memmove, four
/// digits at a time) against the writer they replaced (``ReferenceNumberText``), on millions of
/// doubles: every byte must agree. `NUMBER_ORACLE_COUNT` sets how many per family (default
/// 500,000; six families).
final class NumberWriterOracleTests: XCTestCase {
  static let perFamily =
    ProcessInfo.processInfo.environment["NUMBER_ORACLE_COUNT"].flatMap { Int($0) } ?? 500_000

  /// The values among `values` whose text differs from `reference`'s (at most `limit` kept).
  func disagreements(
    _ values: some Sequence<Double>, reference: (Double) -> String = ReferenceNumberText.text,
    limit: Int = 10
  ) -> (checked: Int, failures: [String]) {
    var checked = 0
    var failures: [String] = []
    for v in values {
      var w = JSONWriter(capacity: 64)
      w.number(v)
      let got = w.bytes
      let want = reference(v)
      checked += 1
      if !got.elementsEqual(want.utf8) {
        if failures.count < limit {
          failures.append(
            "\(v) (\(v.bitPattern)): \(String(decoding: got, as: UTF8.self)) vs \(want)")
        }
      }
    }
    return (checked, failures)
  }

  func assertAgrees(
    _ values: some Sequence<Double>, file: StaticString = #filePath, line: UInt = #line
  ) {
    let (checked, failures) = disagreements(values)
    XCTAssertGreaterThan(checked, 0, file: file, line: line)
    XCTAssertEqual(failures, [], file: file, line: line)
  }

  func generator(seed: UInt64, _ make: @escaping (inout SplitMix) -> Double) -> some Sequence<
    Double
  > {
    var rng = SplitMix(seed: seed)
    return (0..<Self.perFamily).lazy.map { _ in make(&rng) }
  }

  func testRandomBitPatternsOfEveryExponent() {
    assertAgrees(generator(seed: 1) { Double(bitPattern: $0.next()) }.filter { $0.isFinite })
  }

  func testPlanMagnitudes() {
    // Coordinates, sizes, percentages and milliseconds: one to four integer digits.
    assertAgrees(
      generator(seed: 2) { rng in
        let scale = [1.0, 10, 100, 1000, 10_000][Int(rng.next() % 5)]
        let sign = rng.next() & 1 == 0 ? 1.0 : -1.0
        return sign * scale * Double(rng.next() >> 11) / Double(1 << 53)
      })
  }

  func testFractionsAndProductsLikeOffsets() {
    // Offsets (i - d) / (D - d), their percentages, alphas 1 - a, times i / 60.
    assertAgrees(
      generator(seed: 3) { rng in
        let i = Double(rng.next() % 600)
        let n = Double(rng.next() % 600 + 1)
        switch rng.next() % 4 {
        case 0: return i / n
        case 1: return i / n * 100
        case 2: return 1 - i / n
        default: return (i / 60) * 1000
        }
      })
  }

  func testShortDecimals() {
    // Few significant digits at every point position: the exact-looking values (0.5, 12.25,
    // 0.001) and the trailing zeros the writer strips.
    assertAgrees(
      generator(seed: 4) { rng in
        let digits = Double(rng.next() % 100_000)
        let power = Int(rng.next() % 30) - 20
        return digits * pow(10, Double(power))
      })
  }

  func testNeighboursOfPowersOfTenAndTwo() {
    var values: [Double] = []
    for e in -320...310 {
      let p = pow(10, Double(e))
      var v = p
      for _ in 0..<40 {
        v = v.nextDown
        values.append(v)
      }
      v = p
      for _ in 0..<40 {
        values.append(v)
        v = v.nextUp
      }
    }
    for e in -1074...1023 {
      let p = Double(sign: .plus, exponent: e, significand: 1)
      values += [p.nextDown, p, p.nextUp, -p]
    }
    // The integer boundary at 2^53, the exponent form's at 1e-4, the smallest normals.
    for anchor in [9_007_199_254_740_992.0, 1e-4, Double.leastNormalMagnitude, 1, 0.1] {
      var v = anchor
      for _ in 0..<1000 { v = v.nextDown }
      for _ in 0..<2000 {
        values += [v, -v]
        v = v.nextUp
      }
    }
    values += [
      0, -0.0, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ]
    assertAgrees(values)
  }

  func testRandomSignificandsAtPlanExponents() {
    // Every significand pattern at the exponents of 2^-20 ... 2^20.
    assertAgrees(
      generator(seed: 6) { rng in
        let exponent = UInt64(1023 - 20) + rng.next() % 41
        let sign = rng.next() & (1 << 63)
        return Double(bitPattern: sign | exponent << 52 | rng.next() >> 12)
      })
  }

  /// Negative control: the comparison reports a writer that differs, for every value.
  func testTheComparisonCatchesADifferentText() {
    let values = (1...1000).map { Double($0) / 7 }
    let (checked, failures) = disagreements(
      values, reference: { ReferenceNumberText.text($0.nextUp) }, limit: .max)
    XCTAssertEqual(checked, 1000)
    XCTAssertEqual(failures.count, 1000)
  }
}

/// A small deterministic generator (SplitMix64): the same doubles on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
