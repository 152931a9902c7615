import XCTest

@testable import HTTP1

/// docs/HTTP.md "Time-outs" on the fake clock: idle, head (slowloris), body, write, linger.
/// Most moved here from the socket suite (ServerTimeoutTests, ServerWriteTests), which slept
/// through each time-out.
final class ConnectionTimeOutTests: XCTestCase, MachineTesting {

  // Moved from ServerTimeoutTests.testIdleTimeoutClosesQuietly (a fresh connection).
  func testAnIdleConnectionClosesQuietlyAtTheIdleTimeOut() {
    var d = Driver(now: Self.at(100)) { $0.idleTimeout = 5 }
    XCTAssertEqual(d.machine.timerKind, .idle)
    XCTAssertEqual(d.deadline, Self.at(105))
    d.tick(Self.at(104.9))
    XCTAssertEqual(d.socket, [])
    d.tick(Self.at(105))
    XCTAssertEqual(d.socket, ["close"])
    XCTAssertTrue(d.isClosed)
    XCTAssertEqual(d.sent, [])
  }

  // Moved from ServerTimeoutTests.testIdleTimeoutClosesQuietly (between requests).
  func testTheIdleTimeOutRestartsAfterEachAnswer() {
    var d = Driver { $0.idleTimeout = 5 }
    d.receive(get("/a"), now: Self.at(4))
    d.answer(d.requests[0].id, now: Self.at(4))
    XCTAssertEqual(d.machine.timerKind, .idle)
    XCTAssertEqual(d.deadline, Self.at(9))
    XCTAssertEqual(d.machine.idleStart, Self.at(4))
  }

  // Moved from ServerTimeoutTests.testEmptyLinesDoNotDefeatIdleTimeout.
  func testEmptyLinesDoNotDefeatTheIdleTimeOut() {
    var d = Driver {
      $0.idleTimeout = 0.6
      $0.headTimeout = 30
    }
    for step in 1...4 { d.receive("\r\n", now: Self.at(0.2 * Double(step))) }
    XCTAssertEqual(d.machine.timerKind, .idle)
    XCTAssertEqual(d.deadline, Self.at(0.6))
    d.tick(Self.at(0.8))
    XCTAssertEqual(d.socket, ["close"])
    XCTAssertEqual(d.sent, [])
  }

  // Moved from ServerTimeoutTests.testSlowHeadGets408WhileOthersAreServed (a head trickled a
  // byte at a time).
  func testAHeadNotCompleteInTimeIs408() {
    var d = Driver { $0.headTimeout = 10 }
    d.receive("GET /slow HTTP/1.1\r\nHo", now: Self.at(1))
    XCTAssertEqual(d.machine.timerKind, .head)
    XCTAssertEqual(d.deadline, Self.at(11))
    // More bytes of the same head do not restart it (slowloris).
    for (i, byte) in "st: t\r\nX-A: 1\r\n".utf8.enumerated() {
      d.receive([byte], now: Self.at(2 + 0.3 * Double(i)))
    }
    XCTAssertEqual(d.deadline, Self.at(11))
    d.tick(Self.at(11))
    XCTAssertEqual(d.sent, ["408 - close"])
    XCTAssertEqual(d.problems, ["408 the request head was not received in time"])
    XCTAssertEqual(d.socket, ["shutdown"])
  }

  // Moved from ServerTimeoutTests.testBodyTimeout408 and testSteadyBodyIsNotTimedOut.
  func testABodyThatStallsIs408ForItsRequestAndASteadyOneIsNot() {
    var rules = ConnectionRules()
    rules.bodyTimeout = 3
    var d = Driver(rules: rules)
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab", now: Self.at(1))
    XCTAssertEqual(d.machine.timerKind, .body)
    XCTAssertEqual(d.deadline, Self.at(4))
    // Each body byte restarts the body time-out.
    d.receive("cd", now: Self.at(3))
    XCTAssertEqual(d.deadline, Self.at(6))
    d.tick(Self.at(6))
    XCTAssertEqual(d.sent, ["408 /p close"])
    XCTAssertEqual(d.requests.count, 0)

    var steady = Driver(rules: rules)
    steady.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n", now: 0)
    for (i, byte) in "hello".utf8.enumerated() {
      let now = Self.at(2.5 * Double(i + 1))
      steady.tick(now)
      steady.receive([byte], now: now)
    }
    XCTAssertEqual(steady.requests.map(\.body), ["hello"])
    XCTAssertEqual(steady.sent, [])
  }

  // One byte every few seconds restarts the time between body bytes, but not the body's total
  // deadline, which runs from its head.
  func testATricklingBodyMeetsItsTotalDeadline() {
    var d = Driver {
      $0.bodyTimeout = 10
      $0.bodyDeadline = 30
    }
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n", now: Self.at(0))
    for second in stride(from: 8, through: 24, by: 8) {
      d.receive("x", now: Self.at(Double(second)))
      d.tick(Self.at(Double(second)))
      XCTAssertEqual(d.sent, [])
    }
    XCTAssertEqual(d.deadline, Self.at(30), "min(24 + 10, 0 + 30)")
    d.tick(Self.at(30))
    XCTAssertEqual(d.sent, ["408 /p close"])
  }

  // The head time-out does not run while the connection is paused, and none runs while it
  // only waits for the planner: the client is not to blame.
  func testNoTimeOutRunsWhileARequestIsWorkedOn() {
    var d = Driver()
    d.receive(get("/slow") + "GET /next HTTP/1.1\r\nHo", now: Self.at(1))
    XCTAssertEqual(d.requests.count, 1)
    XCTAssertEqual(d.machine.timerKind, .none)
    XCTAssertEqual(d.deadline, .max)
    d.answer(d.requests[0].id, now: Self.at(100))
    XCTAssertEqual(d.machine.timerKind, .head, "the half head's time starts now")
    XCTAssertEqual(d.deadline, Self.at(110))
  }

  // Moved from ServerWriteTests.testStalledReaderIsDisconnected.
  func testAReaderThatTakesNothingIsDisconnectedAtTheWriteTimeOutAndProbedMeanwhile() {
    var rules = ConnectionRules()
    rules.writeTimeout = 30
    rules.peerProbeInterval = 0.25
    // The pure time-out: no minimum rate (its own test covers it).
    rules.minimumSendBytesPerWindow = 0
    var d = Driver(rules: rules)
    d.socketRoom = 0
    d.receive(get("/a"), now: Self.at(1))
    d.answer(d.requests[0].id, body: Array(repeating: 0, count: 1 << 20), now: Self.at(1))
    XCTAssertEqual(d.machine.timerKind, .write)
    XCTAssertEqual(d.deadline, Self.at(1.25), "the probe comes before the time-out")
    d.tick(Self.at(1.25))
    XCTAssertEqual(d.probes, 1)
    XCTAssertFalse(d.isClosed)
    // Progress pushes the time-out back.
    d.peerTakes(10, now: Self.at(20))
    d.tick(Self.at(31))
    XCTAssertFalse(d.isClosed)
    d.tick(Self.at(50))
    XCTAssertTrue(d.isClosed)
    XCTAssertEqual(d.countedOutput, 0)
  }

  // Moved from ServerFaultTests.testResetMidResponseLeavesNoConnectionAndOthersAreServed: a
  // peer that reset while output waits is found by the probe and dropped at once.
  func testAProbeThatFindsThePeerGoneCloses() {
    var d = Driver()
    d.socketRoom = 0
    d.receive(get("/a"))
    d.answer(d.requests[0].id, body: Array(repeating: 0, count: 100_000))
    d.peerGone = true
    d.tick(d.deadline)
    XCTAssertEqual(d.probes, 1)
    XCTAssertEqual(d.socket, ["close"])
  }

  // A reader that keeps taking output, but less than the minimum per write window, is cut
  // off at the end of the window (a trickle would otherwise pin the answer for ever).
  func testAReaderBelowTheMinimumSendRateIsCutOffAtTheEndOfTheWindow() {
    var rules = ConnectionRules()
    rules.writeTimeout = 10
    rules.minimumSendBytesPerWindow = 1000
    var fast = Driver(rules: rules)
    var slow = Driver(rules: rules)
    for d in [0, 1] {
      var driver = d == 0 ? fast : slow
      driver.socketRoom = 0
      driver.receive(get("/a"), now: Self.at(1))
      driver.answer(
        driver.requests[0].id, body: Array(repeating: 0, count: 100_000), now: Self.at(1))
      if d == 0 { fast = driver } else { slow = driver }
    }
    // Both take bytes every second; the slow one 50 a second, the fast one 5000.
    for second in 2...11 {
      let now = Self.at(Double(second))
      fast.peerTakes(5000, now: now)
      slow.peerTakes(50, now: now)
      if fast.deadline <= now { fast.tick(now) }
      if slow.deadline <= now { slow.tick(now) }
    }
    XCTAssertTrue(slow.isClosed, "500 bytes in a 10 s window")
    XCTAssertFalse(fast.isClosed, "45,000 bytes in a 10 s window")
  }

  func testLingeringEndsAtItsTimeOutOrWhenTooMuchIsThrownAway() {
    var rules = ConnectionRules()
    rules.lingerTimeout = 2
    rules.parserLimits.maximumBodyBytes = 1000
    var d = Driver(rules: rules)
    d.receive(get("/a", "Connection: close\r\n"), now: Self.at(5))
    d.answer(d.requests[0].id, now: Self.at(5))
    XCTAssertEqual(d.socket, ["shutdown"])
    XCTAssertEqual(d.machine.timerKind, .linger)
    XCTAssertEqual(d.deadline, Self.at(7))
    d.receive(Array(repeating: 0, count: 1000))
    XCTAssertFalse(d.isClosed)
    d.tick(Self.at(7))
    XCTAssertEqual(d.socket, ["shutdown", "close"])

    var flooded = Driver(rules: rules)
    flooded.receive(get("/a", "Connection: close\r\n"))
    flooded.answer(flooded.requests[0].id)
    flooded.receive(Array(repeating: 0, count: rules.lingerDiscardLimit + 1))
    XCTAssertEqual(flooded.socket, ["shutdown", "close"])

    var ended = Driver(rules: rules)
    ended.receive(get("/a", "Connection: close\r\n"))
    ended.answer(ended.requests[0].id)
    ended.receiveEnd()
    XCTAssertEqual(ended.socket, ["shutdown", "close"], "the peer closed: lingering is over")
  }

  // Moved from ServerFaultTests.testResetMidRequestLeavesNoConnectionAndOthersAreServed and
  // testBodyCutShortLeavesNoStuckConnection: a failed socket closes with nothing more sent, and
  // the budgets it held are given back.
  func testASocketErrorMidBodyClosesAndGivesTheBudgetBack() {
    var d = Driver()
    d.receive("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\npartial")
    XCTAssertEqual(d.countedBody, 7)
    d.machine.socketFailed()
    d.perform()
    XCTAssertEqual(d.socket, ["close"])
    XCTAssertEqual(d.countedBody, 0)
    XCTAssertEqual(d.sent, [])
  }

  // A connection always has a deadline while it holds anything the peer is to blame for.
  func testEveryWaitingStateHasItsTimer() {
    var d = Driver()
    XCTAssertEqual(d.machine.timerKind, .idle)
    d.receive("GET / HTTP/1.1\r\n")
    XCTAssertEqual(d.machine.timerKind, .head)
    d.receive("Host: t\r\nContent-Length: 3\r\n\r\na")
    XCTAssertEqual(d.machine.timerKind, .body)
    d.receive("bc")
    XCTAssertEqual(d.machine.timerKind, .none, "worked on: nobody's fault")
    d.socketRoom = 0
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.machine.timerKind, .write)
  }
}
