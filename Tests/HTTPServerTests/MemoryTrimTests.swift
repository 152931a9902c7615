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
    MemoryTrim.afterBurst(ended, answered: 0)
    XCTAssertEqual(ended.connectionsPeak.load(ordering: .relaxed), 250, "peak restarts")
  }

  // A burst of requests on few connections ends once the rate falls to a quarter of its peak.
  func testTrimsOnceABurstOfRequestsOnFewConnectionsHasEnded() {
    let c = context(peak: 4, open: 4)
    MemoryTrim.afterBurst(c, answered: 400)
    XCTAssertEqual(c.requestRatePeak.load(ordering: .relaxed), 400, "still in the burst")
    MemoryTrim.afterBurst(c, answered: 800)
    XCTAssertEqual(c.requestRatePeak.load(ordering: .relaxed), 400)
    MemoryTrim.afterBurst(c, answered: 850)
    XCTAssertEqual(c.requestRatePeak.load(ordering: .relaxed), 50, "trimmed: the peak restarts")
    // A trickle never counts as a burst.
    let quiet = context(peak: 1, open: 1)
    MemoryTrim.afterBurst(quiet, answered: 40)
    MemoryTrim.afterBurst(quiet, answered: 40)
    XCTAssertEqual(quiet.requestRatePeak.load(ordering: .relaxed), 40)
  }

  func testDoesNotTrimDuringABurstOrForASmallOne() {
    let busy = context(peak: 1000, open: 251)
    MemoryTrim.afterBurst(busy, answered: 0)
    XCTAssertEqual(busy.connectionsPeak.load(ordering: .relaxed), 1000)
    let small = context(peak: 63, open: 0)
    MemoryTrim.afterBurst(small, answered: 0)
    XCTAssertEqual(small.connectionsPeak.load(ordering: .relaxed), 63)
  }
}
