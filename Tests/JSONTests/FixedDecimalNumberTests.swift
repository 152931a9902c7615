import XCTest

@testable import JSON

/// `number(_:decimals:)` must write exactly what `number(_:)` writes, for values rounded to
/// the decimals (its fast path) and for every other value (its fall-back).
final class FixedDecimalNumberTests: XCTestCase {
  func text(_ v: Double, decimals: Int? = nil) -> String {
    var w = JSONWriter(capacity: 32)
    if let d = decimals { w.number(v, decimals: d) } else { w.number(v) }
    return String(decoding: w.bytes, as: UTF8.self)
  }

  func assertSame(
    _ values: [Double], decimals: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    var failures = 0
    for v in values where text(v, decimals: decimals) != text(v) {
      failures += 1
      if failures <= 10 {
        XCTFail(
          "\(v.bitPattern) at \(decimals): \(text(v, decimals: decimals)) != \(text(v))",
          file: file, line: line)
      }
    }
  }

  /// Values as the documents round them (`(v * 10^d).rounded(.toNearestOrAwayFromZero) /
  /// 10^d`), at every magnitude up to the fast path's bound and past it, both signs.
  func testRoundedValuesAtEveryMagnitude() {
    var generator = SystemRandomNumberGenerator()
    for d in 0...9 {
      let scale = (0..<d).reduce(1.0) { p, _ in p * 10 }
      var values: [Double] = []
      for magnitude in -10...16 {
        let top =
          (0..<max(magnitude, 0)).reduce(1.0) { p, _ in p * 10 }
          / (0..<max(-magnitude, 0)).reduce(1.0) { p, _ in p * 10 }
        for _ in 0..<2_000 {
          let v = Double.random(in: -top...top, using: &generator)
          values.append((v * scale).rounded(.toNearestOrAwayFromZero) / scale)
        }
      }
      // Edges: the smallest steps, halves, values just under the bound, short integers.
      for n in [1.0, 5, 9, 10, 99, 101, 999_999_999, 1e14 - 1, 1e15 - 1, 1e15, 1e15 + 1] {
        values += [n / scale, -n / scale, n]
      }
      assertSame(values, decimals: d)
    }
  }

  /// Values that are not rounded (the fall-back), specials included.
  func testOtherValuesFallBack() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, .infinity, -.infinity, .nan, .leastNormalMagnitude, .leastNonzeroMagnitude,
      .greatestFiniteMagnitude, 1.0 / 3, 0.1 + 0.2, 9_007_199_254_740_993, 1e16, 1e-5, 1e-10,
    ]
    for _ in 0..<50_000 {
      values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
      values.append(Double.random(in: -1000...1000, using: &generator))
    }
    for d in [0, 1, 4, 7, 9] { assertSame(values, decimals: d) }
  }

  /// The negative control: a writer that trusted the rounding without its check would print
  /// `n / 10^d`'s digits for a value that is not that double; the fall-back prints the value.
  func testAValueNextToARoundedOneIsNotWrittenAsIt() {
    let rounded = 0.1234
    let next = rounded.nextUp
    XCTAssertEqual(text(rounded, decimals: 4), "0.1234")
    XCTAssertEqual(text(next, decimals: 4), next.description)
    XCTAssertNotEqual(text(next, decimals: 4), "0.1234")
  }
}
