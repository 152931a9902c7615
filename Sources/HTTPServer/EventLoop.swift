import Dispatch
import Glibc

/// One serial queue and the connections confined to it.
///
/// A small fixed set of these (one per core by default) carries every connection: an idle
/// connection costs a registered read source and a few hundred bytes, never a thread. All state
/// here and in its connections is touched only on `queue`.
final class EventLoop: @unchecked Sendable {
  let queue: DispatchQueue
  /// Shared receive buffer: reads on one serial queue never overlap, so one buffer per loop
  /// serves every connection and an idle connection holds no read buffer at all.
  let readBuffer: UnsafeMutableRawBufferPointer
  var dateCache = DateHeaderCache()
  /// The loop's epoll set when connections use ``HTTPServerConfiguration/SocketEvents/epoll``.
  let poller: EpollPoller?
  /// Keyed by the token each connection's readiness reports: never reused, so an event for a
  /// connection closed earlier in the same batch finds nothing.
  private var connections: [UInt64: Connection] = [:]
  private var nextToken: UInt64 = 1
  private var sweepTimer: DispatchSourceTimer?

  init(index: Int, socketEvents: HTTPServerConfiguration.SocketEvents) {
    queue = DispatchQueue(label: "http.event-loop.\(index)", qos: .userInitiated)
    readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    // Without an epoll set (descriptors exhausted at start) the loop falls back to Dispatch
    // sources per socket, which need no extra descriptor.
    poller = socketEvents == .epoll ? EpollPoller() : nil
    poller?.start(queue: queue) { [unowned self] token, events in
      connections[token]?.handleReadiness(events)
    }
  }

  deinit {
    poller?.stop()
    readBuffer.deallocate()
  }

  /// Deadlines are checked by one periodic sweep per loop rather than a timer per connection:
  /// the hot path then only stores a number, and a thousand idle connections need no timers.
  func startSweeping(interval: Double) {
    queue.async { [self] in
      let timer = DispatchSource.makeTimerSource(queue: queue)
      let nanos = Int(max(0.005, interval) * 1e9)
      timer.schedule(
        deadline: .now() + .nanoseconds(nanos), repeating: .nanoseconds(nanos),
        leeway: .milliseconds(5))
      // Unowned, not weak: a weak reference allocates a side table that outlives the loop
      // until Dispatch releases the cancelled handler (LeakSanitizer saw it at exit). Safe: the
      // handler runs on `queue`, and the loop lives until `stopSweeping`'s block, which runs on
      // that queue too, has cancelled the timer (HTTPServer stops sweeping before letting go).
      timer.setEventHandler { [unowned self] in sweep() }
      sweepTimer = timer
      timer.resume()
    }
  }

  func stopSweeping() {
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

  private func sweep() {
    guard !connections.isEmpty else { return }
    let now = Clock.monotonicNanos()
    for connection in connections.values where connection.deadline <= now {
      connection.deadlinePassed(now: now)
    }
  }

  /// Tells every connection that the server drains (closes the idle ones).
  func drain() {
    queue.async { [self] in
      for connection in Array(connections.values) { connection.drainRequested() }
    }
  }

  func closeAll() {
    queue.async { [self] in
      for connection in Array(connections.values) { connection.closeNow() }
    }
  }
}
