/// Actions out: after any event the driver asks ``ConnectionMachine/nextAction()`` until it
/// returns nil and performs each. The order of a round is the server's whole protocol loop:
/// hand out what is ready (answers in request order, heads to judge, requests to run), write,
/// parse again while writing freed room (at most 8 rounds), then settle the socket (shut down,
/// close) and report read interest and the next deadline.
extension ConnectionMachine {
  public enum Action {
    /// Ask the application's verdict on a head; owes ``verdict(_:_:)`` before the next action.
    case judge(RequestID, HTTPRequestHead)
    /// Run the accepted request's responder; its answer comes back with
    /// ``answer(_:_:now:)``, now or later.
    case run(RequestID, HTTPRequestHead, body: [UInt8], HTTPBodyResponder)
    /// Serialise this into the output; owes ``queued(pending:)``.
    case send(Output)
    /// Hand the output to the socket; owes ``written(sent:pending:blocked:now:)`` or
    /// ``socketFailed()``.
    case write
    /// Read what the socket holds now, each read as an event (while lingering: until it would
    /// block).
    case read
    /// Add to the server-wide count of buffered body bytes; owes ``bodyBudget(total:)``.
    case countBody(Int)
    /// Add to the server-wide count of unsent answer bytes.
    case countOutput(Int)
    case readInterest(Bool)
    case writeInterest(Bool)
    /// When to deliver the next ``tick(now:)`` (`.max`: none is needed).
    case deadline(UInt64)
    /// Check whether the peer reset (a reset may be reported to nothing being watched); owes
    /// ``peerChecked(gone:)``.
    case probePeer
    /// `shutdown(SHUT_WR)`: lingering has begun.
    case shutDownWriting
    /// Close the socket and forget the connection's output.
    case close
    /// What the drain's deadline answered with 503 and cut.
    case drainReport(answered: Int, cut: Int)
    /// The driver broke the calling convention (release builds; debug builds trap): log it.
    case illegalEvent(StaticString)
  }

  /// What the driver serialises, in this order.
  public enum Output {
    /// `HTTP/1.1 100 Continue` for the request being read.
    case continueInterim
    case response(HTTPResponse, ResponseContext)
    /// An answer the server made; the responder words it.
    case problem(HTTPServerProblem, ResponseContext)
  }

  /// What serialising and logging a response needs to know of its request.
  public struct ResponseContext: Sendable {
    public var method: String
    /// "-" for a response to no parsed request (a 408 or a 400 on a broken head).
    public var target: String
    public var version: HTTPVersion
    public var keepAlive: Bool
    /// The client's `X-Request-ID` when it is a sane token; nil: the driver makes one.
    public var requestID: String?
    /// When the head was parsed (or the synthetic response made).
    public var start: UInt64
    /// The request's `Origin`, for the CORS headers of answers the server makes itself (nil
    /// when there is none, or no head was parsed).
    public var origin: String?
  }

  /// Where a round of actions stands.
  enum Step {
    case quiet
    /// The drain: read what the kernel holds, then a round.
    case readFirst
    /// The socket is writable: write, then a round.
    case writeFirst
    /// Hand out answers, heads and requests until none is left.
    case parse(round: Int)
    case write(round: Int)
    case afterWrite(round: Int, wasPaused: Bool)
    case settle
    /// Lingering has begun: throw away what has arrived.
    case linger
    case probe
    case report
    /// The drain's deadline: send the answers it made, with what it answered and cut.
    case drainDeadline(answered: Int, cut: Int)
    case drainWrite(answered: Int, cut: Int)
    case closing
  }

  /// Writing frees room for pipelined requests already buffered, which no new bytes will
  /// prompt; each freed write earns another round, up to this many, so one connection cannot
  /// hold its loop for long.
  static let maximumRounds = 8

  /// The next thing to do, or nil until the next event.
  public mutating func nextAction() -> Action? {
    if owed != nil {
      owed = nil
      illegalEvent("the next action was asked for before the last one was answered")
    }
    if let what = illegal {
      illegal = nil
      return .illegalEvent(what)
    }
    let blocked = writing.isBlocked
    if blocked != toldWriteInterest, state != .closed {
      toldWriteInterest = blocked
      return .writeInterest(blocked)
    }
    while true {
      switch step {
      case .quiet:
        return nil
      case .readFirst:
        step = .parse(round: 0)
        if wantsRead { return .read }
      case .writeFirst:
        step = .parse(round: 0)
        if let write = writeAction() { return write }
      case .parse(let round):
        if let count = countBodyAction() { return count }
        if let send = nextSend() { return send }
        if let request = readyRequest.take() {
          return .run(request.id, request.head, body: request.body, request.responder)
        }
        if let judge = nextRequest() { return judge }
        if readyRequest == nil { step = .write(round: round) }
      case .write(let round):
        if let count = countBodyAction() { return count }
        if let send = nextSend() { return send }
        step = .afterWrite(round: round, wasPaused: isPaused)
        lastSent = 0
        if let write = writeAction() { return write }
      case .afterWrite(let round, let wasPaused):
        if let count = countBodyAction() { return count }
        if let count = countOutputAction() { return count }
        let freed = lastSent > 0 && wasPaused && !isPaused && state.sendsAnswers
        step = freed && round + 1 < Self.maximumRounds ? .parse(round: round + 1) : .settle
      case .settle:
        step = .report
        if let action = settle() { return action }
      case .linger:
        step = .report
        return .read
      case .probe:
        step = .report
        owed = .peerCheck
        return .probePeer
      case .report:
        let wants = wantsRead
        if wants != toldReadInterest {
          toldReadInterest = wants
          return .readInterest(wants)
        }
        step = .quiet
        if deadline != toldDeadline {
          toldDeadline = deadline
          return .deadline(deadline)
        }
      case .drainDeadline(let answered, let cut):
        if let send = nextSend() { return send }
        step = .drainWrite(answered: answered, cut: cut)
        if let write = writeAction() { return write }
      case .drainWrite(let answered, let cut):
        // Answers the peer has not taken in full are cut too (slow readers).
        let report = Action.drainReport(answered: answered, cut: cut + (pendingOutput > 0 ? 1 : 0))
        beginClose()
        return report
      case .closing:
        if countedBody != 0 {
          let delta = -countedBody
          countedBody = 0
          owed = .bodyBudget
          return .countBody(delta)
        }
        if countedOutput != 0 {
          let delta = -countedOutput
          countedOutput = 0
          return .countOutput(delta)
        }
        step = .quiet
        toldDeadline = .max
        return .close
      }
    }
  }

  // MARK: - Steps

  private mutating func writeAction() -> Action? {
    guard state != .closed, pendingOutput > 0, !writing.isBlocked else { return nil }
    owed = .written
    return .write
  }

  private mutating func countBodyAction() -> Action? {
    let body = bodyBytesHeld
    guard body != countedBody else { return nil }
    let delta = body - countedBody
    countedBody = body
    owed = .bodyBudget
    return .countBody(delta)
  }

  private mutating func countOutputAction() -> Action? {
    guard pendingOutput != countedOutput else { return nil }
    let delta = pendingOutput - countedOutput
    countedOutput = pendingOutput
    return .countOutput(delta)
  }

  /// The answered request at the head of the line (or the `100 Continue` it is owed), with
  /// whether it keeps the connection alive; after one that does not, nothing more is answered
  /// (RFC 9112 section 9.6).
  private mutating func nextSend() -> Action? {
    guard state.sendsAnswers, !slots.isEmpty else { return nil }
    if slots[0].continueOwed {
      slots[0].continueOwed = false
      owed = .queued
      return .send(.continueInterim)
    }
    guard case .answered(let reply, let closes) = slots[0].state else { return nil }
    let slot = slots.removeFirst()
    heldOutput -= reply.byteCount
    let isLast =
      slots.isEmpty && !parser.hasBufferedBytes
      && (incoming == nil || incoming == .discarding(slot.id))
    var keepAlive = slot.keepAlive && !closes
    if keepAlive && isLast && state != .open {
      // Draining, half-closed or closing: the last request received gets `Connection: close`;
      // earlier pipelined ones are answered normally, so none is dropped.
      keepAlive = false
    }
    if keepAlive, case .response(let response) = reply,
      let connection = response.headers.first(name: "Connection"),
      connection.lowercased().contains("close")
    {
      keepAlive = false
    }
    let context = ResponseContext(
      method: slot.method, target: slot.target, version: slot.version, keepAlive: keepAlive,
      requestID: slot.requestID, start: slot.start, origin: slot.origin)
    if !keepAlive {
      state = .writingLast(peerGone: state.peerHasGone)
      slots.removeAll()
      incoming = nil
      incomingBody = []
      heldOutput = 0
      inFlight = 0
    }
    owed = .queued
    switch reply {
    case .response(let response): return .send(.response(response, context))
    case .problem(let problem): return .send(.problem(problem, context))
    }
  }

  /// The next head to judge, or nil; a complete request is left in ``readyRequest``.
  private mutating func nextRequest() -> Action? {
    while state.parsesRequests {
      if isPaused { return nil }
      let part: HTTPRequestPart?
      do {
        part = try parser.next()
      } catch {
        failParse(error)
        return nil
      }
      guard let part else { break }
      switch part {
      case .head(let head):
        let id = beginRequest(head)
        owed = .verdict(id)
        return .judge(id, head)
      case .body(let bytes):
        if bodyReaderIndex != nil { incomingBody.append(contentsOf: bytes) }
      case .end:
        guard let index = bodyReaderIndex,
          case .readingBody(let head, let responder) = slots[index].state
        else {
          incoming = nil
          continue
        }
        incoming = nil
        slots[index].state = .handedOut
        inFlight += 1
        let body = incomingBody
        incomingBody = []
        readyRequest = ReadyRequest(
          id: slots[index].id, head: head, body: body, responder: responder)
        return nil
      }
    }
    if state == .peerGone && !isPaused
      && (incoming?.isDiscarding == false || parser.hasBufferedBytes)
    {
      // Half-closed in the middle of a request: it can never complete. Say so (the client may
      // still be reading) and close.
      failParse(
        HTTPParseError(
          status: 400, reason: "the connection was closed before the request was complete"))
    }
    return nil
  }

  private mutating func beginRequest(_ head: HTTPRequestHead) -> RequestID {
    headStart = nil
    lastBodyActivity = now
    bodyStart = now
    let id = nextID
    nextID += 1
    slots.append(
      Slot(
        id: id, method: head.method, target: head.target, version: head.version,
        keepAlive: head.keepAlive, requestID: Self.requestID(of: head), start: now,
        origin: head.headers.first(name: "Origin"), state: .awaitingVerdict(head)))
    incoming = .request(id)
    return id
  }

  /// `X-Request-ID` from the client when it is a sane token.
  private static func requestID(of head: HTTPRequestHead) -> String? {
    guard let given = head.headers.first(name: "X-Request-ID"), given.utf8.count <= 200,
      !given.isEmpty, given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { return nil }
    return given
  }

  /// Parse errors are answered with the error's status, then the connection closes (the
  /// stream can no longer be trusted).
  private mutating func failParse(_ error: HTTPParseError) {
    state = .closingAfterAnswer(peerGone: state.peerHasGone)
    let problem = Reply.problem(HTTPServerProblem(error))
    if case .request(let id) = incoming, let index = slotIndex(id) {
      incoming = nil
      incomingBody = []
      setAnswer(index, problem, closes: true)
      slots[index].continueOwed = false
      return
    }
    incoming = nil
    appendSyntheticSlot(problem)
  }

  /// An answer that belongs to no parsed request (a 408 or a 400 on a broken head).
  mutating func appendSyntheticSlot(_ reply: Reply) {
    let id = nextID
    nextID += 1
    slots.append(
      Slot(
        id: id, method: "-", target: "-", version: .http11, keepAlive: false, requestID: nil,
        start: now, state: .answered(reply, closes: true)))
    heldOutput += reply.byteCount
  }

  /// After writing: shut down or close the socket when the connection is done, else pick the
  /// time-out that applies.
  private mutating func settle() -> Action? {
    let outputEmpty = pendingOutput == 0
    switch state {
    case .writingLast(let peerGone) where outputEmpty:
      if peerGone {
        beginClose()
        return nil
      }
      state = .lingering(Lingering(deadline: now &+ Self.nanos(rules.lingerTimeout)))
      updateDeadline(now: now)
      step = .linger
      return .shutDownWriting
    case .open, .draining, .peerGone:
      if outputEmpty && slots.isEmpty && incoming == nil
        && (state == .peerGone || (state == .draining && parser.isIdle))
      {
        // Drain: an idle keep-alive connection is closed at once.
        beginClose()
        return nil
      }
    case .closingAfterAnswer, .writingLast, .lingering, .closed:
      break
    }
    updateDeadline(now: now, outputPending: !outputEmpty)
    return nil
  }
}
