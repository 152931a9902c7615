import CEpoll
import Dispatch
import Glibc
import HTTP1

/// One accepted socket: the I/O around a ``ConnectionMachine``, which holds every HTTP/1.1
/// rule (keep-alive, pipelining, early answers, `100 Continue`, drain, time-outs). This file
/// reads and writes the socket, keeps the output buffer, reads the clock once per event, asks
/// the responder for verdicts and runs its answers, and does what the machine decides.
///
/// Confined to its event loop (hence `@unchecked Sendable`): every method runs as the loop's
/// work; answers computed on the workers come back through `loop.execute`.
final class Connection: @unchecked Sendable {
  typealias Machine = ConnectionMachine

  let fd: Int32
  let loop: EventLoop
  let context: ServerContext
  let remoteAddress: String

  private var machine: Machine
  private var readiness: SocketReadiness?
  private var token: UInt64 = 0
  private var out = OutputQueue()
  /// True inside ``pump(now:)``: events during it (a write source firing) must not nest.
  private var pumping = false
  /// What this connection adds to the server-wide budgets (``ServerContext``).
  private var countedBody = 0
  private var countedOutput = 0

  init(fd: Int32, loop: EventLoop, context: ServerContext, remoteAddress: String) {
    self.fd = fd
    self.loop = loop
    self.context = context
    self.remoteAddress = remoteAddress
    machine = Machine(rules: context.configuration.rules, now: Clock.monotonicNanos())
  }

  /// When the machine's time-out fires (the loop's sweep compares it with the clock).
  var deadline: UInt64 { machine.deadline }

  /// Since when the connection has been idle between requests (nil: busy).
  var idleStart: UInt64? { machine.idleStart }

  // MARK: - Life cycle

  func start(token: UInt64) {
    self.token = token
    let readiness: SocketReadiness
    if let poller = loop.poller {
      readiness = EpollReadiness(fd: fd, poller: poller, token: token)
    } else {
      // Strong captures form a cycle with the sources; it is broken when they are cancelled.
      readiness = DispatchReadiness(
        fd: fd, queue: loop.queue, onReadable: { [self] in handleReadable() },
        onWritable: { [self] in handleWritable() })
    }
    self.readiness = readiness
    guard readiness.start() else {
      closeNow()
      return
    }
    if context.isDraining {
      // Accepted by the drain's final pass: answer what it already sent, else close.
      drainRequested()
      return
    }
    updateReadInterest()
  }

  /// Closes without writing anything more (idle time-out, reset, shutdown).
  func closeNow() {
    guard machine.phase != .closed || readiness != nil else { return }
    machine.close()
    out.removeAll()
    releaseBudgets()
    if let readiness {
      self.readiness = nil
      readiness.cancel { [self] in finalClose() }
    } else {
      finalClose()
    }
  }

  private var finallyClosed = false

  /// Brings this connection's share of the server-wide budgets up to date; when buffered
  /// bodies are over theirs, the request whose bytes are arriving here is refused.
  /// `output: false` inside a round: unsent output is published only after the write, so an
  /// answer the socket takes at once never touches the shared counter (two contended atomic
  /// updates per request otherwise).
  private func account(output: Bool = true) {
    let body = machine.bodyBytesHeld
    if body != countedBody {
      let total = context.bufferedBodyBytes.add(body - countedBody, ordering: .relaxed).newValue
      countedBody = body
      if body > 0, total > context.configuration.maxBufferedBodyBytes {
        machine.abortIncoming(
          with: context.unavailable("the server holds too many request bodies; retry later"))
        context.bufferedBodyBytes.subtract(countedBody, ordering: .relaxed)
        countedBody = 0
      }
    }
    guard output else { return }
    let pending = out.pending
    if pending != countedOutput {
      context.heldResponseBytes.add(pending - countedOutput, ordering: .relaxed)
      countedOutput = pending
    }
  }

  /// Gives back this connection's share of the budgets (it holds nothing any more).
  private func releaseBudgets() {
    if countedBody != 0 { context.bufferedBodyBytes.subtract(countedBody, ordering: .relaxed) }
    if countedOutput != 0 {
      context.heldResponseBytes.subtract(countedOutput, ordering: .relaxed)
    }
    countedBody = 0
    countedOutput = 0
  }

  private func finalClose() {
    guard !finallyClosed else { return }
    finallyClosed = true
    Glibc.close(fd)
    loop.unregister(token: token)
    context.connectionClosed()
  }

  /// Events from the loop's epoll set. Errors and hang-ups are reported whatever the interest:
  /// a socket that is not being read then is broken for good, so it is closed rather than
  /// reported again on every poll.
  func handleReadiness(_ events: UInt32) {
    guard machine.phase != .closed, let readiness else { return }
    if events & CEPOLL_OUT != 0 && readiness.wantsWrite { handleWritable() }
    guard machine.phase != .closed else { return }
    if events & (CEPOLL_IN | CEPOLL_ERR | CEPOLL_HUP) != 0 {
      if readiness.wantsRead {
        handleReadable()
      } else if events & (CEPOLL_ERR | CEPOLL_HUP) != 0 {
        if readiness.wantsWrite { handleWritable() }
        if self.readiness?.wantsRead == false { closeNow() }
      }
    }
  }

  func drainRequested() {
    guard machine.phase != .closed else { return }
    machine.beginDrain()
    let now = Clock.monotonicNanos()
    // Bytes the kernel already holds arrived before the drain began: read them now, so that a
    // request sitting unread in the socket buffer is answered rather than taken for idleness.
    if machine.wantsRead, case .failed = readOnce(now: now) {
      closeNow()
      return
    }
    pump(now: now)
  }

  private enum ReadOutcome {
    case data, endOfStream, wouldBlock, failed
  }

  /// One `recv` into the loop's buffer, fed to the machine. End of stream is a half-close:
  /// what was received is still answered, then the connection closes.
  private func readOnce(now: UInt64) -> ReadOutcome {
    let n = recv(fd, loop.readBuffer.baseAddress, loop.readBuffer.count, 0)
    if n > 0 {
      machine.received(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n]), now: now)
      return .data
    }
    if n == 0 {
      machine.receivedEnd()
      return .endOfStream
    }
    let e = errno
    return e == EAGAIN || e == EWOULDBLOCK || e == EINTR ? .wouldBlock : .failed
  }

  /// The drain's grace period is over: answer every received request still unanswered with
  /// 503, write what the socket takes at once, and close. Counts what was cut.
  func drainDeadlinePassed() {
    guard machine.phase != .closed else { return }
    let (answered, cut) = machine.drainDeadline(
      context.unavailable("the server is shutting down; retry on another instance"))
    flush()
    if readiness?.wantsWrite != true, !out.isEmpty { _ = out.send(to: fd) }
    // Answers the peer has not taken in full are cut too (slow readers).
    context.recordDrainCut(answered: answered, cut: cut + (out.isEmpty ? 0 : 1))
    closeNow()
  }

  // MARK: - Reading

  private func handleReadable() {
    switch machine.phase {
    case .closed:
      return
    case .lingering:
      discardInput()
      return
    case .closingAfterWrites:
      updateReadInterest()
      return
    case .open:
      break
    }
    let now = Clock.monotonicNanos()
    // A hang-up that will not be reported again (see ``SocketReadiness/isFinalHangUp``): bytes
    // that arrived just before a reset are still queued, so read on until the error or the end
    // of the stream; one read would leave the connection open until a time-out (found by
    // ServerFaultTests' resets mid-request and bodies cut short).
    let hangUp = readiness?.isFinalHangUp ?? false
    repeat {
      switch readOnce(now: now) {
      case .data: pump(now: now)
      case .endOfStream:
        pump(now: now)
        return
      case .wouldBlock: return
      case .failed:
        closeNow()
        return
      }
    } while hangUp && machine.phase == .open && machine.wantsRead
  }

  private func discardInput() {
    while true {
      let n = recv(fd, loop.readBuffer.baseAddress, loop.readBuffer.count, 0)
      if n > 0 {
        if machine.discarded(n) {
          closeNow()
          return
        }
        continue
      }
      if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
      if n < 0 && errno == EINTR { continue }
      closeNow()
      return
    }
  }

  /// One round after any event: take the machine's requests and answers, write, then do what
  /// the machine decides of the socket.
  private func pump(now: UInt64) {
    guard machine.phase != .closed, !pumping else { return }
    pumping = true
    defer { pumping = false }
    // Rounds: writing may bring the unsent output under its bound, and a pipelined request
    // already buffered is then parsed at once (no new bytes will arrive to prompt it).
    for _ in 0..<8 {
      while true {
        flush()
        guard let event = machine.nextEvent(now: now) else { break }
        switch event {
        case .head(let id, let head):
          let headContext = HTTPHeadContext(head, limits: context.configuration.rules.parserLimits)
          switch context.responder.judge(head, headContext) {
          case .refuse(let response): machine.refuse(id, with: response)
          case .accept(let responder): machine.accept(id, responder)
          }
        case .request(let id, let head, let body, let responder):
          account(output: false)
          answer(id, responder(HTTPRequest(head: head, body: body, remoteAddress: remoteAddress)))
        }
        account(output: false)
      }
      // Body bytes parsed in the last round count before the answers are flushed, so that a
      // refusal for the budget leaves now.
      account(output: false)
      flush()
      let wasPaused = machine.isPaused
      let sent = writeOut(now: now)
      account()
      guard sent > 0, wasPaused, !machine.isPaused, machine.phase == .open else { break }
    }
    guard machine.phase != .closed else { return }
    switch machine.settle(outputEmpty: out.isEmpty, now: now) {
    case .none: break
    case .close:
      closeNow()
      return
    case .shutDownWriting:
      shutdown(fd, Int32(SHUT_WR))
      discardInput()
      guard machine.phase != .closed else { return }
    }
    updateReadInterest()
  }

  private func answer(_ id: Machine.RequestID, _ answer: HTTPAnswer) {
    switch answer {
    case .now(let response):
      machine.respond(id, with: response)
    case .later(let work):
      if context.isOverAnswerBudget {
        // The server already holds as many unsent answers as its budget allows: computing
        // more would only grow the heap.
        machine.respond(id, with: Self.overBudget(context))
        return
      }
      let submitted = context.workers.trySubmit { [self] in
        // Checked again when the work starts: queued work must not grow the heap past the
        // budget either (hundreds of connections can queue before any answer is held).
        let response = context.isOverAnswerBudget ? Self.overBudget(context) : work()
        // On its way to the loop, the answer is held too.
        context.transitResponseBytes.add(response.body.count, ordering: .relaxed)
        loop.execute { [self] in
          context.transitResponseBytes.subtract(response.body.count, ordering: .relaxed)
          machine.respond(id, with: response)
          pump(now: Clock.monotonicNanos())
        }
      }
      if !submitted {
        machine.respond(id, with: context.unavailable("the server is over capacity; retry later"))
      }
    }
  }

  /// The 503 for work refused because the server holds too many unsent answers.
  static func overBudget(_ context: ServerContext) -> HTTPResponse {
    context.unavailable("the server holds too many unsent answers; retry later")
  }

  // MARK: - Writing

  /// Serialises what the machine hands over into the output buffer, in order.
  private func flush() {
    machine.flush { output in
      switch output {
      case .continueInterim:
        out.append { $0.append(contentsOf: HTTPResponseWriter.continueResponse) }
      case .response(var response, let request):
        if !response.headers.contains("Vary") {
          context.responder.decorate(serverResponse: &response, origin: request.origin)
        }
        let requestID = request.requestID ?? context.nextRequestID()
        var sendBody = false
        out.append { buffer in
          sendBody = HTTPResponseWriter.serializeHead(
            into: &buffer,
            head: HTTPResponseHead(status: response.status, headers: response.headers),
            body: response.body,
            requestMethod: request.method,
            keepAlive: request.keepAlive,
            date: loop.dateCache.current(),
            requestVersion: request.version,
            extraHeader: response.headers.contains("X-Request-ID")
              ? nil : ("X-Request-ID", requestID))
        }
        if sendBody { out.appendBody(response.body) }
        loop.answered.add(1, ordering: .relaxed)
        log(request, requestID, response)
      }
    }
    machine.outputQueued(pending: out.pending)
  }

  private func log(
    _ request: Machine.ResponseContext, _ requestID: String, _ response: HTTPResponse
  ) {
    guard let logger = context.onRequestLogged else { return }
    let sentBody = request.method != "HEAD" && !HTTPStatus.forbidsBody(response.status)
    let path =
      request.target == "-"
      ? "-" : String(HTTPRequestHead(method: request.method, target: request.target).path)
    logger(
      HTTPAccessRecord(
        time: Clock.wallSeconds(), method: request.method, path: path, status: response.status,
        bytes: sentBody ? response.body.count : 0,
        durationSeconds: Double(Clock.monotonicNanos() &- request.start) / 1e9,
        requestID: requestID))
  }

  /// Writes as much as the socket takes: normally everything in one `send` or `sendmsg`
  /// (responses that became ready together, pipelined, leave together). The rest waits for
  /// the socket to be writable.
  @discardableResult
  private func writeOut(now: UInt64) -> Int {
    guard machine.phase != .closed, !out.isEmpty else { return 0 }
    if readiness?.wantsWrite == true { return 0 }
    let (outcome, sent) = out.send(to: fd)
    machine.output(pending: out.pending, progressed: sent > 0, now: now)
    switch outcome {
    case .drained:
      break
    case .wouldBlock:
      readiness?.wantsWrite = true
      machine.writeBlocked(now: now)
    case .failed:
      // EPIPE, ECONNRESET: the client is gone; only this connection is affected.
      closeNow()
    }
    return sent
  }

  private func handleWritable() {
    guard machine.phase != .closed, let readiness else { return }
    readiness.wantsWrite = false
    let now = Clock.monotonicNanos()
    writeOut(now: now)
    pump(now: now)
  }

  // MARK: - Read interest and deadlines

  private func updateReadInterest() {
    guard let readiness else { return }
    let wantRead = machine.wantsRead
    if readiness.wantsRead != wantRead { readiness.wantsRead = wantRead }
  }

  /// True when the socket has an error or a hang-up (the peer reset). Needed while output is
  /// pending: a reset that lands just before the write source is registered is reported by
  /// libdispatch to the read source only (which back-pressure keeps suspended), and the write
  /// source never fires, so without the probe the connection and its output would be held
  /// until the write time-out (found by ServerFaultTests' resets mid-response).
  private func peerIsGone() -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLERR | POLLHUP) != 0
  }

  func deadlinePassed(now: UInt64) {
    switch machine.deadlinePassed(now: now) {
    case .none:
      break
    case .probePeer:
      if peerIsGone() { closeNow() }
    case .close:
      closeNow()
    case .answered:
      pump(now: now)
    }
  }
}
