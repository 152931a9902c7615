import Dispatch
import Glibc
import Synchronization

/// One serial executor and the connections confined to it.
///
/// A small fixed set of these (one per core by default) carries every connection: an idle
/// connection costs a registration and a few hundred bytes, never a thread. All state here and
/// in its connections is touched only by the loop's work: on its own thread
/// (``HTTPServerConfiguration/SocketEvents/thread``) or else on `queue`.
final class EventLoop: @unchecked Sendable {
  let name: String
  /// The serial queue of the Dispatch-driven kinds (unused while ``thread`` runs).
  let queue: DispatchQueue
  /// The loop's own thread, when it has one.
  private var thread: LoopThread?
  /// Shared receive buffer: reads on one serial queue never overlap, so one buffer per loop
  /// serves every connection and an idle connection holds no read buffer at all.
  let readBuffer: UnsafeMutableRawBufferPointer
  var dateCache = DateHeaderCache()
  /// Responses this loop handed to sockets (for ``MemoryTrim``'s request rate): one counter per
  /// loop, so that no two threads update the same one per request.
  let answered = Atomic<Int>(0)
  /// The loop's epoll set, waited on by its own thread (``HTTPServerConfiguration/SocketEvents/thread``).
  private(set) var poller: EpollPoller?
  /// Keyed by the token each connection's readiness reports: never reused, so an event for a
  /// connection closed earlier in the same batch finds nothing.
  private var connections: [UInt64: Connection] = [:]
  private var nextToken: UInt64 = 1
  private var sweepTimer: DispatchSourceTimer?

  init(index: Int, socketEvents: HTTPServerConfiguration.SocketEvents) {
    name = "http.loop.\(index)"
    queue = DispatchQueue(label: name, qos: .userInitiated)
    readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    // Without an epoll set (descriptors exhausted at start) the loop falls back to Dispatch
    // sources per socket, which need no extra descriptor.
    poller = socketEvents == .dispatch ? nil : EpollPoller()
    if let poller {
      thread = LoopThread(poller: poller)
    } else {
      thread = nil
    }
  }

  deinit {
    readBuffer.deallocate()
  }

  /// Runs `work` on the loop, after the work queued before it.
  func execute(_ work: @escaping @Sendable () -> Void) {
    if let thread {
      thread.execute(work)
    } else {
      queue.async(execute: work)
    }
  }

  /// Starts delivering readiness and checking deadlines. Deadlines are checked by one periodic
  /// sweep per loop rather than a timer per connection: the hot path then only stores a number,
  /// and a thousand idle connections need no timers.
  func start(sweepInterval interval: Double) {
    let interval = max(0.005, interval)
    if let own = thread {
      let started = own.start(
        name: name, tickInterval: interval,
        ready: { [self] token, events in connections[token]?.handleReadiness(events) },
        tick: { [self] now in sweep(now: now) })
      if started { return }
      // No thread to be had: Dispatch sources per socket instead (no connection exists yet).
      thread = nil
      poller = nil
    }
    queue.async { [self] in
      let timer = DispatchSource.makeTimerSource(queue: queue)
      let nanos = Int(interval * 1e9)
      timer.schedule(
        deadline: .now() + .nanoseconds(nanos), repeating: .nanoseconds(nanos),
        leeway: .milliseconds(5))
      // Unowned, not weak: a weak reference allocates a side table that outlives the loop
      // until Dispatch releases the cancelled handler (LeakSanitizer saw it at exit). Safe: the
      // handler runs on `queue`, and the loop lives until `stop`'s block, which runs on that
      // queue too, has cancelled the timer (HTTPServer stops the loops before letting go).
      timer.setEventHandler { [unowned self] in sweep(now: Clock.monotonicNanos()) }
      sweepTimer = timer
      timer.resume()
    }
  }

  /// Stops the loop's own thread or sweep timer once the work queued before has run.
  func stop() {
    if let thread {
      thread.stop()
      return
    }
    queue.async { [self] in
      sweepTimer?.cancel()
      sweepTimer = nil
    }
  }

  /// Adds the connection and returns its token.
  func register(_ connection: Connection) -> UInt64 {
    let token = nextToken
    nextToken &+= 1
    connections[token] = connection
    return token
  }

  func unregister(token: UInt64) {
    connections.removeValue(forKey: token)
  }

  private func sweep(now: UInt64) {
    guard !connections.isEmpty else { return }
    for connection in connections.values where connection.deadline <= now {
      connection.deadlinePassed(now: now)
    }
  }

  /// True once this loop's connections have been told that the server drains.
  private(set) var drainNoticed = false

  /// Tells every connection that the server drains (each closes if idle, and says
  /// `Connection: close` on its last answer). Runs at the first event of the loop after the
  /// drain began, or from ``drain(then:)``, whichever comes first: no answer is written between
  /// the two without it.
  func noticeDrain() {
    guard !drainNoticed else { return }
    drainNoticed = true
    for connection in Array(connections.values) { connection.drainRequested() }
  }

  /// ``noticeDrain()`` on the loop, then `done`.
  func drain(then done: @escaping @Sendable () -> Void) {
    execute { [self] in
      noticeDrain()
      done()
    }
  }

  /// Closes the connection that has been idle longest between requests, to make room for a new
  /// one at the connection cap; false when none is idle.
  func closeLongestIdle() -> Bool {
    var oldest: (connection: Connection, since: UInt64)? = nil
    for connection in connections.values {
      guard let since = connection.idleStart else { continue }
      if oldest == nil || since < oldest!.since { oldest = (connection, since) }
    }
    guard let oldest else { return false }
    oldest.connection.closeNow()
    return true
  }

  /// The drain's deadline: every connection answers what it holds with 503 and closes.
  func drainDeadline() {
    execute { [self] in
      for connection in Array(connections.values) { connection.drainDeadlinePassed() }
    }
  }

  func closeAll() {
    execute { [self] in
      for connection in Array(connections.values) { connection.closeNow() }
    }
  }
}
