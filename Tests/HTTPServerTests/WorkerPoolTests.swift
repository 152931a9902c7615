import Dispatch
import XCTest

@testable import HTTPServer

final class WorkerPoolTests: XCTestCase {
  // The workers run `nice` levels below the thread that made the pool (the event loops keep
  // the process's own priority), capped at 19.
  func testWorkersRunAtTheirNiceLevel() throws {
    let own = try XCTUnwrap(WorkerPool.currentThreadNice())
    for (asked, expected) in [(0, own), (3, min(19, own + 3)), (40, 19)] {
      let pool = WorkerPool(threads: 1, maximumQueued: 0, nice: asked)
      pool.start()
      let seen = Locked<Int?>(nil)
      let done = DispatchSemaphore(value: 0)
      XCTAssertTrue(
        pool.trySubmit {
          seen.withLock { $0 = WorkerPool.currentThreadNice() }
          done.signal()
        })
      XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
      XCTAssertEqual(seen.withLock { $0 }, expected, "asked for \(asked)")
      pool.stop()
      pool.waitForExit(timeout: 5)
    }
    XCTAssertEqual(WorkerPool.currentThreadNice(), own, "the caller's own level is untouched")
  }
}
