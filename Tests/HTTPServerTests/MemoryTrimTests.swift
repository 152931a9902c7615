import Glibc
import XCTest

@testable import HTTPServer

/// The policy of ``MemoryTrim``: free memory goes back once the resident memory holding no
/// live allocation has grown by 16 MiB since the last trim, unless a steady load is running
/// (50 answers a second or more, and at least half the busiest second since the last trim).
/// What a trim does to the resident size is measured by scripts/ops/attack.py.
final class MemoryTrimTests: XCTestCase {
  let mib = 1 << 20

  // 1 MiB bodies at 26 a second (attack.py's duplicate-keys): no rule based on the request
  // rate or on connections saw that burst, and 63-95 MB stayed.
  func testTrimsWhenFewHeavyRequestsLeaveMemoryFree() {
    var policy = MemoryTrim(idle: 10 * mib)
    XCTAssertFalse(policy.tick(answered: 26, idle: 20 * mib), "10 MiB is not worth it")
    XCTAssertTrue(policy.tick(answered: 52, idle: 50 * mib))
    policy.trimmed(idle: 12 * mib)
    XCTAssertEqual(policy.baseline, 12 * mib)
    XCTAssertFalse(policy.tick(answered: 78, idle: 27 * mib), "15 MiB since the trim")
  }

  func testWaitsForASteadyLoadToHalveOrEnd() {
    var policy = MemoryTrim(idle: 10 * mib)
    XCTAssertFalse(policy.tick(answered: 4000, idle: 80 * mib))
    XCTAssertFalse(policy.tick(answered: 6001, idle: 80 * mib), "2,001 > half of 4,000")
    XCTAssertTrue(policy.tick(answered: 8001, idle: 80 * mib), "2,000 = half")
    policy.trimmed(idle: 12 * mib)
    for second in 1...30 {
      XCTAssertFalse(
        policy.tick(answered: 8001 + 900 * second, idle: 60 * mib), "steady, second \(second)")
    }
    XCTAssertTrue(policy.tick(answered: 8001 + 900 * 30 + 20, idle: 60 * mib), "ended")
  }

  // A probe or a trickle of clients (under 50 a second) is no steady load.
  func testATrickleDoesNotHoldBackATrim() {
    var policy = MemoryTrim(idle: 10 * mib, answered: 100)
    XCTAssertTrue(policy.tick(answered: 120, idle: 40 * mib))
  }

  // Growth counts from the lowest since the last trim (a large answer's pages unmapped on
  // their own lower it).
  func testGrowthCountsFromTheLowestSinceTheLastTrim() {
    var policy = MemoryTrim(idle: 40 * mib)
    XCTAssertFalse(policy.tick(answered: 0, idle: 20 * mib))
    XCTAssertEqual(policy.baseline, 20 * mib)
    XCTAssertTrue(policy.tick(answered: 0, idle: 36 * mib))
  }

  // The figures the policy reads, on this process: 64 MiB freed in small blocks stays
  // resident until the trim gives it back.
  func testFreedHeapMemoryShowsAsIdleUntilTrimmed() throws {
    // The sanitizers bring allocators of their own (freed blocks wait in a quarantine).
    let sanitizer = ["__asan_init", "__tsan_init"].contains { (name: String) in
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
    }
    try XCTSkipIf(sanitizer, "glibc's allocator is replaced under a sanitizer")
    XCTAssertTrue(MemoryTrim.trimHeap(), "glibc has malloc_trim")
    let before = MemoryTrim.idleBytes()
    XCTAssertGreaterThan(MemoryTrim.residentBytes(), before)
    var blocks: [UnsafeMutableRawPointer] = []
    for _ in 0..<(64 * 16) {  // 64 KiB each: below glibc's mmap threshold, from the heap
      let block = malloc(64 << 10)!
      memset(block, 1, 64 << 10)
      blocks.append(block)
    }
    let held = MemoryTrim.idleBytes()
    for block in blocks.dropLast() { free(block) }  // the last stays: the heap's top cannot shrink
    let freed = MemoryTrim.idleBytes()
    XCTAssertLessThan(held - before, 16 * mib, "live memory is not idle")
    XCTAssertGreaterThan(freed - before, 32 * mib, "freed memory stays resident")
    MemoryTrim.trimHeap()
    XCTAssertLessThan(MemoryTrim.idleBytes() - before, 16 * mib, "the trim gave it back")
    free(blocks.last!)
  }
}
