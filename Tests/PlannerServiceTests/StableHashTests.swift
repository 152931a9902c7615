import PlannerService
import XCTest

final class StableHashTests: XCTestCase {
  /// Replicas must agree on entity tags, so these values may never change: if this fails, the
  /// hash changed and every cached ETag in the field becomes a miss.
  func testValuesArePinned() {
    XCTAssertEqual(String(StableHash.of([]), radix: 16), "ef46db3751d8e999")
    XCTAssertEqual(String(StableHash.of(Array("abc".utf8)), radix: 16), "44bc2cf5ad770999")
    let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    XCTAssertEqual(String(StableHash.of(bytes), radix: 16), "7708086b2f6fc1")
  }

  /// Every length from 0 to 80 (all paths: bytes, words, 32-byte blocks) and every single-bit
  /// change of a 64-byte input gives a different value, and about half the output bits flip.
  func testSingleBitChangesAvalanche() {
    let base = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
    let h0 = StableHash.of(base)
    var seen: Set<UInt64> = [h0]
    var flipped = 0
    for bit in 0..<(64 * 8) {
      var b = base
      b[bit / 8] ^= UInt8(1 << (bit % 8))
      let h = StableHash.of(b)
      XCTAssertTrue(seen.insert(h).inserted, "bit \(bit) collides")
      flipped += (h ^ h0).nonzeroBitCount
    }
    let mean = Double(flipped) / Double(64 * 8)
    XCTAssertEqual(mean, 32, accuracy: 2, "mean output bits flipped per input bit")
    var lengths: Set<UInt64> = []
    for n in 0...80 {
      lengths.insert(
        StableHash.of(Array(base.prefix(min(n, 64))) + Array(repeating: 0, count: max(0, n - 64))))
    }
    XCTAssertEqual(lengths.count, 81)
  }

  func testETagIsTheQuotedHexOfTheHash() {
    let body = Array(#"{"a":1}"#.utf8)
    let hex = String(StableHash.of(body), radix: 16)
    XCTAssertEqual(ETag.of(body), "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\"")
  }
}
