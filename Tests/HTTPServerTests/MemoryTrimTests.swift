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

  func testDoesNotTrimDuringABurstOrForASmallOne() {
    let busy = context(peak: 1000, open: 251)
    MemoryTrim.afterBurst(busy)
    XCTAssertEqual(busy.connectionsPeak.load(ordering: .relaxed), 1000)
    let small = context(peak: 63, open: 0)
    MemoryTrim.afterBurst(small)
    XCTAssertEqual(small.connectionsPeak.load(ordering: .relaxed), 63)
  }
}
