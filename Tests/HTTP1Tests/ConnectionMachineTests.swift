import XCTest

@testable import HTTP1

/// Pipelining, early answers and keep-alive without sockets or sleeps: bytes in, a fake clock,
/// actions checked.
final class ConnectionMachineTests: XCTestCase, MachineTesting {

  // MARK: - Pipelining

  func testPipelinedResponsesLeaveInRequestOrderWhateverOrderTheyAreAnsweredIn() {
    var d = Driver { $0.maximumRequestsInFlight = 16 }
    d.receive(get("/a") + get("/b") + get("/c"))
    XCTAssertEqual(d.requests.map(\.target), ["/a", "/b", "/c"])
    XCTAssertEqual(d.requests.map(\.tag), ["/a", "/b", "/c"])
    d.answer(d.requests[2].id)
    d.answer(d.requests[1].id)
    XCTAssertEqual(d.sent, [], "nothing may leave before /a is answered")
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /a keep-alive", "200 /b keep-alive", "200 /c keep-alive"])
    XCTAssertEqual(d.socket, [])
    XCTAssertEqual(d.machine.state, .open)
  }

  func testThePipeliningDepthLimitStopsParsingUntilAnswersLeave() {
    var d = Driver {
      $0.maximumPipelinedRequests = 2
      $0.maximumRequestsInFlight = 16
    }
    d.receive(get("/1") + get("/2") + get("/3") + get("/4"))
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2"])
    XCTAssertTrue(d.machine.isPaused)
    XCTAssertFalse(d.readInterest, "a paused connection is not read")
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2", "/3"])
    d.answer(d.requests[1].id)
    d.answer(d.requests[2].id)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2", "/3", "/4"])
    XCTAssertTrue(d.readInterest)
  }

  // By default one request of a connection is answered at a time: a client that pipelines
  // sixteen requests and never reads makes the server hold one answer, not sixteen.
  func testOnlyOneRequestIsInFlightAndTheNextWaitsForItsAnswer() {
    var d = Driver()
    d.receive(get("/1") + get("/2") + get("/3"))
    XCTAssertEqual(d.requests.map(\.target), ["/1"])
    XCTAssertEqual(d.machine.requestState(d.requests[0].id), .handedOut)
    XCTAssertFalse(d.readInterest)
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2"])
    d.answer(d.requests[1].id)
    d.answer(d.requests[2].id)
    XCTAssertEqual(d.sent, ["200 /1 keep-alive", "200 /2 keep-alive", "200 /3 keep-alive"])
  }

  // Moved from the socket suite (ServerCapacityTests.testPipelineDepthLimitStillAnswersAllInOrder):
  // at a depth of 4, 300 pipelined requests are all answered, in order.
  func testManyPipelinedRequestsBeyondTheDepthAreAllAnsweredInOrder() {
    var d = Driver { $0.maximumPipelinedRequests = 4 }
    d.receive((0..<300).map { get("/\($0)") }.joined())
    var answered = 0
    while answered < d.requests.count {
      d.answer(d.requests[answered].id)
      answered += 1
    }
    XCTAssertEqual(d.sent, (0..<300).map { "200 /\($0) keep-alive" })
    XCTAssertTrue(d.readInterest)
  }

  // Answers computed but waiting behind an unanswered request count against the output
  // bound: no further request is parsed while they exceed it.
  func testAnswersWaitingBehindAnEarlierOneCountAgainstTheOutputBound() {
    var d = Driver {
      $0.maximumRequestsInFlight = 16
      $0.maximumPendingOutputBytes = 1000
    }
    d.receive(get("/slow") + get("/big"))
    XCTAssertEqual(d.requests.map(\.target), ["/slow", "/big"])
    d.answer(d.requests[1].id, body: Array(repeating: 1, count: 2000))
    d.receive(get("/next"))
    XCTAssertEqual(d.requests.count, 2, "2000 bytes held behind /slow: /next waits")
    XCTAssertTrue(d.machine.isPaused)
    XCTAssertFalse(d.readInterest)
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /slow keep-alive", "200 /big keep-alive"])
    XCTAssertEqual(d.requests.map(\.target), ["/slow", "/big", "/next"], "written: room again")
  }

  func testTooMuchUnsentOutputPausesReadingUntilThePeerTakesIt() {
    var d = Driver { $0.maximumPendingOutputBytes = 50 }
    d.socketRoom = 0
    d.receive(get("/1"))
    d.answer(d.requests[0].id)
    XCTAssertTrue(d.writeInterest, "the write fell short: wait until writable")
    d.receive(get("/2"))
    XCTAssertEqual(d.requests.count, 1, "100+ bytes unsent: /2 waits")
    XCTAssertFalse(d.readInterest)
    d.peerTakes()
    XCTAssertFalse(d.writeInterest)
    XCTAssertEqual(d.requests.map(\.target), ["/1", "/2"])
    XCTAssertFalse(d.readInterest, "/2 is worked on")
  }

  // A large answer drains in steps; the pipelined request behind it is parsed once the unsent
  // output is under the bound, not left to the head time-out (found by ServerWriteTests).
  func testAPipelinedRequestBehindALargeAnswerIsParsedOnceTheOutputDrains() {
    var d = Driver()
    d.socketRoom = 1 << 19
    d.receive(get("/big") + get("/small"))
    XCTAssertEqual(d.requests.map(\.target), ["/big"])
    d.answer(d.requests[0].id, body: Array(repeating: 0, count: 4 << 20), now: Self.at(1))
    XCTAssertEqual(d.requests.count, 1)
    for _ in 0..<8 { d.peerTakes(1 << 19, now: Self.at(2)) }
    XCTAssertEqual(d.requests.map(\.target), ["/big", "/small"], "timer: \(d.machine.timerKind)")
  }

  // Writing frees room for requests already buffered, which no new bytes will prompt: each
  // write that frees it earns another round, at most 8 per event (so one connection cannot
  // hold its loop), and the next event takes up the rest.
  func testBufferedPipelinedRequestsAreParsedInRoundsOfAtMostEight() {
    var d = Driver { $0.maximumPendingOutputBytes = 10 }
    // Each answer alone passes the output bound, so each write frees room for the next.
    d.judge = { _ in HTTPResponse(status: 404) }
    d.receive((0..<20).map { get("/\($0)") }.joined())
    XCTAssertEqual(d.sent.count, 8, "one event: eight rounds")
    XCTAssertTrue(d.readInterest)
    XCTAssertEqual(d.machine.timerKind, .head, "the rest waits like a head being read")
    d.receive(get("/20"))
    XCTAssertEqual(d.sent.count, 16)
    d.receive(get("/21"))
    XCTAssertEqual(d.sent, (0...21).map { "404 /\($0) keep-alive" })
  }

  // MARK: - Early answers, close-after and keep-alive

  func testARefusedHeadWithABodyIsAnsweredWithoutReadingTheBodyThenTheConnectionLingers() {
    var d = Driver()
    d.judge = { _ in HTTPResponse(status: 415) }
    d.socketRoom = 0
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello" + get("/next"))
    XCTAssertEqual(d.sent, ["415 /p close"])
    XCTAssertEqual(d.requests.count, 0)
    XCTAssertEqual(d.heads, ["/p"], "nothing after the unread body is parsed")
    XCTAssertEqual(d.machine.state, .writingLast(peerGone: false))
    XCTAssertFalse(d.readInterest)
    d.peerTakes(now: Self.at(1))
    XCTAssertEqual(d.socket, ["shutdown"])
    XCTAssertTrue(d.machine.isLingering)
    XCTAssertTrue(d.readInterest, "lingering reads and throws away")
  }

  // Moved from ServerProtocolTests.testHeadHandlerAnswersWithoutReadingBody: a refused head
  // without a body keeps the connection, and the next request is answered.
  func testARefusedHeadWithoutABodyKeepsTheConnection() {
    var d = Driver()
    d.judge = { $0.target == "/missing" ? HTTPResponse(status: 404) : nil }
    d.receive(get("/missing") + get("/ok"))
    XCTAssertEqual(d.sent, ["404 /missing keep-alive"])
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["404 /missing keep-alive", "200 /ok keep-alive"])
    XCTAssertEqual(d.requests.map(\.target), ["/ok"], "the refused head never runs")
  }

  // Moved from ServerProtocolTests.testContentLengthOverLimit413 and
  // testExpectContinueTooLargeRefused413: the declared body is refused from the head, no
  // `100 Continue` is sent, and the connection closes.
  func testADeclaredBodyOverTheLimitIsRefused413EvenWhenAcceptedAndNo100IsSent() {
    var rules = ConnectionRules()
    rules.parserLimits.maximumBodyBytes = 10
    for expect in ["", "Expect: 100-continue\r\n"] {
      var d = Driver(rules: rules)
      d.receive("POST /p HTTP/1.1\r\nHost: t\r\n\(expect)Content-Length: 11\r\n\r\n")
      XCTAssertEqual(d.sent, ["413 /p close"])
      XCTAssertEqual(d.problems, ["413 the body is 11 bytes; the limit is 10"])
      XCTAssertEqual(d.requests.count, 0)
      XCTAssertEqual(d.socket, ["shutdown"])
    }
  }

  // Moved from ServerProtocolTests.testConnectionCloseHonoured and testHTTP10Persistence.
  func testConnectionCloseAndHTTP10EndTheConnectionAfterTheirResponse() {
    var d = Driver()
    d.receive(get("/a", "Connection: close\r\n") + get("/b"))
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /a close"])
    XCTAssertEqual(d.heads, ["/a"], "nothing after the last answer is read")
    XCTAssertEqual(d.socket, ["shutdown"])
    var old = Driver()
    old.receive("GET /x HTTP/1.0\r\n\r\n")
    old.answer(old.requests[0].id)
    XCTAssertEqual(old.sent, ["200 /x close"])
    var kept = Driver()
    kept.receive("GET /x HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    kept.answer(kept.requests[0].id)
    kept.receive("GET /y HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    kept.answer(kept.requests[1].id)
    XCTAssertEqual(kept.sent, ["200 /x keep-alive", "200 /y keep-alive"])
  }

  // An application answer that says `Connection: close` ends the connection after it.
  func testAnAnswerSayingConnectionCloseEndsTheConnection() {
    var d = Driver()
    d.receive(get("/a") + get("/b"))
    d.machine.answer(
      d.requests[0].id, .response(HTTPResponse(status: 200, headers: ["Connection": "close"])),
      now: 0)
    d.perform()
    XCTAssertEqual(d.sent, ["200 /a close"])
    XCTAssertEqual(d.heads, ["/a"])
  }

  func testAParseErrorIsAnsweredWithItsStatusAndCloses() {
    var d = Driver()
    d.receive(
      get("/ok") + "GET /bad HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /ok keep-alive", "400 - close"])
  }

  // Moved from ServerProtocolTests.testParseErrorsAnsweredWithTheirStatus: the parser's status
  // is what the client gets, as a server problem, and the connection closes.
  func testEachParseErrorIsAnsweredWithItsOwnStatus() {
    for (request, status) in [
      ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
      ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
      ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414),
      ("GET / HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "a", count: 17000) + "\r\n\r\n", 431),
      ("\u{16}\u{3}\u{1}garbage\r\n\r\n", 400),
      (
        "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
        400
      ),
    ] {
      var d = Driver()
      d.receive(request)
      XCTAssertEqual(d.sent, ["\(status) - close"], request.prefix(40).description)
      XCTAssertEqual(d.problems.count, 1)
      XCTAssertEqual(d.socket, ["shutdown"])
    }
  }

  // Moved from ServerProtocolTests.testChunkedBody: a chunked body arriving in parts is
  // handed out decoded, once.
  func testAChunkedBodyArrivingInPartsIsHandedOutWhole() {
    var d = Driver()
    d.receive("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n")
    XCTAssertEqual(d.requests.count, 0)
    XCTAssertEqual(d.machine.bodyBytesHeld, 3)
    d.receive("2\r\nde\r\n0\r\nTrailer: 1\r\n\r\n")
    XCTAssertEqual(d.requests.map(\.body), ["abcde"])
    XCTAssertEqual(d.machine.bodyBytesHeld, 0)
  }

  // Moved from ServerProtocolTests.testHalfCloseStillAnswered and
  // ServerFaultTests.testHalfCloseAfterPipelinedRequestsGetsEveryAnswer.
  func testAHalfCloseAfterCompleteRequestsStillGetsEveryAnswerThenCloses() {
    var d = Driver { $0.maximumRequestsInFlight = 16 }
    d.receive(get("/1") + get("/2") + get("/3"))
    d.receiveEnd()
    XCTAssertEqual(d.machine.state, .peerGone)
    XCTAssertFalse(d.readInterest)
    for request in d.requests { d.answer(request.id) }
    XCTAssertEqual(d.sent, ["200 /1 keep-alive", "200 /2 keep-alive", "200 /3 close"])
    XCTAssertEqual(d.socket, ["close"], "the peer closed: no lingering")
  }

  func testAHalfCloseMidRequestIsA400AndACompleteRequestIsStillAnswered() {
    var d = Driver()
    d.receive(get("/whole"))
    d.receive("GET /cut HTTP/1.1\r\nHo")
    d.receiveEnd()
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /whole keep-alive", "400 - close"])
    XCTAssertEqual(d.socket, ["close"], "the peer closed: no lingering")
  }

  // Moved from ServerProtocolTests.testHalfCloseMidRequest: a body cut short by a half-close.
  func testAHalfCloseMidBodyIsA400ForThatRequest() {
    var d = Driver()
    d.receive("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
    d.receiveEnd()
    XCTAssertEqual(d.sent, ["400 /x close"])
    XCTAssertEqual(d.socket, ["close"])
  }

  // MARK: - 100-continue

  func testExpectContinueIsSentOnceTheHeadIsAcceptedAndNotWhenTheBodyAlreadyStarted() {
    var d = Driver()
    let head = "POST /p HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
    d.receive(head)
    XCTAssertEqual(d.sent, ["100"])
    XCTAssertEqual(d.machine.requestState(0), .readingBody)
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

  // The interim answer never overtakes the answers to earlier pipelined requests.
  func testA100ContinueWaitsUntilItsRequestIsFirstInLine() {
    var d = Driver { $0.maximumRequestsInFlight = 16 }
    d.receive(
      get("/first")
        + "POST /p HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
    XCTAssertEqual(d.sent, [])
    d.answer(d.requests[0].id)
    XCTAssertEqual(d.sent, ["200 /first keep-alive", "100"])
  }

  // MARK: - Budgets

  // The server-wide budget for buffered bodies: the machine counts what it holds, and the
  // request whose bytes tip the total over is answered 503 and its connection closed (moved
  // from ServerCapacityTests.testServerWideBudgetsForBodiesAndUnsentAnswers, its body part).
  func testARequestWhoseBodyTipsTheServerWideBudgetOverIs503AndCloses() {
    var d = Driver { $0.maximumBufferedBodyBytes = 1000 }
    d.otherBodies = 995
    d.receive("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n0123")
    XCTAssertEqual(d.countedBody, 4)
    XCTAssertEqual(d.sent, [])
    d.receive("456789")
    XCTAssertEqual(d.sent, ["503 /p close"])
    XCTAssertEqual(d.problems, ["503 the server holds too many request bodies; retry later"])
    XCTAssertEqual(d.countedBody, 0, "what it held is given back")
    XCTAssertEqual(d.requests.count, 0)
    XCTAssertEqual(d.socket, ["shutdown"])
  }

  func testUnsentOutputIsCountedAfterEachWriteAndGivenBackAtClose() {
    var d = Driver()
    d.socketRoom = 0
    d.receive(get("/a"))
    d.answer(d.requests[0].id, body: Array(repeating: 7, count: 5000))
    XCTAssertEqual(d.countedOutput, 5100)
    d.machine.close()
    d.perform()
    XCTAssertEqual(d.countedOutput, 0)
    XCTAssertEqual(d.socket, ["close"])
  }
}
