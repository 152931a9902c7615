import XCTest

@testable import PlannerService

/// The response cache's bounds and its eviction order (S3-FIFO: probation, main, ghosts).
final class ResponseCacheTests: XCTestCase {
  func entry(_ tag: String, bytes: Int) -> ResponseCache.Entry {
    .init(body: [UInt8](repeating: 7, count: bytes), etag: tag)
  }

  func key(_ i: Int) -> [UInt8] { Array("flood-\(i)".utf8) }

  // A plan that clients keep asking for survives any number of distinct plans that nobody
  // asks for twice (the slow-reader flood of scripts/ops/attack.py); with one FIFO it went
  // after a cache's worth of them.
  func testAnEntryHitOnceSurvivesAFloodOfEntriesNeverAskedForAgain() {
    let cache = ResponseCache(maximumEntries: 1000, maximumBytes: 10_000)
    cache.put([0], entry("kept", bytes: 400))
    XCTAssertEqual(cache.get([0])?.etag, "kept")
    for i in 0..<500 {
      cache.put(key(i), entry("flood \(i)", bytes: 400))
      XCTAssertLessThanOrEqual(cache.bytes, 10_000)
    }
    XCTAssertEqual(cache.get([0])?.etag, "kept")
    XCTAssertNil(cache.get(key(0)), "the flood's first entries are gone")
    XCTAssertEqual(cache.get(key(499))?.etag, "flood 499", "the newest are in probation")
    XCTAssertLessThanOrEqual(cache.count, 1 + 10_000 / 400)
  }

  // Without a hit an entry is the first to go once the cache is full; asked for again soon
  // after (its hash is a ghost), it comes back into the main queue and then outlasts a flood.
  func testAnEntryAskedForAgainAfterLeavingProbationGoesToTheMainQueue() {
    let cache = ResponseCache(maximumEntries: 1000, maximumBytes: 10_000)
    cache.put([0], entry("first", bytes: 400))
    for i in 0..<30 { cache.put(key(i), entry("flood", bytes: 400)) }
    XCTAssertNil(cache.get([0]), "a cache of 10,000 bytes holds 24 such entries")
    cache.put([0], entry("again", bytes: 400))
    for i in 30..<500 { cache.put(key(i), entry("flood", bytes: 400)) }
    XCTAssertEqual(cache.get([0])?.etag, "again")
  }

  // In the main queue an entry asked for since it last came round gets another round; one
  // that was not goes first.
  func testTheMainQueueEvictsWhatWasNotAskedForSinceItsLastRound() {
    let cache = ResponseCache(maximumEntries: 1000, maximumBytes: 20_000)
    // Fifteen 900-byte entries, each hit once in probation, promoted to main (in order) when
    // the eleventh 600-byte entry fills the cache; probation keeps its ten newest.
    for i in 0..<15 {
      cache.put([UInt8(i)], entry("main \(i)", bytes: 900))
      XCTAssertNotNil(cache.get([UInt8(i)]))
    }
    for i in 0..<11 { cache.put(key(i), entry("flood", bytes: 600)) }
    // Keep entry 0 warm, leave entry 1 cold; then 600-byte entries hit in probation follow
    // them into main, which makes room from its oldest end (less than one round of it).
    XCTAssertNotNil(cache.get([0]))
    for i in 11..<22 {
      cache.put(key(i), entry("flood", bytes: 600))
      XCTAssertNotNil(cache.get(key(i)))
    }
    XCTAssertEqual(cache.get([0])?.etag, "main 0", "hit since its last round")
    XCTAssertNil(cache.get([1]), "not asked for again")
    XCTAssertNotNil(cache.get([14]), "main is not emptied")
    XCTAssertLessThanOrEqual(cache.bytes, 20_000)
  }

  // An entry over 1/16 of the byte budget is not admitted, so a few huge plans cannot flush
  // everyone else's hits.
  func testHugeEntriesAreNotAdmittedAndEvictNothing() {
    let cache = ResponseCache(maximumEntries: 100, maximumBytes: 16_000)
    for i in 0..<6 {
      cache.put([UInt8(i)], .init(body: [UInt8](repeating: 1, count: 500), etag: "\(i)"))
    }
    XCTAssertEqual(cache.largestEntryBytes, 1000)
    for i in 10..<15 {
      cache.put([UInt8(i)], .init(body: [UInt8](repeating: 2, count: 1000), etag: "huge"))
      XCTAssertNil(cache.get([UInt8(i)]))
    }
    for i in 0..<6 { XCTAssertEqual(cache.get([UInt8(i)])?.etag, "\(i)", "entry \(i) was evicted") }
    cache.put([20], .init(body: [UInt8](repeating: 3, count: 999), etag: "fits"))
    XCTAssertEqual(cache.get([20])?.etag, "fits")
  }

  func testTheEntryCountIsBounded() {
    let cache = ResponseCache(maximumEntries: 2, maximumBytes: 16_000)
    cache.put([1], .init(body: [1, 1], etag: "a"))
    cache.put([2], .init(body: [2, 2], etag: "b"))
    cache.put([3], .init(body: [3, 3], etag: "c"))
    XCTAssertNil(cache.get([1]))
    XCTAssertEqual(cache.get([3])?.etag, "c")
    XCTAssertEqual(cache.count, 2)
    cache.put([4], .init(body: [UInt8](repeating: 0, count: 2000), etag: "too big"))
    XCTAssertNil(cache.get([4]))
    XCTAssertEqual(ResponseCache(maximumEntries: 0).get([1]).map(\.etag), nil)
  }

  func testTheGhostListForgetsItsOldestAndOnlyTheirOwnRemembrance() {
    var ghosts = GhostList(capacity: 3)
    for d: UInt64 in [1, 2, 3] { ghosts.remember(d) }
    ghosts.remember(4)  // 1 goes
    XCTAssertEqual(ghosts.count, 3)
    XCTAssertFalse(ghosts.forget(1))
    XCTAssertTrue(ghosts.forget(2))
    XCTAssertFalse(ghosts.forget(2), "forgotten once asked for")
    ghosts.remember(3)  // again, in the slot 2 had
    ghosts.remember(5)  // in the slot of 3's first remembrance, which must not forget it
    XCTAssertEqual(ghosts.count, 3)  // 3, 4, 5
    ghosts.remember(6)  // in 4's slot
    XCTAssertFalse(ghosts.forget(4))
    XCTAssertTrue(ghosts.forget(3))
    XCTAssertTrue(ghosts.forget(5))
    XCTAssertTrue(ghosts.forget(6))
    var none = GhostList(capacity: 0)
    none.remember(1)
    XCTAssertFalse(none.forget(1))
  }
}
