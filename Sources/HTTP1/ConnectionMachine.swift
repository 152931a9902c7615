/// The HTTP/1.1 rules of one server connection, without I/O (docs/HTTP.md): keep-alive,
/// pipelining order and depth, early answers and closing after them, `100 Continue`, the
/// drain, lingering, and which time-out applies. Bytes, answers and the time come in as events;
/// requests to answer, responses to send and what to do with the socket come out. No socket,
/// no clock: `now` is a monotonic time in nanoseconds given by the caller.
///
/// The driver's loop: feed what the socket delivered (``received(_:now:)``), then alternate
/// ``flush(_:)`` (responses ready to send, in request order) and ``nextEvent(now:)`` (a head
/// to judge or a complete request to answer) until there is no event, write, then
/// ``settle(outputEmpty:now:)`` and arm ``deadline``. The body responder of the application's
/// verdict on a head (``HTTPHeadVerdict``) travels with its request.
///
/// Not generic over what travels: the server's loop calls this for every request, and a generic
/// type used from another module runs unspecialised (every copy of a slot through its value
/// witnesses), which cost a third of the cache-hit throughput.
public struct ConnectionMachine {
  public typealias Accepted = HTTPBodyResponder

  public enum Phase: Sendable, Equatable {
    /// Reading and answering requests.
    case open
    /// The last response has been decided (it says `Connection: close`); writing what is left.
    case closingAfterWrites
    /// Our side is shut down for writing; unread request bytes are read and thrown away so the
    /// kernel does not answer them with a reset that could destroy the response unread.
    case lingering
    case closed
  }

  /// A request's place in the connection's order.
  public typealias RequestID = Int

  public enum Event {
    /// A request head: answer with ``refuse(_:with:)`` or ``accept(_:_:)`` before the next
    /// event.
    case head(RequestID, HTTPRequestHead)
    /// A complete request whose head was accepted: answer with ``respond(_:with:)``, now or
    /// later.
    case request(RequestID, HTTPRequestHead, body: [UInt8], Accepted)
  }

  /// What the driver sends, in this order.
  public enum Output {
    /// `HTTP/1.1 100 Continue` for the request being read.
    case continueInterim
    case response(HTTPResponse, ResponseContext)
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

  /// What ``settle(outputEmpty:now:)`` asks of the socket.
  public enum Settlement: Equatable, Sendable {
    case none
    /// Shut down writing (`SHUT_WR`) and read whatever still comes (lingering has begun).
    case shutDownWriting
    case close
  }

  /// The time-out that applies, with ``deadline``.
  public enum TimerKind: Sendable, Equatable {
    case none, idle, head, body, write, linger
  }

  /// What a passed deadline asks of the driver.
  public enum Expiry: Equatable, Sendable {
    /// Nothing: not the time yet.
    case none
    /// Still writing and not yet timed out: check the peer is there (a reset may be reported
    /// to nothing that is being watched), close if it is gone.
    case probePeer
    /// Close without writing anything more (idle, stalled reader, linger over).
    case close
    /// A 408 is now ready to flush; run the loop again.
    case answered
  }

  private struct Slot {
    let id: RequestID
    let method: String
    let target: String
    let version: HTTPVersion
    let keepAlive: Bool
    let requestID: String?
    let start: UInt64
    var origin: String? = nil
    /// `100 Continue` still to be sent once this slot is first in line.
    var sendContinue = false
    /// The body was not read (or the stream is broken): close after this response.
    var closeAfter = false
    /// Handed out as ``Event/request`` and not answered yet.
    var handedOut = false
    var response: HTTPResponse? = nil
  }

  /// The request whose head was parsed and whose body is being read (or awaited).
  private struct Incoming {
    let id: RequestID
    let head: HTTPRequestHead
    var body: [UInt8] = []
    /// Already answered from the head: read to its end and throw it away.
    var discard = false
    /// The head awaits the verdict of ``refuse(_:with:)`` or ``accept(_:_:)``.
    var awaitingVerdict = true
    var accepted: Accepted? = nil
  }

  public let rules: ConnectionRules
  private var parser: HTTPRequestParser

  public private(set) var phase = Phase.open
  /// False once no further request will be read (parse error, early answer, time-out).
  private var acceptingInput = true
  public private(set) var peerClosed = false
  private var draining = false

  private var slots: [Slot] = []
  private var nextID = 0
  private var incoming: Incoming?
  /// Unsent output bytes, as the driver last reported them.
  private var pendingOutput = 0
  /// Bytes of answers computed but waiting behind an earlier, unanswered request.
  private var heldOutput = 0
  /// Requests handed out (``Event/request``) and not yet answered.
  private var inFlight = 0
  /// Start of the current write window, and the unsent output then.
  private var windowStart: UInt64 = 0
  private var sentInWindow = 0

  private var idleSince: UInt64?
  private var headStart: UInt64?
  private var lastBodyActivity: UInt64 = 0
  /// When the current request's head was parsed (its body's total deadline runs from here).
  private var bodyStart: UInt64 = 0
  private var lastWriteProgress: UInt64 = 0
  private var lingerDeadline: UInt64 = 0
  private var lingerDiscarded = 0
  /// When the time-out of ``timerKind`` fires (`.max`: none).
  public private(set) var deadline: UInt64 = .max
  public private(set) var timerKind = TimerKind.none

  /// Since when the connection has been idle between requests (nil: it is not idle).
  public var idleStart: UInt64? { mutating get { timerKind == .idle ? idleSince : nil } }

  public init(rules: ConnectionRules, now: UInt64) {
    self.rules = rules
    parser = HTTPRequestParser(limits: rules.parserLimits)
    updateDeadline(now: now)
  }

  // MARK: - Events in

  /// Bytes the peer sent.
  public mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
    parser.append(bytes)
    if incoming != nil { lastBodyActivity = now }
  }

  /// Bytes the peer sent (for tests and small inputs).
  public mutating func received(_ bytes: [UInt8], now: UInt64) {
    bytes.withUnsafeBytes { received($0, now: now) }
  }

  /// The peer half-closed: what it sent is still answered, then the connection closes.
  public mutating func receivedEnd() {
    peerClosed = true
  }

  /// The driver's unsent output after it queued responses.
  public mutating func outputQueued(pending: Int) {
    pendingOutput = pending
  }

  /// The driver's unsent output after a write, and whether the peer took any of it.
  public mutating func output(pending: Int, progressed: Bool, now: UInt64) {
    if progressed {
      lastWriteProgress = now
      sentInWindow += max(0, pendingOutput - pending)
    }
    pendingOutput = pending
  }

  /// The driver started waiting for the socket to take output: a write window begins.
  public mutating func writeBlocked(now: UInt64) {
    lastWriteProgress = now
    windowStart = now
    sentInWindow = 0
  }

  /// The server drains: the last request received gets `Connection: close`, an idle
  /// connection closes at the next ``settle(outputEmpty:now:)``.
  public mutating func beginDrain() {
    draining = true
  }

  /// The drain's deadline: every request received and not answered yet is answered now with
  /// `response` (a 503), the last with `Connection: close`; a request still arriving is cut.
  /// Returns how many were answered so, and how many cut.
  public mutating func drainDeadline(_ response: HTTPResponse) -> (answered: Int, cut: Int) {
    guard phase == .open else { return (0, 0) }
    draining = true
    var cut = 0
    if let request = incoming, !request.discard {
      // Mid-body (or awaiting its verdict): it can never be answered as asked.
      cut += 1
      if let index = slotIndex(request.id) { slots.remove(at: index) }
      incoming = nil
    }
    acceptingInput = false
    var answered = 0
    for index in slots.indices where slots[index].response == nil {
      slots[index].sendContinue = false
      setResponse(index, response)
      answered += 1
    }
    return (answered, cut)
  }

  /// Bytes read and thrown away while lingering; true when lingering should stop (too much).
  public mutating func discarded(_ count: Int) -> Bool {
    lingerDiscarded += count
    return lingerDiscarded > rules.lingerDiscardLimit
  }

  /// Closed without writing anything more: every request still held is dropped.
  public mutating func close() {
    phase = .closed
    deadline = .max
    timerKind = .none
    dropSlots()
  }

  /// Forgets every request still held (nothing more will be answered).
  private mutating func dropSlots() {
    slots.removeAll()
    incoming = nil
    heldOutput = 0
    inFlight = 0
  }

  // MARK: - Verdicts and answers

  /// Answers a head at once without its body (404, 405, 415...). A body that follows is not
  /// read, so the connection closes after this response.
  public mutating func refuse(_ id: RequestID, with response: HTTPResponse) {
    guard var request = incoming, request.id == id, request.awaitingVerdict else { return }
    request.awaitingVerdict = false
    guard let index = slotIndex(id) else { return }
    setResponse(index, response)
    if request.head.framing.hasBody {
      // The body was not read, so the byte stream is out of step: answer, then close.
      slots[index].closeAfter = true
      acceptingInput = false
      incoming = nil
    } else {
      request.discard = true
      incoming = request
    }
  }

  /// Reads the request's body; `accepted` comes back with the complete request. A declared
  /// body over the parser's limit is refused here with 413 (after the application's own
  /// refusals, which come first: docs/API.md "Errors").
  public mutating func accept(_ id: RequestID, _ accepted: @escaping Accepted) {
    guard var request = incoming, request.id == id, request.awaitingVerdict else { return }
    let head = request.head
    if let tooLarge = HTTPHeadContext(head, limits: rules.parserLimits).bodyTooLarge {
      refuse(id, with: tooLarge)
      return
    }
    request.awaitingVerdict = false
    request.accepted = accepted
    // RFC 9110 section 10.1.1: tell the client to send the body, unless it already started.
    if head.expectsContinue && head.framing.hasBody && !parser.hasBufferedBytes,
      let index = slotIndex(id)
    {
      slots[index].sendContinue = true
    }
    if case .contentLength(let n) = head.framing { request.body.reserveCapacity(n) }
    incoming = request
  }

  /// The answer to a request, in any order: responses still leave in request order.
  public mutating func respond(_ id: RequestID, with response: HTTPResponse) {
    guard let index = slotIndex(id) else { return }
    setResponse(index, response)
  }

  /// Every answer goes through here, so that held output and requests in flight stay counted.
  private mutating func setResponse(_ index: Int, _ response: HTTPResponse) {
    if let old = slots[index].response { heldOutput -= old.body.count }
    slots[index].response = response
    heldOutput += response.body.count
    if slots[index].handedOut {
      slots[index].handedOut = false
      inFlight -= 1
    }
  }

  private func slotIndex(_ id: RequestID) -> Int? {
    guard let first = slots.first else { return nil }
    let index = id - first.id
    guard index >= 0, index < slots.count, slots[index].id == id else { return nil }
    return index
  }

  // MARK: - Requests out

  // The computed properties the connection reads are `mutating get`: read through the
  // connection's stored property from another module, a plain getter had the whole machine
  // copied for the call (its parser buffer, slots and request retained and released, 1.5 % of
  // a healthz request's CPU in perf); an inout access borrows it.

  /// True while no new request is parsed and the socket is not read: the pipelining depth is
  /// reached or too much output waits for the peer.
  public var isPaused: Bool {
    mutating get {
      incoming == nil
        && (slots.count >= rules.maxPipelinedRequests || inFlight >= rules.maxRequestsInFlight
          || pendingOutput + heldOutput > rules.maxPendingOutputBytes)
    }
  }

  /// True while the socket should be read.
  public var wantsRead: Bool {
    mutating get {
      switch phase {
      case .open: return !peerClosed && acceptingInput && !isPaused
      case .lingering: return true
      case .closingAfterWrites, .closed: return false
      }
    }
  }

  /// The next head to judge or request to answer, or nil until more bytes, a verdict or the
  /// flushing of answers lets the connection go on.
  public mutating func nextEvent(now: UInt64) -> Event? {
    while phase == .open && acceptingInput {
      if incoming?.awaitingVerdict == true || isPaused { return nil }
      let part: HTTPRequestPart?
      do {
        part = try parser.next()
      } catch {
        failParse(error, now: now)
        return nil
      }
      guard let part else { break }
      switch part {
      case .head(let head):
        return .head(beginRequest(head, now: now), head)
      case .body(let bytes):
        if incoming != nil, incoming!.discard == false {
          incoming!.body.append(contentsOf: bytes)
        }
      case .end:
        guard let request = incoming else { continue }
        incoming = nil
        if request.discard { continue }
        if let index = slotIndex(request.id) {
          slots[index].handedOut = true
          inFlight += 1
        }
        return .request(request.id, request.head, body: request.body, request.accepted!)
      }
    }
    if peerClosed && phase == .open && acceptingInput && !isPaused
      && ((incoming != nil && !incoming!.discard) || parser.hasBufferedBytes)
    {
      // Half-closed in the middle of a request: it can never complete. Say so (the client may
      // still be reading) and close.
      failParse(
        HTTPParseError(
          status: 400, reason: "the connection was closed before the request was complete"),
        now: now)
    }
    return nil
  }

  private mutating func beginRequest(_ head: HTTPRequestHead, now: UInt64) -> RequestID {
    headStart = nil
    lastBodyActivity = now
    bodyStart = now
    let id = nextID
    nextID += 1
    slots.append(
      Slot(
        id: id, method: head.method, target: head.target, version: head.version,
        keepAlive: head.keepAlive, requestID: Self.requestID(of: head), start: now,
        origin: head.headers.first(name: "Origin")))
    incoming = Incoming(id: id, head: head)
    return id
  }

  /// `X-Request-ID` from the client when it is a sane token.
  private static func requestID(of head: HTTPRequestHead) -> String? {
    guard let given = head.headers.first(name: "X-Request-ID"), given.utf8.count <= 200,
      !given.isEmpty, given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { return nil }
    return given
  }

  /// Request body bytes this connection holds (read, not yet handed out with their request).
  public var bodyBytesHeld: Int {
    mutating get {
      guard let request = incoming, !request.discard else { return 0 }
      return request.body.count
    }
  }

  /// Answers the request whose body is being read with `response` (a 503 when the server's
  /// budget for buffered bodies is spent) without reading the rest; the connection then closes.
  public mutating func abortIncoming(with response: HTTPResponse) {
    guard phase == .open, let request = incoming, !request.discard,
      let index = slotIndex(request.id)
    else { return }
    acceptingInput = false
    incoming = nil
    setResponse(index, response)
    slots[index].closeAfter = true
    slots[index].sendContinue = false
  }

  /// Parse errors are answered with the error's status, then the connection closes (the
  /// stream can no longer be trusted).
  private mutating func failParse(_ error: HTTPParseError, now: UInt64) {
    acceptingInput = false
    let response = HTTPResponse.problem(status: error.status, detail: error.reason)
    if let request = incoming, !request.discard, let index = slotIndex(request.id) {
      incoming = nil
      setResponse(index, response)
      slots[index].closeAfter = true
      slots[index].sendContinue = false
      return
    }
    incoming = nil
    appendSyntheticSlot(response, now: now)
  }

  /// A response that belongs to no parsed request (a 408 or a 400 on a broken head).
  private mutating func appendSyntheticSlot(_ response: HTTPResponse, now: UInt64) {
    let id = nextID
    nextID += 1
    var slot = Slot(
      id: id, method: "-", target: "-", version: .http11, keepAlive: false, requestID: nil,
      start: now)
    slot.closeAfter = true
    slots.append(slot)
    setResponse(slots.count - 1, response)
  }

  // MARK: - Output

  /// Hands the answered requests at the head of the line to `send`, in order, with whether
  /// each keeps the connection alive; after one that does not, nothing more is answered
  /// (RFC 9112 section 9.6).
  public mutating func flush(_ send: (Output) -> Void) {
    guard phase == .open else { return }
    while !slots.isEmpty {
      if slots[0].sendContinue {
        send(.continueInterim)
        slots[0].sendContinue = false
      }
      guard let response = slots[0].response else { break }
      let slot = slots.removeFirst()
      heldOutput -= response.body.count
      let isLast =
        slots.isEmpty && !parser.hasBufferedBytes
        && (incoming == nil || (incoming!.discard && incoming!.id == slot.id))
      var keepAlive = slot.keepAlive && !slot.closeAfter
      if keepAlive && isLast && (peerClosed || !acceptingInput || draining) {
        // Draining: the last request received gets `Connection: close`; earlier pipelined
        // ones are answered normally, so none is dropped.
        keepAlive = false
      }
      if keepAlive, let connection = response.headers.first(name: "Connection"),
        connection.lowercased().contains("close")
      {
        keepAlive = false
      }
      send(
        .response(
          response,
          ResponseContext(
            method: slot.method, target: slot.target, version: slot.version,
            keepAlive: keepAlive, requestID: slot.requestID, start: slot.start,
            origin: slot.origin)))
      if !keepAlive {
        phase = .closingAfterWrites
        acceptingInput = false
        dropSlots()
        break
      }
    }
  }

  /// After writing: what the socket needs now, and the next deadline.
  public mutating func settle(outputEmpty: Bool, now: UInt64) -> Settlement {
    var settlement = Settlement.none
    if phase == .closingAfterWrites && outputEmpty {
      if peerClosed {
        settlement = .close
      } else {
        phase = .lingering
        lingerDeadline = now &+ Self.nanos(rules.lingerTimeout)
        settlement = .shutDownWriting
      }
    } else if phase == .open && outputEmpty && slots.isEmpty && incoming == nil {
      if peerClosed || (draining && parser.isIdle) {
        // Drain: an idle keep-alive connection is closed at once.
        settlement = .close
      }
    }
    if settlement == .close {
      close()
    } else {
      if outputEmpty { pendingOutput = 0 }
      updateDeadline(now: now, outputPending: !outputEmpty)
    }
    return settlement
  }

  // MARK: - Time-outs

  /// Picks the one time-out that applies now (docs/HTTP.md): writing to a stalled reader,
  /// reading a body, reading a head once its first byte arrived, or idle between requests.
  public mutating func updateDeadline(now: UInt64, outputPending: Bool = false) {
    var kind = TimerKind.none
    var at = UInt64.max
    let idle =
      phase == .open && acceptingInput && slots.isEmpty && incoming == nil && parser.isIdle
    if !idle { idleSince = nil }
    if !(phase == .open && acceptingInput && parser.isReadingHead) { headStart = nil }
    switch phase {
    case .closed:
      break
    case .lingering:
      kind = .linger
      at = lingerDeadline
    case .open, .closingAfterWrites:
      if outputPending {
        kind = .write
        at = min(
          lastWriteProgress &+ Self.nanos(rules.writeTimeout),
          windowStart &+ Self.nanos(rules.writeTimeout),
          now &+ Self.nanos(rules.peerProbeInterval))
      } else if phase == .closingAfterWrites || !acceptingInput || peerClosed {
        break
      } else if let request = incoming, !request.discard, parser.isReadingBody {
        kind = .body
        at = min(
          lastBodyActivity &+ Self.nanos(rules.bodyTimeout),
          bodyStart &+ Self.nanos(rules.bodyDeadline))
      } else if parser.isReadingHead && !isPaused {
        let start = headStart ?? now
        headStart = start
        kind = .head
        at = start &+ Self.nanos(rules.headTimeout)
      } else if idle {
        let start = idleSince ?? now
        idleSince = start
        kind = .idle
        at = start &+ Self.nanos(rules.idleTimeout)
      }
    }
    timerKind = kind
    deadline = at
  }

  /// The clock reached `now`: what the time-out that applies asks for.
  public mutating func deadlinePassed(now: UInt64) -> Expiry {
    guard phase != .closed, now >= deadline else { return .none }
    switch timerKind {
    case .none:
      deadline = .max
      return .none
    case .write
    where now >= windowStart &+ Self.nanos(rules.writeTimeout)
      && now < lastWriteProgress &+ Self.nanos(rules.writeTimeout):
      // A window has passed with the peer still taking output: too slowly, it is cut off.
      if sentInWindow < rules.minimumSendBytesPerWindow {
        close()
        return .close
      }
      windowStart = now
      sentInWindow = 0
      updateDeadline(now: now, outputPending: true)
      return .probePeer
    case .write where now < lastWriteProgress &+ Self.nanos(rules.writeTimeout):
      // Not the time-out yet, only the probe for a peer that is gone.
      updateDeadline(now: now, outputPending: true)
      return .probePeer
    case .idle, .write, .linger:
      // Idle: close quietly (RFC 9112 section 9.5). Write/linger: the peer stopped reading.
      close()
      return .close
    case .head:
      acceptingInput = false
      appendSyntheticSlot(
        .problem(status: 408, detail: "the request head was not received in time"), now: now)
      return .answered
    case .body:
      acceptingInput = false
      let timeout = HTTPResponse.problem(
        status: 408, detail: "the request body was not received in time")
      if let request = incoming, let index = slotIndex(request.id) {
        setResponse(index, timeout)
        slots[index].closeAfter = true
        slots[index].sendContinue = false
      } else {
        appendSyntheticSlot(timeout, now: now)
      }
      incoming = nil
      return .answered
    }
  }

  static func nanos(_ seconds: Double) -> UInt64 {
    seconds <= 0 ? 0 : UInt64(min(seconds, 1e9) * 1e9)
  }
}
