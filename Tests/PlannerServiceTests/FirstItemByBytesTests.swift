import XCTest

@testable import PlannerService

/// The list's duplicate-identifier lookup against the dictionary of byte arrays it replaced.
final class FirstItemByBytesTests: XCTestCase {
  /// Lists of up to 300 identifiers drawn from a small alphabet (so many repeat and many
  /// probes collide), and canonically equivalent spellings that must stay distinct.
  func testAnswersAsADictionaryOfBytes() {
    var random = SplitMix(seed: 7)
    let pieces = ["a", "b", "photo", "-", "1", "é", "e\u{301}", "\u{212A}", "K", ""]
    var repeats = 0
    for _ in 0..<200 {
      let count = random.below(300)
      var table = FirstItemByBytes(capacity: count)
      var reference: [[UInt8]: Int] = [:]
      for item in 0..<count {
        var key = ""
        for _ in 0..<random.below(4) { key += pieces[random.below(pieces.count)] }
        let expected = reference[Array(key.utf8)]
        if expected == nil { reference[Array(key.utf8)] = item } else { repeats += 1 }
        XCTAssertEqual(table.earlier(key, item: item), expected, "\(key) at \(item)")
      }
    }
    // The lists really repeat identifiers (the check is not all nils).
    XCTAssertGreaterThan(repeats, 10_000)
  }

  func testCanonicallyEquivalentIdentifiersAreDistinct() {
    var table = FirstItemByBytes(capacity: 3)
    XCTAssertNil(table.earlier("é", item: 0))
    XCTAssertNil(table.earlier("e\u{301}", item: 1))
    XCTAssertEqual(table.earlier("é", item: 2), 0)
  }
}
