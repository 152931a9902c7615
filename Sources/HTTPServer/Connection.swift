import CEpoll
import Dispatch
import Glibc
import HTTP1

/// One accepted socket: reads bytes into the sans-I/O parser, runs requests, writes responses in
/// request order, and enforces the time-outs and limits of HTTP.md.
///
/// Confined to its event loop (hence `@unchecked Sendable`): every method runs as the loop's
/// work, handler results come back through `loop.execute`.
final class Connection: @unchecked Sendable {
  private enum Phase {
    /// Reading and answering requests.
    case open
    /// The last response has been decided (it says `Connection: close`); writing what is left.
    case closingAfterWrites
    /// Our side is shut down for writing; unread request bytes are drained so the kernel does
    /// not answer them with a reset that could destroy the response before the client reads it.
    case lingering
    case closed
  }

  private enum TimerKind { case none, idle, head, body, write, linger }

  /// A request received and not yet answered: responses leave in this order (pipelining,
  /// RFC 9112 section 9.3.2).
  private struct Slot {
    let seq: Int
    let method: String
    let target: String
    let version: HTTPVersion
    let keepAlive: Bool
    let requestID: String
    let startNanos: UInt64
    /// `100 Continue` still to be sent once this slot is first in line.
    var sendContinue = false
    /// The body was not read (or the stream is broken): close after this response.
    var closeAfter = false
    var response: HTTPResponse? = nil
  }

  /// The request whose body is being read.
  private struct Incoming {
    let seq: Int
    let head: HTTPRequestHead
    var body: [UInt8]
    /// Already answered from the head (body length 0): just wait for `.end`.
    let discard: Bool
  }

  let fd: Int32
  let loop: EventLoop
  let context: ServerContext
  let remoteAddress: String
  private let config: HTTPServerConfiguration

  private var parser: HTTPRequestParser
  private var readiness: SocketReadiness?
  private var token: UInt64 = 0
  private var phase = Phase.open
  /// False once no further request will be read (parse error, early answer, time-out).
  private var acceptingInput = true
  private var peerClosed = false
  private var processing = false

  private var out = OutputQueue()
  private var slots: [Slot] = []
  private var nextSeq = 0
  private var incoming: Incoming?

  private var idleSince: UInt64 = 0
  private var headStart: UInt64 = 0
  private var lastBodyActivity: UInt64 = 0
  private var lastWriteProgress: UInt64 = 0
  private var lingerDeadline: UInt64 = 0
  private var lingerDiscarded = 0
  private(set) var deadline: UInt64 = .max
  private var timerKind = TimerKind.none

  init(fd: Int32, loop: EventLoop, context: ServerContext, remoteAddress: String) {
    self.fd = fd
    self.loop = loop
    self.context = context
    self.remoteAddress = remoteAddress
    self.config = context.configuration
    self.parser = HTTPRequestParser(limits: context.configuration.limits)
  }

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
    updateTimer(now: Clock.monotonicNanos())
  }

  /// Closes without writing anything more (idle time-out, reset, shutdown).
  func closeNow() {
    guard phase != .closed else { return }
    phase = .closed
    deadline = .max
    slots.removeAll()
    incoming = nil
    out.removeAll()
    if let readiness {
      readiness.cancel { [self] in finalClose() }
    } else {
      finalClose()
    }
  }

  private func finalClose() {
    readiness = nil
    Glibc.close(fd)
    loop.unregister(token: token)
    context.connectionClosed()
  }

  /// Events from the loop's epoll set. Errors and hang-ups are reported whatever the interest:
  /// a socket that is not being read then is broken for good, so it is closed rather than
  /// reported again on every poll.
  func handleReadiness(_ events: UInt32) {
    guard phase != .closed, let readiness else { return }
    if events & CEPOLL_OUT != 0 && readiness.wantsWrite { handleWritable() }
    guard phase != .closed else { return }
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
    guard phase != .closed else { return }
    // Bytes the kernel already holds arrived before the drain began: read them now, so that a
    // request sitting unread in the socket buffer is answered rather than taken for idleness.
    if phase == .open && acceptingInput && !isPaused && !peerClosed, case .failed = readOnce() {
      closeNow()
      return
    }
    pump()
  }

  private enum ReadOutcome {
    case data, endOfStream, wouldBlock, failed
  }

  /// One `recv` into the loop's buffer, fed to the parser. End of stream is a half-close: what
  /// was received is still answered, then the connection closes.
  private func readOnce() -> ReadOutcome {
    let n = recv(fd, loop.readBuffer.baseAddress, loop.readBuffer.count, 0)
    if n > 0 {
      parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n]))
      if incoming != nil { lastBodyActivity = Clock.monotonicNanos() }
      return .data
    }
    if n == 0 {
      peerClosed = true
      return .endOfStream
    }
    let e = errno
    return e == EAGAIN || e == EWOULDBLOCK || e == EINTR ? .wouldBlock : .failed
  }

  // MARK: - Reading

  private func handleReadable() {
    switch phase {
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
    // A hang-up that will not be reported again (see ``SocketReadiness/isFinalHangUp``): bytes
    // that arrived just before a reset are still queued, so read on until the error or the end
    // of the stream; one read would leave the connection open until a time-out (found by
    // ServerFaultTests' resets mid-request and bodies cut short).
    let hangUp = readiness?.isFinalHangUp ?? false
    repeat {
      switch readOnce() {
      case .data: pump()
      case .endOfStream:
        pump()
        return
      case .wouldBlock: return
      case .failed:
        closeNow()
        return
      }
    } while hangUp && phase == .open && acceptingInput && !isPaused
  }

  private func discardInput() {
    while true {
      let n = recv(fd, loop.readBuffer.baseAddress, loop.readBuffer.count, 0)
      if n > 0 {
        lingerDiscarded += n
        if lingerDiscarded > 4 * config.limits.maxBodyBytes + (1 << 20) {
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

  /// One step of the state machine after any event: parse what can be parsed, serialise what is
  /// ready, write, then decide reading, closing and the next deadline.
  private func pump() {
    guard phase != .closed else { return }
    processInput()
    if peerClosed && phase == .open && acceptingInput && !isPaused
      && ((incoming != nil && !incoming!.discard) || parser.hasBufferedBytes)
    {
      // Half-closed in the middle of a request: it can never complete. Say so (the client may
      // still be reading) and close.
      failParse(
        HTTPParseError(
          status: 400, reason: "the connection was closed before the request was complete"))
    }
    flushSlots()
    writeOut()
    guard phase != .closed else { return }
    if phase == .closingAfterWrites && out.isEmpty {
      beginLinger()
    } else if phase == .open && out.isEmpty && slots.isEmpty && incoming == nil {
      if peerClosed {
        closeNow()
      } else if context.isDraining && parser.isIdle {
        // Drain: an idle keep-alive connection is closed at once.
        closeNow()
      }
    }
    guard phase != .closed else { return }
    updateReadInterest()
    updateTimer(now: Clock.monotonicNanos())
  }

  private var pendingOutput: Int { out.pending }

  /// Pipelining depth limit and output back-pressure: while true, no new request is parsed and
  /// the socket is not read.
  private var isPaused: Bool {
    incoming == nil
      && (slots.count >= config.maxPipelinedRequests
        || pendingOutput > config.maxPendingOutputBytes)
  }

  private func processInput() {
    guard !processing else { return }
    processing = true
    defer { processing = false }
    while phase == .open && acceptingInput {
      if isPaused {
        flushSlots()
        if isPaused { break }
      }
      let part: HTTPRequestPart?
      do {
        part = try parser.next()
      } catch {
        failParse(error)
        break
      }
      guard let part else { break }
      switch part {
      case .head(let head):
        beginRequest(head)
      case .body(let bytes):
        if incoming != nil, incoming!.discard == false {
          incoming!.body.append(contentsOf: bytes)
        }
      case .end:
        finishRequest()
      }
    }
  }

  private func beginRequest(_ head: HTTPRequestHead) {
    let now = Clock.monotonicNanos()
    headStart = 0
    lastBodyActivity = now
    let seq = nextSeq
    nextSeq += 1
    var slot = Slot(
      seq: seq, method: head.method, target: head.target, version: head.version,
      keepAlive: head.keepAlive, requestID: requestID(for: head), startNanos: now)

    // The application may answer from the head alone (404, 405, 415...) without the body.
    var early = context.headHandler(head)
    if early == nil, case .contentLength(let n) = head.framing, n > config.limits.maxBodyBytes {
      // Checked after routing so 404/405 win over 413 (API.md precedence).
      early = .problem(
        status: 413,
        detail:
          "request body of \(n) bytes exceeds the limit of \(config.limits.maxBodyBytes) bytes")
    }
    if let response = early {
      slot.response = response
      if head.framing.hasBody {
        // The body was not read, so the byte stream is out of step: answer, then close.
        slot.closeAfter = true
        acceptingInput = false
        slots.append(slot)
        return
      }
      slots.append(slot)
      incoming = Incoming(seq: seq, head: head, body: [], discard: true)
      return
    }
    // RFC 9110 section 10.1.1: tell the client to send the body, unless it already started.
    if head.expectsContinue && head.framing.hasBody && !parser.hasBufferedBytes {
      slot.sendContinue = true
    }
    slots.append(slot)
    var body: [UInt8] = []
    if case .contentLength(let n) = head.framing { body.reserveCapacity(n) }
    incoming = Incoming(seq: seq, head: head, body: body, discard: false)
  }

  private func finishRequest() {
    guard let request = incoming else { return }
    incoming = nil
    if request.discard { return }
    let seq = request.seq
    let full = HTTPRequest(head: request.head, body: request.body, remoteAddress: remoteAddress)
    if config.inlineHandler {
      setResponse(seq: seq, response: context.handler(full))
      return
    }
    if let quick = config.inlineFirst, let response = quick(full) {
      setResponse(seq: seq, response: response)
      return
    }
    let handler = context.handler
    let submitted = context.workers.trySubmit { [self] in
      let response = handler(full)
      loop.execute { [self] in
        setResponse(seq: seq, response: response)
        pump()
      }
    }
    if !submitted {
      var headers = HTTPHeaders()
      headers.add(name: "Retry-After", value: String(config.retryAfterSeconds))
      setResponse(
        seq: seq,
        response: .problem(
          status: 503, detail: "the server is over capacity; retry later", headers: headers))
    }
  }

  private func setResponse(seq: Int, response: HTTPResponse) {
    guard let first = slots.first else { return }
    let index = seq - first.seq
    guard index >= 0, index < slots.count, slots[index].seq == seq else { return }
    slots[index].response = response
  }

  /// Parse errors are answered as problem documents with the error's status, then the
  /// connection closes (the stream can no longer be trusted).
  private func failParse(_ error: HTTPParseError) {
    acceptingInput = false
    let response = HTTPResponse.problem(status: error.status, detail: error.reason)
    if let request = incoming, !request.discard {
      incoming = nil
      if let index = slots.firstIndex(where: { $0.seq == request.seq }) {
        slots[index].response = response
        slots[index].closeAfter = true
        slots[index].sendContinue = false
        return
      }
    }
    incoming = nil
    appendSyntheticSlot(response)
  }

  /// A response that belongs to no parsed request (a 408 or a 400 on a broken head).
  private func appendSyntheticSlot(_ response: HTTPResponse) {
    let seq = nextSeq
    nextSeq += 1
    var slot = Slot(
      seq: seq, method: "-", target: "-", version: .http11, keepAlive: false,
      requestID: context.nextRequestID(), startNanos: Clock.monotonicNanos())
    slot.response = response
    slot.closeAfter = true
    slots.append(slot)
  }

  /// `X-Request-ID` from the client when it is a sane token, else a generated one.
  private func requestID(for head: HTTPRequestHead) -> String {
    if let given = head.headers.first(name: "X-Request-ID"), given.utf8.count <= 200,
      !given.isEmpty,
      given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    {
      return given
    }
    return context.nextRequestID()
  }

  // MARK: - Writing

  /// Serialises the answered requests at the head of the line into the output buffer.
  private func flushSlots() {
    guard phase == .open else { return }
    while !slots.isEmpty {
      if slots[0].sendContinue {
        out.append { $0.append(contentsOf: HTTPResponseWriter.continueResponse) }
        slots[0].sendContinue = false
      }
      guard let response = slots[0].response else { break }
      let slot = slots.removeFirst()
      let isLast =
        slots.isEmpty && !parser.hasBufferedBytes
        && (incoming == nil || (incoming!.discard && incoming!.seq == slot.seq))
      var keepAlive = slot.keepAlive && !slot.closeAfter
      if keepAlive && isLast && (peerClosed || !acceptingInput || context.isDraining) {
        // Draining: the last request received gets `Connection: close`, earlier pipelined ones
        // are still answered normally so none is dropped.
        keepAlive = false
      }
      if keepAlive, let connection = response.headers.first(name: "Connection"),
        connection.lowercased().contains("close")
      {
        keepAlive = false
      }
      var sendBody = false
      out.append { buffer in
        sendBody = HTTPResponseWriter.serializeHead(
          into: &buffer,
          head: HTTPResponseHead(status: response.status, headers: response.headers),
          body: response.body,
          requestMethod: slot.method,
          keepAlive: keepAlive,
          date: loop.dateCache.current(),
          requestVersion: slot.version,
          extraHeader: response.headers.contains("X-Request-ID")
            ? nil : ("X-Request-ID", slot.requestID))
      }
      if sendBody { out.appendBody(response.body) }
      log(slot, response)
      if !keepAlive {
        // Nothing after this response will be answered (RFC 9112 section 9.6).
        phase = .closingAfterWrites
        acceptingInput = false
        slots.removeAll()
        incoming = nil
        break
      }
    }
  }

  private func log(_ slot: Slot, _ response: HTTPResponse) {
    guard let logger = context.onRequestLogged else { return }
    let sentBody = slot.method != "HEAD" && !HTTPStatus.forbidsBody(response.status)
    let path =
      slot.target == "-"
      ? "-" : String(HTTPRequestHead(method: slot.method, target: slot.target).path)
    logger(
      HTTPAccessRecord(
        time: Clock.wallSeconds(), method: slot.method, path: path, status: response.status,
        bytes: sentBody ? response.body.count : 0,
        durationSeconds: Double(Clock.monotonicNanos() &- slot.startNanos) / 1e9,
        requestID: slot.requestID))
  }

  /// Writes as much as the socket takes: normally everything in one `send` or `sendmsg`
  /// (responses that became ready together, pipelined, leave together). The rest waits for
  /// the write source.
  private func writeOut() {
    guard phase != .closed, !out.isEmpty else { return }
    if readiness?.wantsWrite == true { return }
    let (outcome, sent) = out.send(to: fd)
    if sent > 0 { lastWriteProgress = Clock.monotonicNanos() }
    switch outcome {
    case .drained:
      break
    case .wouldBlock:
      enableWriteSource()
    case .failed:
      // EPIPE, ECONNRESET: the client is gone; only this connection is affected.
      closeNow()
    }
  }

  private func enableWriteSource() {
    readiness?.wantsWrite = true
    lastWriteProgress = Clock.monotonicNanos()
  }

  private func handleWritable() {
    guard phase != .closed, let readiness else { return }
    readiness.wantsWrite = false
    writeOut()
    pump()
  }

  private func beginLinger() {
    if peerClosed {
      closeNow()
      return
    }
    shutdown(fd, Int32(SHUT_WR))
    phase = .lingering
    lingerDeadline = Clock.monotonicNanos() &+ Clock.nanos(config.lingerTimeout)
    discardInput()
  }

  // MARK: - Read interest and deadlines

  private func updateReadInterest() {
    guard let readiness else { return }
    let wantRead: Bool
    switch phase {
    case .open: wantRead = !peerClosed && acceptingInput && !isPaused
    case .lingering: wantRead = true
    case .closingAfterWrites, .closed: wantRead = false
    }
    if readiness.wantsRead != wantRead { readiness.wantsRead = wantRead }
  }

  /// Picks the one time-out that applies now (HTTP.md): writing to a stalled reader, reading a
  /// body, reading a head once its first byte arrived, or idle between requests.
  private func updateTimer(now: UInt64) {
    var kind = TimerKind.none
    var at = UInt64.max
    let idle = phase == .open && acceptingInput && slots.isEmpty && incoming == nil && parser.isIdle
    if !idle { idleSince = 0 }
    if !(phase == .open && acceptingInput && parser.isReadingHead) { headStart = 0 }
    switch phase {
    case .closed:
      break
    case .lingering:
      kind = .linger
      at = lingerDeadline
    case .open, .closingAfterWrites:
      if !out.isEmpty {
        kind = .write
        at = min(
          lastWriteProgress &+ Clock.nanos(config.writeTimeout),
          now &+ Clock.nanos(Self.peerProbeInterval))
      } else if phase == .closingAfterWrites || !acceptingInput || peerClosed {
        break
      } else if let request = incoming, !request.discard, parser.isReadingBody {
        kind = .body
        at = lastBodyActivity &+ Clock.nanos(config.bodyTimeout)
      } else if parser.isReadingHead && !isPaused {
        if headStart == 0 { headStart = now }
        kind = .head
        at = headStart &+ Clock.nanos(config.headTimeout)
      } else if idle {
        if idleSince == 0 { idleSince = now }
        kind = .idle
        at = idleSince &+ Clock.nanos(config.idleTimeout)
      }
    }
    timerKind = kind
    deadline = at
  }

  /// While output waits for the socket, how often the sweep checks that the peer still exists.
  static let peerProbeInterval = 0.25

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
    guard phase != .closed, now >= deadline else { return }
    switch timerKind {
    case .none:
      deadline = .max
      return
    case .write where now < lastWriteProgress &+ Clock.nanos(config.writeTimeout):
      // Not the time-out yet, only the probe for a peer that is gone.
      if peerIsGone() {
        closeNow()
      } else {
        updateTimer(now: now)
      }
      return
    case .idle, .write, .linger:
      // Idle: close quietly (RFC 9112 section 9.5). Write/linger: the peer stopped reading.
      closeNow()
      return
    case .head:
      acceptingInput = false
      appendSyntheticSlot(
        .problem(status: 408, detail: "the request head was not received in time"))
    case .body:
      acceptingInput = false
      if let request = incoming, let index = slots.firstIndex(where: { $0.seq == request.seq }) {
        slots[index].response = .problem(
          status: 408, detail: "the request body was not received in time")
        slots[index].closeAfter = true
        slots[index].sendContinue = false
      } else {
        appendSyntheticSlot(
          .problem(status: 408, detail: "the request body was not received in time"))
      }
      incoming = nil
    }
    pump()
  }
}
