import HTTP1
import XCTest

@testable import HTTPServer

/// The policy of ``MemoryTrim``: free memory is given back once the open connections have
/// fallen to a quarter of a peak of at least 64, and the peak then restarts from the current
/// count. (What the trim does to the resident size is measured by scripts/ops/soak.sh.)
final class MemoryTrimTests: XCTestCase {
  func context(peak: Int, open: Int) -> ServerContext {
    let context = ServerContext(
      configuration: HTTPServerConfiguration(),
      responder: ClosureResponder { _ in HTTPResponse(status: 200) }, onRequestLogged: nil)
    context.connectionsPeak.store(peak, ordering: .relaxed)
    context.openConnections.store(open, ordering: .relaxed)
    return context
  }

  func testTrimsOnceABurstHasEnded() {
    let ended = context(peak: 1000, open: 250)
    MemoryTrim.afterBurst(ended)
    XCTAssertEqual(ended.connectionsPeak.load(ordering: .relaxed), 250, "peak restarts")
  }

  // A burst of requests on few connections ends once the rate falls to a quarter of its peak.
  func testTrimsOnceABurstOfRequestsOnFewConnectionsHasEnded() {
    let c = context(peak: 4, open: 4)
    c.answered.store(400, ordering: .relaxed)
    MemoryTrim.afterBurst(c)
    XCTAssertEqual(c.requestRatePeak.load(ordering: .relaxed), 400, "still in the burst")
    c.answered.store(800, ordering: .relaxed)
    MemoryTrim.afterBurst(c)
    XCTAssertEqual(c.requestRatePeak.load(ordering: .relaxed), 400)
    c.answered.store(850, ordering: .relaxed)
    MemoryTrim.afterBurst(c)
    XCTAssertEqual(c.requestRatePeak.load(ordering: .relaxed), 50, "trimmed: the peak restarts")
    // A trickle never counts as a burst.
    let quiet = context(peak: 1, open: 1)
    quiet.answered.store(40, ordering: .relaxed)
    MemoryTrim.afterBurst(quiet)
    quiet.answered.store(40, ordering: .relaxed)
    MemoryTrim.afterBurst(quiet)
    XCTAssertEqual(quiet.requestRatePeak.load(ordering: .relaxed), 40)
  }

  func testDoesNotTrimDuringABurstOrForASmallOne() {
    let busy = context(peak: 1000, open: 251)
    MemoryTrim.afterBurst(busy)
    XCTAssertEqual(busy.connectionsPeak.load(ordering: .relaxed), 1000)
    let small = context(peak: 63, open: 0)
    MemoryTrim.afterBurst(small)
    XCTAssertEqual(small.connectionsPeak.load(ordering: .relaxed), 63)
  }
}
