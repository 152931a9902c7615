/// Events in: what happened on the socket, the application's verdicts and answers, the clock,
/// the drain. Each records what happened and, when the connection has work again, starts a
/// round of actions; the rules themselves run in ``ConnectionMachine/nextAction()``.
extension ConnectionMachine {
  /// Bytes the peer sent. While lingering they are only counted (and thrown away).
  public mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
    self.now = now
    switch state {
    case .open, .draining:
      parser.append(bytes)
      if incoming != nil { lastBodyActivity = now }
      wake(.parse(round: 0))
    case .lingering(var lingering):
      lingering.discarded += bytes.count
      state = .lingering(lingering)
      if lingering.discarded > rules.lingerDiscardLimit { beginClose() }
    case .peerGone, .closingAfterAnswer, .writingLast, .closed:
      illegalEvent("bytes received while the connection reads nothing")
    }
  }

  /// Bytes the peer sent (for tests and small inputs).
  public mutating func received(_ bytes: [UInt8], now: UInt64) {
    bytes.withUnsafeBytes { received($0, now: now) }
  }

  /// The peer half-closed: what it sent is still answered, then the connection closes. While
  /// lingering it ends the lingering.
  public mutating func receivedEnd(now: UInt64) {
    self.now = now
    switch state {
    case .open, .draining:
      state = .peerGone
      wake(.parse(round: 0))
    case .lingering:
      beginClose()
    case .peerGone, .closingAfterAnswer, .writingLast, .closed:
      illegalEvent("end of input while the connection reads nothing")
    }
  }

  /// Reading or writing the socket failed (a reset): nothing more is sent.
  public mutating func socketFailed() {
    if owed == .written { owed = nil }
    guard state != .closed else { return }
    beginClose()
  }

  /// The verdict on the head of ``Action/judge(_:_:)``.
  public mutating func verdict(_ id: RequestID, _ verdict: HTTPHeadVerdict) {
    guard owed == .verdict(id), incoming == .request(id), let index = slotIndex(id),
      case .awaitingVerdict(let head) = slots[index].state
    else {
      illegalEvent("a verdict for a head that awaits none")
      return
    }
    owed = nil
    switch verdict {
    case .refuse(let response): refuse(id, head, .response(response))
    case .accept(let responder): accept(id, head, responder)
    }
  }

  /// The answer to a request of ``Action/run(_:_:body:_:)``, in any order: answers still leave
  /// in request order. The answer to a request dropped meanwhile (the connection closed, or an
  /// answer before it ended the connection) is let go.
  public mutating func answer(_ id: RequestID, _ reply: Reply, now: UInt64) {
    guard let index = slotIndex(id) else {
      if id >= nextID { illegalEvent("an answer for a request never handed out") }
      return
    }
    guard case .handedOut = slots[index].state else {
      illegalEvent("an answer for a request not handed out")
      return
    }
    self.now = now
    setAnswer(index, reply, closes: false)
    wake(.parse(round: 0))
  }

  /// The driver's unsent output after the ``Action/send(_:)`` it was given.
  public mutating func queued(pending: Int) {
    guard owed == .queued else {
      illegalEvent("output queued without a send")
      return
    }
    owed = nil
    pendingOutput = pending
  }

  /// What the ``Action/write`` took: `sent` bytes, `pending` left, and whether the socket would
  /// take no more (it then waits for ``writable(now:)``).
  public mutating func written(sent: Int, pending: Int, blocked: Bool, now: UInt64) {
    guard owed == .written else {
      illegalEvent("a write reported without a write action")
      return
    }
    owed = nil
    self.now = now
    if sent > 0 {
      lastWriteProgress = now
      if case .waiting(var window, let blocked) = writing {
        window.sent += sent
        writing = .waiting(window, blocked: blocked)
      }
    }
    lastSent = sent
    pendingOutput = pending
    if blocked {
      if let window = writing.window {
        writing = .waiting(window, blocked: true)
      } else {
        // Output starts to wait: a write window begins, in which the peer must take enough of
        // it. Later partial writes do not restart it (a trickle would never be cut off).
        writing = .waiting(WriteWindow(start: now), blocked: true)
        lastWriteProgress = now
      }
    } else if pending == 0 {
      writing = .flowing
    }
  }

  /// The socket takes output again.
  public mutating func writable(now: UInt64) {
    guard state != .closed else { return }
    guard case .waiting(let window, blocked: true) = writing else {
      illegalEvent("writable while no write waits")
      return
    }
    self.now = now
    writing = .waiting(window, blocked: false)
    wake(.writeFirst)
  }

  /// The server-wide total of buffered body bytes after the ``Action/countBody(_:)``.
  public mutating func bodyBudget(total: Int) {
    guard owed == .bodyBudget else {
      illegalEvent("a body budget without a count")
      return
    }
    owed = nil
    if state != .closed, bodyBytesHeld > 0, total > rules.maximumBufferedBodyBytes {
      abortIncoming(
        with: serverUnavailable("the server holds too many request bodies; retry later"))
    }
  }

  /// The answer to ``Action/probePeer``.
  public mutating func peerChecked(gone: Bool) {
    guard owed == .peerCheck else {
      illegalEvent("a peer check without a probe")
      return
    }
    owed = nil
    if gone { beginClose() }
  }

  /// The clock reached `now`: the time-out that applies, if it has passed.
  public mutating func tick(now: UInt64) {
    guard state != .closed, now >= deadline else { return }
    self.now = now
    expire(now: now)
  }

  /// The server drains: the last request received gets `Connection: close`, an idle
  /// connection closes. What the kernel already holds arrived before the drain and is read
  /// first (``Action/read``).
  public mutating func drain(now: UInt64) {
    guard state != .closed else { return }
    self.now = now
    if state == .open { state = .draining }
    wake(.readFirst)
  }

  /// The drain's deadline: every request received and not answered yet is answered now with a
  /// 503, the last with `Connection: close`; a request still arriving is cut; what the socket
  /// takes at once is written, then the connection closes (``Action/drainReport(answered:cut:)``
  /// says how many were answered so and cut).
  public mutating func drainDeadline(now: UInt64) {
    guard state != .closed else { return }
    self.now = now
    var answered = 0
    var cut = 0
    if state.sendsAnswers {
      if case .request(let id) = incoming {
        // Mid-body (or awaiting its verdict): it can never be answered as asked.
        cut += 1
        if let index = slotIndex(id) { slots.remove(at: index) }
        incoming = nil
        incomingBody = []
      }
      state = .closingAfterAnswer(peerGone: state.peerHasGone)
      let shuttingDown = serverUnavailable("the server is shutting down; retry on another instance")
      for index in slots.indices {
        if case .answered = slots[index].state { continue }
        slots[index].continueOwed = false
        setAnswer(index, .problem(shuttingDown), closes: false)
        answered += 1
      }
    }
    step = .drainDeadline(answered: answered, cut: cut)
  }

  /// Closes without writing anything more (the server evicts an idle connection, or stops).
  public mutating func close() {
    guard state != .closed else { return }
    beginClose()
  }

  // MARK: - Verdicts

  /// Answers a head at once without its body (404, 405, 415...). A body that follows is not
  /// read, so the connection closes after this answer.
  mutating func refuse(_ id: RequestID, _ head: HTTPRequestHead, _ reply: Reply) {
    guard let index = slotIndex(id) else { return }
    if head.framing.hasBody {
      // The body was not read, so the byte stream is out of step: answer, then close.
      setAnswer(index, reply, closes: true)
      state = .closingAfterAnswer(peerGone: state.peerHasGone)
      incoming = nil
    } else {
      setAnswer(index, reply, closes: false)
      incoming = .discarding(id)
    }
  }

  /// Reads the request's body. A declared body over the parser's limit is refused here with
  /// 413 (after the application's own refusals, which come first: docs/API.md "Errors").
  mutating func accept(
    _ id: RequestID, _ head: HTTPRequestHead, _ responder: @escaping HTTPBodyResponder
  ) {
    if let tooLarge = rules.parserLimits.refusal(for: head) {
      refuse(id, head, .problem(HTTPServerProblem(tooLarge)))
      return
    }
    guard let index = slotIndex(id) else { return }
    slots[index].state = .readingBody(head, responder)
    // RFC 9110 section 10.1.1: tell the client to send the body, unless it already started.
    if head.expectsContinue && head.framing.hasBody && !parser.hasBufferedBytes {
      slots[index].continueOwed = true
    }
    if case .contentLength(let n) = head.framing { incomingBody.reserveCapacity(n) }
  }

  /// Every answer goes through here, so that held output and requests in flight stay counted.
  mutating func setAnswer(_ index: Int, _ reply: Reply, closes: Bool) {
    switch slots[index].state {
    case .answered(let old, _): heldOutput -= old.byteCount
    case .handedOut: inFlight -= 1
    case .awaitingVerdict, .readingBody: break
    }
    slots[index].state = .answered(reply, closes: closes)
    heldOutput += reply.byteCount
  }

  /// Answers the request whose body is being read with `problem` without reading the rest;
  /// the connection then closes.
  mutating func abortIncoming(with problem: HTTPServerProblem) {
    guard case .request(let id) = incoming, let index = slotIndex(id) else { return }
    state = .closingAfterAnswer(peerGone: state.peerHasGone)
    incoming = nil
    incomingBody = []
    setAnswer(index, .problem(problem), closes: true)
    slots[index].continueOwed = false
  }

  /// A 503 with `Retry-After`, for the server's own refusals.
  func serverUnavailable(_ detail: String) -> HTTPServerProblem {
    HTTPServerProblem(
      status: 503, detail: detail, headers: ["Retry-After": String(rules.retryAfterSeconds)])
  }

  /// Starts a round of actions unless one is under way (an event that arrives during a round,
  /// such as an answer given at once, is taken up by that round).
  mutating func wake(_ first: Step) {
    if case .quiet = step { step = first }
  }

  /// Nothing more is answered: the budgets are given back, then the socket is closed.
  mutating func beginClose() {
    state = .closed
    deadline = .max
    timerKind = .none
    slots.removeAll()
    incoming = nil
    incomingBody = []
    readyRequest = nil
    heldOutput = 0
    inFlight = 0
    pendingOutput = 0
    step = .closing
  }
}
