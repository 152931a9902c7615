import XCTest

@testable import HTTP1

/// docs/HTTP.md "Drain on SIGTERM or SIGINT" on the fake clock, the drain being one event.
final class ConnectionDrainTests: XCTestCase, MachineTesting {

  // Moved from ServerLifecycleTests.testDrainAnswersReceivedRequestsThenStops.
  func testTheDrainAnswersEveryReceivedRequestAndClosesAfterTheLast() {
    var d = Driver { $0.maximumRequestsInFlight = 16 }
    d.receive(get("/1") + get("/2"))
    d.drain()
    XCTAssertEqual(d.machine.state, .draining)
    d.answer(d.requests[1].id)
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /1 keep-alive", "200 /2 close"])
    XCTAssertEqual(d.socket, ["shutdown"])
  }

  // docs/OPERATIONS.md "Signals and drain": an answer written after the drain began says
  // `Connection: close` when its request is the last one received, whether the answer came
  // from a worker later or at once from the loop (the rolling update of issue 27 saw 9 such
  // answers go out without it while the drain had not reached their loop).
  func testEveryAnswerWrittenAfterTheDrainEventSaysClose() {
    var later = Driver()
    later.receive(get("/worked-on"))
    later.drain()
    later.answer(later.requests[0].id)
    XCTAssertEqual(later.sent, ["200 /worked-on close"])

    var atOnce = Driver()
    atOnce.judge = { _ in HTTPResponse(status: 404) }
    atOnce.drain()
    XCTAssertEqual(atOnce.socket, ["close"], "idle: closed at once")

    var buffered = Driver()
    buffered.judge = { _ in HTTPResponse(status: 404) }
    buffered.unread = [Array(get("/arrived-before").utf8)]
    buffered.drain()
    XCTAssertEqual(buffered.sent, ["404 /arrived-before close"], "read, answered, closed")
  }

  // What the kernel held when the drain began arrived before it: it is read and answered
  // rather than taken for idleness.
  func testTheDrainReadsWhatHasArrivedBeforeClosingAnIdleConnection() {
    var d = Driver()
    d.unread = [Array(get("/waiting").utf8)]
    d.drain()
    XCTAssertEqual(d.requests.map(\.target), ["/waiting"])
    XCTAssertEqual(d.socket, [])
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /waiting close"])
  }

  // Moved from ServerLifecycleTests.testTheDrainDeadlineAnswersWorkStillRunningWith503AndCountsWhatItCut.
  func testTheDrainDeadlineAnswersEveryUnansweredRequestAndCutsOneMidBody() {
    var d = Driver { $0.maximumRequestsInFlight = 16 }
    d.receive(get("/1") + get("/2") + "POST /3 HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\nabc")
    d.drain()
    d.answer(d.requests[1].id)
    d.drainDeadline()
    XCTAssertEqual(d.sent, ["503 /1 keep-alive", "200 /2 close"])
    XCTAssertEqual(
      d.problems, ["503 the server is shutting down; retry on another instance"])
    XCTAssertEqual(d.drainReports.map(\.answered), [1])
    XCTAssertEqual(d.drainReports.map(\.cut), [1])
    XCTAssertEqual(d.socket, ["close"])
    XCTAssertEqual(d.countedBody, 0)
  }

  // An answer the peer has not taken in full at the deadline is cut too.
  func testTheDrainDeadlineCountsAnAnswerNotTakenAsCut() {
    var d = Driver()
    d.socketRoom = 0
    d.receive(get("/big"))
    d.answer(d.requests[0].id, body: Array(repeating: 0, count: 10_000))
    d.drainDeadline()
    XCTAssertEqual(d.drainReports.map(\.cut), [1])
    XCTAssertEqual(d.socket, ["close"])
    XCTAssertEqual(d.countedOutput, 0)
  }

  // Moved from ServerLifecycleTests.testDrainWhenIdleStopsImmediately.
  func testTheDrainClosesAnIdleConnectionAtOnceButNotOneMidHead() {
    var idle = Driver()
    idle.drain()
    XCTAssertEqual(idle.socket, ["close"])

    var busy = Driver()
    busy.receive("GET /half HTTP/1.1\r\n")
    busy.drain()
    XCTAssertEqual(busy.socket, [])
    busy.receive("Host: t\r\n\r\n")
    busy.answer(busy.requests[0].id)
    XCTAssertEqual(busy.sent, ["200 /half close"])
  }
}
