/// The HTTP/1.1 rules of one server connection, without I/O (docs/HTTP.md): keep-alive,
/// pipelining order and depth, early answers and closing after them, `100 Continue`, the
/// drain, lingering, the output and body accounting, and which time-out applies.
///
/// Shaped like h11's connection: events go in (bytes received, end of input, a verdict, an
/// answer, bytes written, a tick of the clock, the drain), and ``nextAction()`` hands out what
/// the driver is to do, one action at a time, until it returns nil. Some actions owe an event
/// back before the next action is asked for (``Action`` says which). An event that is illegal
/// in the current state is a programming error: it traps in debug builds and, in release, is
/// counted and reported as ``Action/illegalEvent(_:)``; it is never silently ignored. No
/// socket, no clock: `now` is a monotonic time in nanoseconds given by the caller.
///
/// Not generic over what travels: the server's loop calls this for every request, and a generic
/// type used from another module runs unspecialised (every copy of a slot through its value
/// witnesses), which cost a third of the cache-hit throughput.
public struct ConnectionMachine {
  /// A request's place in the connection's order.
  public typealias RequestID = Int

  /// The time-out that applies, with ``deadline``.
  public enum TimerKind: Sendable, Equatable {
    case none, idle, head, body, write, linger
  }

  /// An answer to a request: the application's response, or one the server words through the
  /// responder (``HTTPResponder/serverResponse(_:origin:)``).
  public enum Reply: Sendable {
    case response(HTTPResponse)
    case problem(HTTPServerProblem)

    /// What the answer counts against the output bound.
    public var byteCount: Int {
      switch self {
      case .response(let response): response.body.count
      case .problem(let problem): problem.detail.utf8.count
      }
    }
  }

  struct Slot {
    let id: RequestID
    let method: String
    let target: String
    let version: HTTPVersion
    let keepAlive: Bool
    let requestID: String?
    let start: UInt64
    var origin: String? = nil
    /// `100 Continue` is owed once this request is first in line.
    var continueOwed = false
    var state: SlotState
  }

  /// Where one request is, with what that step needs (``requestState(_:)`` reads it as stored).
  enum SlotState {
    /// Handed out with ``Action/judge(_:_:)``; the verdict has not come back.
    case awaitingVerdict(HTTPRequestHead)
    /// Accepted: its body is being read (into ``incomingBody``).
    case readingBody(HTTPRequestHead, HTTPBodyResponder)
    case handedOut
    case answered(Reply, closes: Bool)
  }

  /// The request the parser is in, until its end has been read: one whose head awaits its
  /// verdict or whose body is read (its slot says which), or one answered at once whose body is
  /// thrown away (its slot may have left with its answer).
  enum Incoming: Equatable {
    case request(RequestID)
    case discarding(RequestID)

    var id: RequestID {
      switch self {
      case .request(let id), .discarding(let id): id
      }
    }

    var isDiscarding: Bool {
      if case .discarding = self { return true }
      return false
    }
  }

  /// A complete request, handed out with ``Action/run(_:_:body:_:)``.
  struct ReadyRequest {
    let id: RequestID
    let head: HTTPRequestHead
    let body: [UInt8]
    let responder: HTTPBodyResponder
  }

  /// What the peer takes of our output.
  enum Writing {
    /// No write has fallen short since the output last emptied.
    case flowing
    /// A write fell short: output waits for the peer, who must take enough of it in each
    /// window; `blocked` until the socket is writable again.
    case waiting(WriteWindow, blocked: Bool)

    var window: WriteWindow? {
      if case .waiting(let window, _) = self { return window }
      return nil
    }

    var isBlocked: Bool {
      if case .waiting(_, let blocked) = self { return blocked }
      return false
    }
  }

  /// A write window: when it began and what the peer took in it.
  struct WriteWindow {
    var start: UInt64
    var sent = 0
  }

  /// What the driver owes after the action it was last given.
  enum Owed: Equatable {
    case verdict(RequestID)
    case queued, written, bodyBudget, peerCheck
  }

  public let rules: ConnectionRules
  var parser: HTTPRequestParser

  public internal(set) var state = ConnectionState.open
  var slots: [Slot] = []
  var nextID = 0
  var incoming: Incoming?
  /// The body of ``incoming`` (kept apart so that appending never copies an enum's payload).
  var incomingBody: [UInt8] = []

  /// Unsent output bytes, as the driver last reported them.
  var pendingOutput = 0
  /// Bytes of answers computed but waiting behind an earlier, unanswered request.
  var heldOutput = 0
  /// Requests handed out and not yet answered.
  var inFlight = 0
  /// What this connection has added to the server-wide budgets (``Action/countBody(_:)``,
  /// ``Action/countOutput(_:)``).
  var countedBody = 0
  var countedOutput = 0

  var writing = Writing.flowing
  var lastWriteProgress: UInt64 = 0
  /// Bytes the last write took (the pipelining round's rule reads it).
  var lastSent = 0

  var idleSince: UInt64?
  var headStart: UInt64?
  var lastBodyActivity: UInt64 = 0
  /// When the current request's head was parsed (its body's total deadline runs from here).
  var bodyStart: UInt64 = 0
  /// When the time-out of ``timerKind`` fires (`.max`: none).
  public internal(set) var deadline: UInt64 = .max
  public internal(set) var timerKind = TimerKind.none

  /// The time of the event being handled.
  var now: UInt64
  var step = Step.report
  var owed: Owed?
  /// A complete request, handed out once the body it held is counted off the budget.
  var readyRequest: ReadyRequest?
  /// What the driver was last told.
  var toldReadInterest = false
  var toldWriteInterest = false
  var toldDeadline = UInt64.max
  var illegal: StaticString?
  /// Illegal events seen (each also reported as ``Action/illegalEvent(_:)``).
  public internal(set) var illegalEvents = 0

  public init(rules: ConnectionRules, now: UInt64) {
    self.rules = rules
    self.now = now
    parser = HTTPRequestParser(limits: rules.parserLimits)
    updateDeadline(now: now)
  }

  /// Since when the connection has been idle between requests (nil: it is not idle). A
  /// `mutating get`: read through the connection's stored property from another module, a plain
  /// getter had the whole machine copied for the call (1.5 % of a healthz request's CPU).
  public var idleStart: UInt64? { mutating get { timerKind == .idle ? idleSince : nil } }

  /// Where request `id` is (nil: answered and sent, or never seen).
  public func requestState(_ id: RequestID) -> RequestState? {
    if incoming == .discarding(id) { return .discardingBody }
    guard let index = slotIndex(id) else { return nil }
    switch slots[index].state {
    case .awaitingVerdict: return .awaitingVerdict
    case .readingBody: return .readingBody
    case .handedOut: return .handedOut
    case .answered: return .answered
    }
  }

  /// The slot of the request whose body is being read (nil: none is).
  var bodyReaderIndex: Int? {
    guard case .request(let id) = incoming, let index = slotIndex(id),
      case .readingBody = slots[index].state
    else { return nil }
    return index
  }

  /// Request body bytes this connection holds (read, not yet handed out with their request).
  public var bodyBytesHeld: Int { bodyReaderIndex == nil ? 0 : incomingBody.count }

  /// True from a write that fell short until ``writable(now:)``.
  public var waitsForWritable: Bool { writing.isBlocked }

  /// Our side is shut down and unread request bytes are thrown away.
  public var isLingering: Bool {
    if case .lingering = state { return true }
    return false
  }

  /// Bytes received and not parsed yet.
  public var inputBytesHeld: Int { parser.bufferedByteCount }

  /// Answers held (computed or waiting) and output unsent, the bound that pauses reading.
  public var bytesHeld: Int { pendingOutput + heldOutput }

  /// True while no new request is parsed and the socket is not read: the pipelining depth is
  /// reached, a request is being worked on, or too much output waits for the peer.
  public var isPaused: Bool {
    mutating get {
      incoming == nil
        && (slots.count >= rules.maximumPipelinedRequests
          || inFlight >= rules.maximumRequestsInFlight
          || pendingOutput + heldOutput > rules.maximumPendingOutputBytes)
    }
  }

  /// True while the socket should be read (what ``Action/readInterest(_:)`` last said, once the
  /// actions have run).
  public var wantsRead: Bool {
    mutating get {
      switch state {
      case .open, .draining: return !isPaused
      case .lingering: return true
      case .peerGone, .closingAfterAnswer, .writingLast, .closed: return false
      }
    }
  }

  func slotIndex(_ id: RequestID) -> Int? {
    guard let first = slots.first else { return nil }
    let index = id - first.id
    guard index >= 0, index < slots.count, slots[index].id == id else { return nil }
    return index
  }

  static func nanos(_ seconds: Double) -> UInt64 {
    seconds <= 0 ? 0 : UInt64(min(seconds, 1e9) * 1e9)
  }

  /// A programming error of the driver: a trap in debug builds; in release the event is
  /// dropped, counted, and reported by the next action.
  mutating func illegalEvent(_ what: StaticString) {
    assertionFailure("ConnectionMachine: \(what)")
    illegalEvents += 1
    illegal = what
  }
}
