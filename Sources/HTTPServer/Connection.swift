import CEpoll
import Dispatch
import Glibc
import HTTP1

/// One accepted socket: the I/O around a ``ConnectionMachine``, which holds every HTTP/1.1
/// rule. This file turns socket readiness, the clock, the drain and the workers' answers into
/// the machine's events, and performs the actions it hands out: reading and writing the socket,
/// asking the responder, handing work to the workers, counting the server-wide budgets,
/// serialising and logging answers. It decides nothing.
///
/// Confined to its event loop (hence `@unchecked Sendable`): every method runs as the loop's
/// work; answers computed on the workers come back through `loop.execute`.
final class Connection: @unchecked Sendable {
  let fd: Int32
  let loop: EventLoop
  let context: ServerContext
  let remoteAddress: String

  private var machine: ConnectionMachine
  private var readiness: SocketReadiness?
  private var token: UInt64 = 0
  private var out = OutputQueue()
  /// The time of the event being handled (the clock is read once per event).
  private var now: UInt64
  /// True inside ``perform()``: an event during it (an answer given at once, a read the
  /// machine asked for) is taken up by the running loop instead of nesting.
  private var performing = false
  private var finallyClosed = false
  /// When the machine's next time-out fires (the loop's sweep compares it with the clock).
  private(set) var deadline: UInt64 = .max

  init(fd: Int32, loop: EventLoop, context: ServerContext, remoteAddress: String) {
    self.fd = fd
    self.loop = loop
    self.context = context
    self.remoteAddress = remoteAddress
    now = Clock.monotonicNanos()
    machine = ConnectionMachine(rules: context.configuration.rules, now: now)
  }

  /// Since when the connection has been idle between requests (nil: busy).
  var idleStart: UInt64? { machine.idleStart }

  // MARK: - Events in

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
      // Accepted by the drain's final pass: it answers what was already sent, else closes.
      machine.drain(now: now)
    }
    perform()
  }

  /// Closes without writing anything more (eviction at the connection cap, shutdown).
  func closeNow() {
    machine.close()
    perform()
  }

  /// Events from the loop's epoll set. Errors and hang-ups are reported whatever the interest:
  /// a socket that is not being read then is broken for good, so it is closed rather than
  /// reported again on every poll.
  func handleReadiness(_ events: UInt32) {
    guard machine.state != .closed, let readiness else { return }
    if events & CEPOLL_OUT != 0 && readiness.wantsWrite { handleWritable() }
    guard machine.state != .closed else { return }
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
    now = Clock.monotonicNanos()
    machine.drain(now: now)
    perform()
  }

  func drainDeadlinePassed() {
    now = Clock.monotonicNanos()
    machine.drainDeadline(now: now)
    perform()
  }

  func deadlinePassed(now: UInt64) {
    self.now = now
    machine.tick(now: now)
    perform()
  }

  private func handleReadable() {
    // A readiness callback may still be queued after interest was turned off.
    guard machine.wantsRead else { return }
    now = Clock.monotonicNanos()
    read(untilHangUp: readiness?.isFinalHangUp ?? false)
  }

  private func handleWritable() {
    guard machine.waitsForWritable else { return }
    now = Clock.monotonicNanos()
    machine.writable(now: now)
    perform()
  }

  // MARK: - Actions

  /// Performs the machine's actions until it has none left.
  private func perform() {
    guard !performing else { return }
    if !loop.drainNoticed, context.isDraining {
      // The drain began and this loop has not told its connections yet: they hear of it before
      // any of them writes another answer.
      loop.noticeDrain()
    }
    performing = true
    defer { performing = false }
    while let action = machine.nextAction() {
      switch action {
      case .judge(let id, let head):
        let headContext = HTTPHeadContext(head, limits: context.configuration.rules.parserLimits)
        machine.verdict(id, context.responder.judge(head, headContext))
      case .run(let id, let head, let body, let responder):
        run(id, responder(HTTPRequest(head: head, body: body, remoteAddress: remoteAddress)))
      case .send(let output):
        serialise(output)
        machine.queued(pending: out.pending)
      case .write:
        write()
      case .read:
        read(untilHangUp: false)
      case .countBody(let delta):
        let total = context.bufferedBodyBytes.add(delta, ordering: .relaxed).newValue
        machine.bodyBudget(total: total)
      case .countOutput(let delta):
        context.heldResponseBytes.add(delta, ordering: .relaxed)
      case .readInterest(let on):
        readiness?.wantsRead = on
      case .writeInterest(let on):
        readiness?.wantsWrite = on
      case .deadline(let at):
        deadline = at
      case .probePeer:
        machine.peerChecked(gone: peerIsGone())
      case .shutDownWriting:
        shutdown(fd, Int32(SHUT_WR))
      case .close:
        close()
      case .drainReport(let answered, let cut):
        context.recordDrainCut(answered: answered, cut: cut)
      case .illegalEvent(let what):
        context.recordIllegalEvent(what)
      }
    }
  }

  /// `recv` into the loop's buffer, each read an event. One read per readiness event, except
  /// while lingering (read until the socket would block) and after a final hang-up: bytes that
  /// arrived just before a reset are still queued and no further event will say so (found by
  /// ServerFaultTests' resets mid-request and bodies cut short).
  private func read(untilHangUp hangUp: Bool) {
    repeat {
      let n = recv(fd, loop.readBuffer.baseAddress, loop.readBuffer.count, 0)
      if n > 0 {
        machine.received(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n]), now: now)
      } else if n == 0 {
        machine.receivedEnd(now: now)
      } else if errno == EINTR && machine.isLingering {
        continue
      } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        return
      } else {
        machine.socketFailed()
      }
      perform()
    } while (hangUp || machine.isLingering) && machine.wantsRead
  }

  /// Writes as much as the socket takes: normally everything in one `send` or `sendmsg`
  /// (answers that became ready together leave together).
  private func write() {
    let (outcome, sent) = out.send(to: fd)
    switch outcome {
    case .drained, .wouldBlock:
      machine.written(sent: sent, pending: out.pending, blocked: outcome == .wouldBlock, now: now)
    case .failed:
      // EPIPE, ECONNRESET: the client is gone; only this connection is affected.
      machine.socketFailed()
    }
  }

  private func close() {
    out.removeAll()
    deadline = .max
    if let readiness {
      self.readiness = nil
      readiness.cancel { [self] in finalClose() }
    } else {
      finalClose()
    }
  }

  private func finalClose() {
    guard !finallyClosed else { return }
    finallyClosed = true
    Glibc.close(fd)
    loop.unregister(token: token)
    context.connectionClosed()
  }

  /// True when the socket has an error or a hang-up (the peer reset). Needed while output is
  /// pending: a reset that lands just before the write source is registered is reported by
  /// libdispatch to the read source only (which back-pressure keeps suspended), and the write
  /// source never fires (found by ServerFaultTests' resets mid-response).
  private func peerIsGone() -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLERR | POLLHUP) != 0
  }

  // MARK: - Answers

  /// Runs the responder's answer: at once, or on a worker (the hand-off and its 503s for a
  /// full queue or a spent answer budget are the server's, not the connection's rules).
  private func run(_ id: ConnectionMachine.RequestID, _ answer: HTTPAnswer) {
    switch answer {
    case .now(let response):
      machine.answer(id, .response(response), now: now)
    case .later(let work):
      if context.isOverAnswerBudget {
        // The server already holds as many unsent answers as its budget allows: computing
        // more would only grow the heap.
        machine.answer(id, .problem(context.overBudget), now: now)
        return
      }
      let submitted = context.workers.trySubmit { [self] in
        // Checked again when the work starts: queued work must not grow the heap past the
        // budget either (hundreds of connections can queue before any answer is held).
        let reply: ConnectionMachine.Reply =
          context.isOverAnswerBudget ? .problem(context.overBudget) : .response(work())
        // On its way to the loop, the answer is held too.
        context.transitResponseBytes.add(reply.byteCount, ordering: .relaxed)
        loop.execute { [self] in
          context.transitResponseBytes.subtract(reply.byteCount, ordering: .relaxed)
          now = Clock.monotonicNanos()
          machine.answer(id, reply, now: now)
          perform()
        }
      }
      if !submitted {
        machine.answer(
          id, .problem(context.unavailable("the server is over capacity; retry later")), now: now)
      }
    }
  }

  /// Serialises what the machine hands over into the output buffer.
  private func serialise(_ output: ConnectionMachine.Output) {
    switch output {
    case .continueInterim:
      out.append { $0.append(contentsOf: HTTPResponseWriter.continueResponse) }
    case .response(let response, let request):
      serialise(response, request)
    case .problem(let problem, let request):
      serialise(context.responder.serverResponse(problem, origin: request.origin), request)
    }
  }

  private func serialise(_ response: HTTPResponse, _ request: ConnectionMachine.ResponseContext) {
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
        extraHeader: response.headers.contains("X-Request-ID") ? nil : ("X-Request-ID", requestID))
    }
    if sendBody { out.appendBody(response.body) }
    loop.answered.add(1, ordering: .relaxed)
    log(request, requestID, response)
  }

  private func log(
    _ request: ConnectionMachine.ResponseContext, _ requestID: String, _ response: HTTPResponse
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
}
