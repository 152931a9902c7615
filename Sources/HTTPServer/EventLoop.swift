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
  private var connections: [ObjectIdentifier: Connection] = [:]
  private var sweepTimer: DispatchSourceTimer?

  init(index: Int) {
    queue = DispatchQueue(label: "http.event-loop.\(index)", qos: .userInitiated)
    readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
  }

  deinit {
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

  func register(_ connection: Connection) {
    connections[ObjectIdentifier(connection)] = connection
  }

  func unregister(_ connection: Connection) {
    connections.removeValue(forKey: ObjectIdentifier(connection))
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
