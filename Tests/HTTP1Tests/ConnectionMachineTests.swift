import XCTest

@testable import HTTP1

/// The connection rules without sockets or sleeps: bytes in, a fake clock, outputs checked.
final class ConnectionMachineTests: XCTestCase {
  typealias Machine = ConnectionMachine

  /// Seconds on the fake clock, as the machine's nanoseconds.
  static func at(_ seconds: Double) -> UInt64 { UInt64(seconds * 1e9) }

  /// Drives a machine as the server's connection does, recording what comes out.
  struct Driver {
    var machine: Machine
    /// Heads in arrival order, and complete requests with their verdict's tag.
    var heads: [String] = []
    var requests: [(id: Int, target: String, body: String, tag: String)] = []
    /// What was sent: "100" for `100 Continue`, else "status target keep-alive|close".
    var sent: [String] = []
    var pendingOutput = 0
    /// Refuses a head by returning a response; nil accepts it with its target as the tag.
    var judge: (HTTPRequestHead) -> HTTPResponse? = { _ in nil }

    init(rules: ConnectionRules = ConnectionRules(), now: UInt64 = 0) {
      machine = Machine(rules: rules, now: now)
    }

    mutating func receive(_ text: String, now: UInt64 = 0) {
      machine.received(Array(text.utf8), now: now)
      pump(now: now)
    }

    mutating func pump(now: UInt64 = 0) {
      while true {
        flush()
        guard let event = machine.nextEvent(now: now) else { break }
        switch event {
        case .head(let id, let head):
          heads.append(head.target)
          if let refusal = judge(head) {
            machine.refuse(id, with: refusal)
          } else {
            let tag = head.target
            machine.accept(id) { _ in .now(HTTPResponse(status: 200, body: Array(tag.utf8))) }
          }
        case .request(let id, let head, let body, let responder):
          // The verdict's responder travels with the request: it answers with its head's target.
          var tag = ""
          if case .now(let r) = responder(HTTPRequest(head: head, body: body)) {
            tag = String(decoding: r.body, as: UTF8.self)
          }
          requests.append((id, head.target, String(decoding: body, as: UTF8.self), tag))
        }
      }
      flush()
      settlement = machine.settle(outputEmpty: pendingOutput == 0, now: now)
    }

    /// What the last ``pump(now:)`` asked of the socket.
    var settlement = ConnectionMachine.Settlement.none

    mutating func flush() {
      var sent = self.sent
      var pending = pendingOutput
      machine.flush { output in
        switch output {
        case .continueInterim:
          sent.append("100")
        case .response(let response, let context):
          sent.append(
            "\(response.status) \(context.target) \(context.keepAlive ? "keep-alive" : "close")")
          pending += response.body.count + 100
        }
      }
      self.sent = sent
      pendingOutput = pending
      machine.outputQueued(pending: pending)
    }

    /// The peer took everything written.
    mutating func drained(now: UInt64 = 0) -> ConnectionMachine.Settlement {
      pendingOutput = 0
      machine.output(pending: 0, progressed: true, now: now)
      return machine.settle(outputEmpty: true, now: now)
    }

    mutating func answer(_ id: Int, _ status: Int = 200, now: UInt64 = 0) {
      machine.respond(id, with: HTTPResponse(status: status, body: Array("ok".utf8)))
      pump(now: now)
    }
  }

  func get(_ target: String, _ extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n"
  }

  // MARK: - Pipelining

  func testPipelinedResponsesLeaveInRequestOrderWhateverOrderTheyAreAnsweredIn() {
    var rules = ConnectionRules()
    rules.maxRequestsInFlight = 16
    var d = Driver(rules: rules)
    d.receive(get("/a") + get("/b") + get("/c"))
    XCTAssertEqual(d.requests.map(\.target), ["/a", "/b", "/c"])
    XCTAssertEqual(d.requests.map(\.tag), ["/a", "/b", "/c"])
    d.answer(d.requests[2].id)
    d.answer(d.requests[1].id)
    XCTAssertEqual(d.sent, [], "nothing may leave before /a is answered")
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /a keep-alive", "200 /b keep-alive", "200 /c keep-alive"])
    XCTAssertEqual(d.drained(), .none)
    XCTAssertEqual(d.machine.phase, .open)
  }

  func testThePipeliningDepthLimitStopsParsingUntilAnswersLeave() {
    var rules = ConnectionRules()
    rules.maxPipelinedRequests = 2
    rules.maxRequestsInFlight = 16
    var d = Driver(rules: rules)
    d.receive(get("/1") + get("/2") + get("/3") + get("/4"))
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2"])
    XCTAssertTrue(d.machine.isPaused)
    XCTAssertFalse(d.machine.wantsRead, "a paused connection is not read")
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2", "/3"])
    d.answer(d.requests[1].id)
    d.answer(d.requests[2].id)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2", "/3", "/4"])
  }

  // By default one request of a connection is answered at a time: a client that pipelines
  // sixteen requests and never reads makes the server hold one answer, not sixteen.
  func testOnlyOneRequestIsInFlightAndTheNextWaitsForItsAnswer() {
    var d = Driver()
    d.receive(get("/1") + get("/2") + get("/3"))
    XCTAssertEqual(d.requests.map(\.target), ["/1"])
    XCTAssertFalse(d.machine.wantsRead)
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2"])
    d.answer(d.requests[1].id)
    d.answer(d.requests[2].id)
    XCTAssertEqual(d.sent, ["200 /1 keep-alive", "200 /2 keep-alive", "200 /3 keep-alive"])
  }

  // Answers computed but waiting behind an unanswered request count against the output
  // bound: no further request is parsed while they exceed it.
  func testAnswersWaitingBehindAnEarlierOneCountAgainstTheOutputBound() {
    var rules = ConnectionRules()
    rules.maxRequestsInFlight = 16
    rules.maxPendingOutputBytes = 1000
    var d = Driver(rules: rules)
    d.receive(get("/slow") + get("/big"))
    XCTAssertEqual(d.requests.map(\.target), ["/slow", "/big"])
    d.machine.respond(
      d.requests[1].id, with: HTTPResponse(status: 200, body: Array(repeating: 1, count: 2000)))
    d.pump()
    d.receive(get("/next"))
    XCTAssertEqual(d.requests.count, 2, "2000 bytes held behind /slow: /next waits")
    XCTAssertTrue(d.machine.isPaused)
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /slow keep-alive", "200 /big keep-alive"])
    _ = d.drained()
    d.pump()
    XCTAssertEqual(d.requests.map(\.target), ["/slow", "/big", "/next"])
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
      driver.receive(get("/a"))
      driver.answer(driver.requests[0].id)
      driver.machine.output(pending: 100_000, progressed: true, now: Self.at(1))
      driver.machine.writeBlocked(now: Self.at(1))
      _ = driver.machine.settle(outputEmpty: false, now: Self.at(1))
      if d == 0 { fast = driver } else { slow = driver }
    }
    // Both take bytes every second; the slow one 50 a second, the fast one 5000.
    for second in 2...11 {
      let now = Self.at(Double(second))
      fast.machine.output(pending: 100_000 - 5000 * (second - 1), progressed: true, now: now)
      slow.machine.output(pending: 100_000 - 50 * (second - 1), progressed: true, now: now)
      for d in [0, 1] {
        var driver = d == 0 ? fast : slow
        if driver.machine.phase != .closed, driver.machine.deadline <= now {
          _ = driver.machine.deadlinePassed(now: now)
        }
        if d == 0 { fast = driver } else { slow = driver }
      }
    }
    XCTAssertEqual(slow.machine.phase, .closed, "500 bytes in a 10 s window")
    XCTAssertNotEqual(fast.machine.phase, .closed, "45,000 bytes in a 10 s window")
  }

  func testTooMuchUnsentOutputPausesReadingUntilThePeerTakesIt() {
    var rules = ConnectionRules()
    rules.maxPendingOutputBytes = 50
    var d = Driver(rules: rules)
    d.receive(get("/1"))
    d.answer(d.requests[0].id)
    d.receive(get("/2"))
    XCTAssertEqual(d.requests.count, 1, "100+ bytes unsent: /2 waits")
    XCTAssertFalse(d.machine.wantsRead)
    _ = d.drained()
    d.pump()
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2"])
  }

  // MARK: - Early answers, close-after and keep-alive

  func testARefusedHeadWithABodyIsAnsweredWithoutReadingTheBodyThenTheConnectionCloses() {
    var d = Driver()
    d.judge = { _ in HTTPResponse(status: 415) }
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello" + get("/next"))
    XCTAssertEqual(d.sent, ["415 /p close"])
    XCTAssertEqual(d.requests.count, 0)
    XCTAssertEqual(d.heads, ["/p"], "nothing after the unread body is parsed")
    XCTAssertEqual(d.machine.phase, .closingAfterWrites)
    XCTAssertEqual(d.drained(now: Self.at(1)), .shutDownWriting)
    XCTAssertEqual(d.machine.phase, .lingering)
    XCTAssertTrue(d.machine.wantsRead, "lingering reads and throws away")
  }

  func testARefusedHeadWithoutABodyKeepsTheConnection() {
    var d = Driver()
    d.judge = { $0.target == "/missing" ? HTTPResponse(status: 404) : nil }
    d.receive(get("/missing") + get("/ok"))
    XCTAssertEqual(d.sent, ["404 /missing keep-alive"])
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["404 /missing keep-alive", "200 /ok keep-alive"])
  }

  func testADeclaredBodyOverTheLimitIsRefused413EvenWhenAccepted() {
    var rules = ConnectionRules()
    rules.parserLimits.maxBodyBytes = 10
    var d = Driver(rules: rules)
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n")
    XCTAssertEqual(d.sent, ["413 /p close"])
    XCTAssertEqual(d.requests.count, 0)
  }

  func testConnectionCloseAndHTTP10EndTheConnectionAfterTheirResponse() {
    var d = Driver()
    d.receive(get("/a", "Connection: close\r\n") + get("/b"))
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /a close"])
    XCTAssertEqual(d.heads, ["/a"], "nothing after the last answer is read")
    XCTAssertEqual(d.machine.phase, .closingAfterWrites)
    var old = Driver()
    old.receive("GET /x HTTP/1.0\r\n\r\n")
    old.answer(old.requests[0].id)
    XCTAssertEqual(old.sent, ["200 /x close"])
  }

  func testAParseErrorIsAnsweredWithItsStatusAndCloses() {
    var d = Driver()
    d.receive(
      get("/ok") + "GET /bad HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /ok keep-alive", "400 - close"])
  }

  func testAHalfCloseMidRequestIsA400AndACompleteRequestIsStillAnswered() {
    var d = Driver()
    d.receive(get("/whole"))
    d.receive("GET /cut HTTP/1.1\r\nHo")
    d.machine.receivedEnd()
    d.pump()
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /whole keep-alive", "400 - close"])
    XCTAssertEqual(d.drained(), .close, "the peer closed: no lingering")
  }

  // MARK: - 100-continue

  func testExpectContinueIsSentOnceTheHeadIsAcceptedAndNotWhenTheBodyAlreadyStarted() {
    var d = Driver()
    let head = "POST /p HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
    d.receive(head)
    XCTAssertEqual(d.sent, ["100"])
    d.receive("abc")
    XCTAssertEqual(d.requests.map(\.body), ["abc"])
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["100", "200 /p keep-alive"])

    var eager = Driver()
    eager.receive(head + "abc")
    XCTAssertEqual(eager.sent, [], "the body is already here: no 100")
    XCTAssertEqual(eager.requests.map(\.body), ["abc"])

    var refused = Driver()
    refused.judge = { _ in HTTPResponse(status: 415) }
    refused.receive(head)
    XCTAssertEqual(refused.sent, ["415 /p close"], "a refusal instead of 100, and close")
  }

  // MARK: - Time-outs

  func testAnIdleConnectionClosesQuietlyAtTheIdleTimeOut() {
    var rules = ConnectionRules()
    rules.idleTimeout = 5
    var d = Driver(rules: rules, now: Self.at(100))
    XCTAssertEqual(d.machine.timerKind, .idle)
    XCTAssertEqual(d.machine.deadline, Self.at(105))
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(104.9)), .none)
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(105)), .close)
    XCTAssertEqual(d.machine.phase, .closed)
    XCTAssertEqual(d.sent, [])
  }

  func testTheIdleTimeOutRestartsAfterEachAnswer() {
    var rules = ConnectionRules()
    rules.idleTimeout = 5
    var d = Driver(rules: rules)
    d.receive(get("/a"), now: Self.at(4))
    d.answer(d.requests[0].id, now: Self.at(4))
    _ = d.drained(now: Self.at(4))
    XCTAssertEqual(d.machine.timerKind, .idle)
    XCTAssertEqual(d.machine.deadline, Self.at(9))
  }

  func testAHeadNotCompleteInTimeIs408() {
    var rules = ConnectionRules()
    rules.headTimeout = 10
    var d = Driver(rules: rules)
    d.receive("GET /slow HTTP/1.1\r\nHo", now: Self.at(1))
    _ = d.machine.settle(outputEmpty: true, now: Self.at(1))
    XCTAssertEqual(d.machine.timerKind, .head)
    XCTAssertEqual(d.machine.deadline, Self.at(11))
    // More bytes of the same head do not restart it (slowloris).
    d.receive("st: t\r\nX-A: 1\r\n", now: Self.at(8))
    _ = d.machine.settle(outputEmpty: true, now: Self.at(8))
    XCTAssertEqual(d.machine.deadline, Self.at(11))
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(11)), .answered)
    d.pump(now: Self.at(11))
    XCTAssertEqual(d.sent, ["408 - close"])
  }

  func testABodyThatStallsIs408ForItsRequest() {
    var rules = ConnectionRules()
    rules.bodyTimeout = 3
    var d = Driver(rules: rules)
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab", now: Self.at(1))
    _ = d.machine.settle(outputEmpty: true, now: Self.at(1))
    XCTAssertEqual(d.machine.timerKind, .body)
    XCTAssertEqual(d.machine.deadline, Self.at(4))
    // Each body byte restarts the body time-out.
    d.receive("cd", now: Self.at(3))
    _ = d.machine.settle(outputEmpty: true, now: Self.at(3))
    XCTAssertEqual(d.machine.deadline, Self.at(6))
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(6)), .answered)
    d.pump(now: Self.at(6))
    XCTAssertEqual(d.sent, ["408 /p close"])
    XCTAssertEqual(d.requests.count, 0)
  }

  // One byte every few seconds restarts the time between body bytes, but not the body's total
  // deadline, which runs from its head.
  func testATricklingBodyMeetsItsTotalDeadline() {
    var rules = ConnectionRules()
    rules.bodyTimeout = 10
    rules.bodyDeadline = 30
    var d = Driver(rules: rules)
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n", now: Self.at(0))
    for second in stride(from: 8, through: 24, by: 8) {
      d.receive("x", now: Self.at(Double(second)))
      XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(Double(second))), .none)
    }
    XCTAssertEqual(d.machine.deadline, Self.at(30), "min(24 + 10, 0 + 30)")
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(30)), .answered)
    d.pump(now: Self.at(30))
    XCTAssertEqual(d.sent, ["408 /p close"])
  }

  // The server-wide budget for buffered bodies is the driver's; the machine answers the
  // request being read with what the driver gives and reads no more of it.
  func testAnIncomingBodyCanBeRefusedMidWay() {
    var d = Driver()
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n0123456789")
    XCTAssertEqual(d.machine.bodyBytesHeld, 10)
    d.machine.abortIncoming(with: HTTPResponse(status: 503))
    XCTAssertEqual(d.machine.bodyBytesHeld, 0)
    d.pump()
    XCTAssertEqual(d.sent, ["503 /p close"])
    XCTAssertEqual(d.requests.count, 0)
    XCTAssertFalse(d.machine.wantsRead)
  }

  func testAReaderThatTakesNothingIsDisconnectedAtTheWriteTimeOutAndProbedMeanwhile() {
    var rules = ConnectionRules()
    rules.writeTimeout = 30
    rules.peerProbeInterval = 0.25
    // The pure time-out: no minimum rate (its own test covers it).
    rules.minimumSendBytesPerWindow = 0
    var d = Driver(rules: rules)
    d.receive(get("/a"))
    d.answer(d.requests[0].id)
    d.machine.writeBlocked(now: Self.at(1))
    _ = d.machine.settle(outputEmpty: false, now: Self.at(1))
    XCTAssertEqual(d.machine.timerKind, .write)
    XCTAssertEqual(d.machine.deadline, Self.at(1.25), "the probe comes before the time-out")
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(1.25)), .probePeer)
    // Progress pushes the time-out back.
    d.machine.output(pending: 10, progressed: true, now: Self.at(20))
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(31)), .probePeer)
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(50)), .close)
    XCTAssertEqual(d.machine.phase, .closed)
  }

  func testLingeringEndsAtItsTimeOutOrWhenTooMuchIsThrownAway() {
    var rules = ConnectionRules()
    rules.lingerTimeout = 2
    rules.parserLimits.maxBodyBytes = 1000
    var d = Driver(rules: rules)
    d.receive(get("/a", "Connection: close\r\n"))
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.drained(now: Self.at(5)), .shutDownWriting)
    XCTAssertEqual(d.machine.timerKind, .linger)
    XCTAssertEqual(d.machine.deadline, Self.at(7))
    XCTAssertFalse(d.machine.discarded(1000))
    XCTAssertTrue(d.machine.discarded(rules.lingerDiscardLimit))
    XCTAssertEqual(d.machine.deadlinePassed(now: Self.at(7)), .close)
  }

  // MARK: - Drain

  func testTheDrainAnswersEveryReceivedRequestAndClosesAfterTheLast() {
    var rules = ConnectionRules()
    rules.maxRequestsInFlight = 16
    var d = Driver(rules: rules)
    d.receive(get("/1") + get("/2"))
    d.machine.beginDrain()
    d.answer(d.requests[1].id)
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /1 keep-alive", "200 /2 close"])
    XCTAssertEqual(d.drained(), .shutDownWriting)
  }

  func testTheDrainDeadlineAnswersEveryUnansweredRequestAndCutsOneMidBody() {
    var rules = ConnectionRules()
    rules.maxRequestsInFlight = 16
    var d = Driver(rules: rules)
    d.receive(get("/1") + get("/2") + "POST /3 HTTP/1.1\r\nHost: t\r\nContent-Length: 9\r\n\r\nabc")
    d.machine.beginDrain()
    d.answer(d.requests[1].id)
    let (answered, cut) = d.machine.drainDeadline(HTTPResponse(status: 503))
    XCTAssertEqual(answered, 1)
    XCTAssertEqual(cut, 1)
    d.flush()
    XCTAssertEqual(d.sent, ["503 /1 keep-alive", "200 /2 close"])
  }

  func testTheDrainClosesAnIdleConnectionAtOnceButNotOneMidHead() {
    var idle = Driver()
    idle.machine.beginDrain()
    XCTAssertEqual(idle.machine.settle(outputEmpty: true, now: 0), .close)

    var busy = Driver()
    busy.receive("GET /half HTTP/1.1\r\n")
    busy.machine.beginDrain()
    XCTAssertEqual(busy.machine.settle(outputEmpty: true, now: 0), .none)
    busy.receive("Host: t\r\n\r\n")
    busy.answer(busy.requests[0].id)
    XCTAssertEqual(busy.sent, ["200 /half close"])
  }
}

extension ConnectionMachineTests {
  // A large answer drains in steps; the pipelined request behind it is parsed once the unsent
  // output is under the bound, not left to the head time-out (found by ServerWriteTests).
  func testAPipelinedRequestBehindALargeAnswerIsParsedOnceTheOutputDrains() {
    var d = Driver()
    d.receive(get("/big") + get("/small"))
    XCTAssertEqual(d.requests.map(\.target), ["/big"])
    d.machine.respond(
      d.requests[0].id, with: HTTPResponse(status: 200, body: Array(repeating: 0, count: 4 << 20)))
    d.pump(now: Self.at(1))
    d.machine.writeBlocked(now: Self.at(1))
    XCTAssertEqual(d.requests.count, 1)
    for left in stride(from: 3 << 20, through: 0, by: -(1 << 19)) {
      d.pendingOutput = left
      d.machine.output(pending: left, progressed: true, now: Self.at(2))
      d.pump(now: Self.at(2))
    }
    XCTAssertEqual(d.requests.map(\.target), ["/big", "/small"], "timer: \(d.machine.timerKind)")
  }
}
