import Dispatch
import Glibc
import HTTP1
import Synchronization

/// What every connection shares with the server: settings, the responder, the worker pool and the
/// counters behind `openConnections` and the drain. Kept apart from ``HTTPServer`` so
/// connections never hold the server itself.
final class ServerContext: Sendable {
  let configuration: HTTPServerConfiguration
  let responder: any HTTPResponder
  let onRequestLogged: (@Sendable (HTTPAccessRecord) -> Void)?
  let workers: WorkerPool

  let openConnections = Atomic<Int>(0)
  /// The configured cap, lowered at start to what the open-file limit allows.
  let connectionCap: Atomic<Int>
  /// Request body bytes held by every connection, and unsent answer bytes (server-wide
  /// budgets: ``HTTPServerConfiguration/maximumBufferedBodyBytes``, ``maximumHeldResponseBytes``).
  let bufferedBodyBytes = Atomic<Int>(0)
  let heldResponseBytes = Atomic<Int>(0)
  /// Answers computed on a worker and not yet handed to their connection.
  let transitResponseBytes = Atomic<Int>(0)

  /// True when the answers the server holds (unsent, or on their way to their connection) are
  /// over ``HTTPServerConfiguration/maximumHeldResponseBytes``: new work is then refused.
  var isOverAnswerBudget: Bool {
    heldResponseBytes.load(ordering: .relaxed) + transitResponseBytes.load(ordering: .relaxed)
      > configuration.maximumHeldResponseBytes
  }
  /// Connections admitted over the cap while their loop closes its longest-idle one.
  let evictionsInFlight = Atomic<Int>(0)
  /// Round-robin cursor over the event loops.
  let nextLoop = Atomic<Int>(0)
  let draining = Atomic<Bool>(false)
  private let stoppedSignalled = Atomic<Bool>(false)
  /// Requests the drain's deadline answered with 503, and requests or answers it cut.
  let drainAnswered = Atomic<Int>(0)
  let drainCut = Atomic<Int>(0)
  /// Events a connection's driver gave its machine out of order (see ``recordIllegalEvent(_:)``).
  let illegalConnectionEvents = Atomic<Int>(0)
  let stopped = DispatchSemaphore(value: 0)

  /// Generated request ids: a per-process random prefix plus a counter (unique enough for logs,
  /// and short enough to stay an inline small string).
  private let requestIDPrefix: String
  private let requestCounter = Atomic<UInt64>(0)

  init(
    configuration: HTTPServerConfiguration,
    responder: any HTTPResponder,
    onRequestLogged: (@Sendable (HTTPAccessRecord) -> Void)?
  ) {
    self.configuration = configuration
    self.responder = responder
    self.onRequestLogged = onRequestLogged
    self.connectionCap = Atomic(configuration.maximumConnections)
    self.workers = WorkerPool(
      threads: configuration.workerCount, maximumQueued: configuration.maximumQueuedRequests,
      nice: configuration.workerNice)
    let seed = UInt64.random(in: 0...UInt64.max)
    let hex = String(seed & 0xFFFF, radix: 16)
    requestIDPrefix = String(repeating: "0", count: 4 - hex.count) + hex + "-"
  }

  var isDraining: Bool { draining.load(ordering: .acquiring) }

  func nextRequestID() -> String {
    var n = requestCounter.add(1, ordering: .relaxed).newValue
    // Hand-rolled hex: this runs for every request without an X-Request-ID.
    var digits: [UInt8] = []
    digits.reserveCapacity(16)
    repeat {
      let d = UInt8(truncatingIfNeeded: n & 0xF)
      digits.append(d < 10 ? 48 + d : 87 + d)
      n >>= 4
    } while n > 0
    digits.reverse()
    return requestIDPrefix + String(decoding: digits, as: UTF8.self)
  }

  /// A 503 with `Retry-After` (the server's own refusals for capacity and budgets).
  func unavailable(_ detail: String) -> HTTPServerProblem {
    HTTPServerProblem(
      status: 503, detail: detail,
      headers: ["Retry-After": String(configuration.retryAfterSeconds)])
  }

  /// The 503 for work refused because the server holds too many unsent answers.
  var overBudget: HTTPServerProblem {
    unavailable("the server holds too many unsent answers; retry later")
  }

  /// A connection's driver broke the machine's calling convention (a bug: debug builds trap
  /// there). Counted; the first 16 are logged, so that a loop cannot flood the log.
  func recordIllegalEvent(_ what: StaticString) {
    if illegalConnectionEvents.add(1, ordering: .relaxed).newValue <= 16 {
      let line = "{\"event\":\"illegal-connection-event\",\"detail\":\"\(what)\"}\n"
      _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }
  }

  func recordDrainCut(answered: Int, cut: Int) {
    drainAnswered.add(answered, ordering: .relaxed)
    drainCut.add(cut, ordering: .relaxed)
  }

  func connectionClosed() {
    let left = openConnections.subtract(1, ordering: .acquiringAndReleasing).newValue
    if left == 0 && isDraining { signalStoppedIfIdle() }
  }

  func signalStoppedIfIdle() {
    guard isDraining, openConnections.load(ordering: .acquiring) == 0 else { return }
    if stoppedSignalled.compareExchange(
      expected: false, desired: true, ordering: .acquiringAndReleasing
    )
    .exchanged {
      stopped.signal()
    }
  }
}
