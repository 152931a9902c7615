import TestSupport
import XCTest

@testable import JSON

/// The fast number formatter must print exactly what Swift's `description` prints for every
/// double it handles (the wire format predates it, and ETags of equal plans must not change).
final class ShortestDecimalTests: XCTestCase {
  func text(_ v: Double) -> String {
    var w = JSONWriter(capacity: 32)
    w.number(v)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  /// What the wire format asks for: the standard library's text, integers without ".0".
  func expected(_ v: Double) -> String {
    if v == 0 { return "0" }
    if abs(v) < 9_007_199_254_740_992, v == v.rounded(.towardZero) { return String(Int64(v)) }
    return v.description
  }

  func assertAgrees(
    _ values: some Sequence<Double>, file: StaticString = #filePath, line: UInt = #line
  ) {
    var checked = 0
    var failures = 0
    for v in values {
      checked += 1
      let got = text(v)
      if got != expected(v) {
        failures += 1
        if failures <= 10 {
          XCTFail("\(v.bitPattern): got \(got), want \(expected(v))", file: file, line: line)
        }
      }
      if -v != v { XCTAssertEqual(Double(got), v, "round trip", file: file, line: line) }
    }
    XCTAssertGreaterThan(checked, 0, file: file, line: line)
  }

  // MARK: - The approximations of logarithms, checked exactly with big integers

  /// `10^a * 2^b <= 10^c * 2^d` for any signs of the exponents.
  func lessOrEqual(
    ten a: Int, two b: Int, factor: UInt32 = 1, ten c: Int, two d: Int, factor2: UInt32 = 1
  ) -> Bool {
    var left = BigNatural.power(of: 10, max(a, 0) + max(-c, 0)).shiftedLeft(max(b, 0) + max(-d, 0))
    var right = BigNatural.power(of: 10, max(c, 0) + max(-a, 0)).shiftedLeft(max(d, 0) + max(-b, 0))
    left.multiply(by: factor)
    right.multiply(by: factor2)
    return left <= right
  }

  // The integer digits move one place left in words; the bytes after them must stay put.
  func testShiftLeftByOneMovesExactlyTheIntegerDigits() {
    for count in 1...16 {
      var bytes = (0..<28).map { UInt8(0x41 + $0) }  // "ABC..."
      bytes.withUnsafeMutableBufferPointer {
        ShortestDecimal.shiftLeftByOne($0.baseAddress!, count: count)
      }
      let original = (0..<28).map { UInt8(0x41 + $0) }
      XCTAssertEqual(Array(bytes[0..<count]), Array(original[1...count]), "count \(count)")
      XCTAssertEqual(Array(bytes[count...]), Array(original[count...]), "count \(count)")
    }
  }

  func testFloorLog10Pow2IsExactOverTheDoubleExponents() {
    for q in -1100...1100 {
      let k = ShortestDecimal.floorLog10Pow2(q)
      XCTAssertTrue(lessOrEqual(ten: k, two: 0, ten: 0, two: q), "10^\(k) <= 2^\(q)")
      XCTAssertFalse(lessOrEqual(ten: k + 1, two: 0, ten: 0, two: q), "2^\(q) < 10^\(k + 1)")
    }
  }

  func testFloorLog10ThreeQuartersPow2IsExact() {
    // 10^k <= 3 * 2^(q-2) < 10^(k+1)
    for q in -1100...1100 {
      let k = ShortestDecimal.floorLog10ThreeQuartersPow2(q)
      XCTAssertTrue(lessOrEqual(ten: k, two: 2, ten: 0, two: q, factor2: 3), "q=\(q)")
      XCTAssertFalse(lessOrEqual(ten: k + 1, two: 2, ten: 0, two: q, factor2: 3), "q=\(q)")
    }
  }

  func testFloorLog2Pow10IsExact() {
    for e in -400...400 {
      let b = ShortestDecimal.floorLog2Pow10(e)
      XCTAssertTrue(lessOrEqual(ten: 0, two: b, ten: e, two: 0), "2^\(b) <= 10^\(e)")
      XCTAssertFalse(lessOrEqual(ten: 0, two: b + 1, ten: e, two: 0), "10^\(e) < 2^\(b + 1)")
    }
  }

  func testPowerTableHoldsOverApproximationsOf126Bits() {
    let table = ShortestDecimal.powers
    XCTAssertEqual(table.count, 2 * (ShortestDecimal.maximumPower + 1))
    var power = BigNatural(1)
    for e in 0...ShortestDecimal.maximumPower {
      let g1 = table[2 * e]
      let g0 = table[2 * e + 1]
      XCTAssertEqual(g1 >> 62, 1, "g(\(e)) has 126 bits")
      XCTAssertLessThan(g0, 1 << 63)
      // g = floor(10^e * 2^s) + 1 for the s that gives 126 bits.
      let s = 125 - (power.bitWidth - 1)
      let exact = s >= 0 ? power.shiftedLeft(s) : power.shiftedRight(-s)
      XCTAssertEqual(exact.bitWidth, 126)
      let (high, low) = exact.low128
      let (sum, carry) = low.addingReportingOverflow(1)
      XCTAssertEqual(g1 >> 1, high + (carry ? 1 : 0), "g(\(e)) high")
      XCTAssertEqual((g1 & 1) << 63 | g0, sum, "g(\(e)) low")
      power.multiply(by: 10)
    }
  }

  // MARK: - Agreement with the standard library

  func testAgreesOnEdgeCases() {
    var values: [Double] = [
      0.1, 0.2, 0.3, 0.5, 0.7, 1.0 / 3, 2.0 / 3, 0.016666666666666666, 115.62183950967554,
      1e-7, 1e-5, 1e-4, 0.00011, 0.001, 9.5e-5, 123.456, 4503599627370495.5,
      .leastNormalMagnitude, 2.2250738585072014e-308, 5e-324, 1e-320, 1.5,
    ]
    for e in -1074...52 {
      let p = Double(sign: .plus, exponent: e, significand: 1)
      values += [p, p.nextUp, p.nextDown, p * 1.5]
    }
    for k in 1...323 {
      let p = Double("1e-\(k)")!
      values += [p, p.nextUp, p.nextDown, p * 5, (p * 5).nextUp]
    }
    assertAgrees(values)
    assertAgrees(values.map { -$0 })
  }

  func testAgreesOnRandomBitPatterns() {
    var rng = SeededGenerator(state: 1)
    // Every exponent below 2^53, every fraction: the doubles the fast path handles.
    let values = (0..<200_000).map { _ -> Double in
      let exponentBits = UInt64.random(in: 1...(1023 + 52), using: &rng)
      let fraction = rng.next() & ((1 << 52) - 1)
      return Double(bitPattern: exponentBits << 52 | fraction)
    }
    assertAgrees(values)
  }

  func testAgreesOnPlanLikeValues() {
    var rng = SeededGenerator(state: 2)
    var values: [Double] = []
    for _ in 0..<50_000 {
      let x = Double.random(in: -1000..<1000, using: &rng)
      let frame = Double(Int.random(in: 0...600, using: &rng))
      values += [x, x / 60, frame / 60, frame / 120, Double(Int(x * 100)) / 100, 1 - frame / 600]
    }
    assertAgrees(values)
  }

  func testFallbackFormsAreTheStandardLibrarys() {
    XCTAssertEqual(text(1e16), "1e+16")
    XCTAssertEqual(text(5e-324), "5e-324")
    XCTAssertEqual(text(-.infinity), "null")
    XCTAssertEqual(text(.nan), "null")
    XCTAssertEqual(text(-9_007_199_254_740_991), "-9007199254740991")
    XCTAssertEqual(text(0.0001), "0.0001")
    XCTAssertEqual(text(0.00001), "1e-05")
    XCTAssertEqual(text(1.5e-300), "1.5e-300")
  }

  func testWriterGrowsPastItsInitialCapacity() {
    var w = JSONWriter(capacity: 1)
    var expectedText = ""
    for i in 0..<2000 {
      w.number(Double(i) / 7)
      w.byte(UInt8(ascii: ","))
      expectedText += expected(Double(i) / 7) + ","
    }
    XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), expectedText)
    XCTAssertEqual(w.byteCount, expectedText.utf8.count)
  }
  // collect writes into the array's own storage while it fits and moves to the writer's own
  // memory when it does not; either way the bytes returned are exactly those written.
  func testCollectReturnsTheBytesWrittenWhetherOrNotTheyFit() {
    func document(_ items: Int) -> (inout JSONWriter) -> Void {
      { w in
        w.byte(UInt8(ascii: "["))
        for i in 0..<items {
          if i > 0 { w.byte(UInt8(ascii: ",")) }
          w.number(Double(i) / 7)
        }
        w.byte(UInt8(ascii: "]"))
      }
    }
    for items in [0, 1, 10, 3000] {
      // Multiples of 7 give integers, written without a fraction (docs/API.md's number format).
      var texts: [String] = []
      for i in 0..<items {
        let value = Double(i) / 7
        texts.append(i % 7 == 0 ? String(i / 7) : value.description)
      }
      let expected = "[" + texts.joined(separator: ",") + "]"
      for capacity in [0, 64, expected.utf8.count, expected.utf8.count + 1, 1 << 20] {
        let bytes = JSONWriter.collect(capacity: capacity, document(items))
        XCTAssertEqual(
          String(decoding: bytes, as: UTF8.self), expected, "items \(items) capacity \(capacity)")
      }
    }
  }

}

final class DecimalDigitsTests: XCTestCase {
  func testIntegersAtEveryLength() {
    var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, .max, .min, .min + 1]
    var p: Int64 = 1
    for _ in 0..<18 {
      p *= 10
      values += [p - 1, p, p + 1, -p, -(p - 1)]
    }
    for v in values {
      var w = JSONWriter(capacity: 8)
      w.integer(v)
      XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), String(v))
    }
  }

  func testCountMatchesTheDecimalText() {
    var v: UInt64 = 1
    for _ in 0..<19 {
      for x in [v - 1, v, v + 1, v * 9 / 2] where x > 0 || v == 1 {
        XCTAssertEqual(DecimalDigits.count(x), String(x).count, "\(x)")
      }
      v *= 10
    }
    XCTAssertEqual(DecimalDigits.count(.max), 20)
  }
}
