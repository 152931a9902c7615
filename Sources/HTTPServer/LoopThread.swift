import CEpoll
import Glibc

/// An event loop's own thread: it waits in `epoll_wait` on the loop's set itself and runs the
/// loop's work between waits (``HTTPServerConfiguration/SocketEvents/thread``).
///
/// Behind a Dispatch read source the same wake-up costs two thread hand-offs: libdispatch's
/// manager thread sees the set readable and wakes a pool thread to drain the loop's queue, and
/// every result coming back from a worker wakes one again. Here the thread that waits is the one
/// that works, work queued from other threads is picked up between batches without a wake-up
/// while the loop is busy, and an eventfd in the set ends the wait only when it is idle.
final class LoopThread: @unchecked Sendable {
  typealias Work = @Sendable () -> Void

  private struct Inbox: ~Copyable {
    var work: [Work] = []
    /// Set by the thread just before it blocks with an empty inbox; whoever queues work then
    /// clears it and signals the eventfd, so exactly one wake-up is sent per sleep.
    var sleeping = false
    var stopping = false
    var started = false
  }

  /// The wake-up eventfd's token in the set; connection tokens start at 1.
  static let wakeToken: UInt64 = 0

  private let poller: EpollPoller
  private let wakeFD: Int32
  private let inbox = Locked(Inbox())

  /// Nil when no eventfd can be created (descriptors exhausted).
  init?(poller: EpollPoller) {
    let fd = cepoll_eventfd()
    guard fd >= 0 else { return nil }
    guard poller.add(fd, events: CEPOLL_IN, token: Self.wakeToken) else {
      Glibc.close(fd)
      return nil
    }
    self.poller = poller
    wakeFD = fd
  }

  deinit {
    poller.remove(wakeFD)
    Glibc.close(wakeFD)
  }

  /// Queues `work` to run on the thread, in order. Work queued after ``stop()`` is dropped at
  /// once: nothing would run it, and kept it would hold what it captures (the loop, a
  /// connection and its descriptor) for ever.
  func execute(_ work: @escaping Work) {
    let wake = inbox.withLock { inbox -> Bool in
      if inbox.stopping { return false }
      inbox.work.append(work)
      defer { inbox.sleeping = false }
      return inbox.sleeping
    }
    if wake { cepoll_eventfd_signal(wakeFD) }
  }

  /// Ends the thread once the work queued before this call has run; before ``start``, drops
  /// that work instead.
  func stop() {
    var dropped: [Work] = []
    let wake = inbox.withLock { inbox -> Bool in
      inbox.stopping = true
      if !inbox.started { swap(&dropped, &inbox.work) }
      defer { inbox.sleeping = false }
      return inbox.sleeping
    }
    dropped.removeAll()
    if wake { cepoll_eventfd_signal(wakeFD) }
  }

  /// Starts the thread. `ready(token, events)` is called for each ready socket and `tick(now)`
  /// every `tickInterval` seconds or so. Both run on the thread, which keeps them (and what
  /// they capture) alive until it ends. Returns false only when no thread could be created;
  /// after ``stop()`` nothing is started and there is nothing to fall back to (true).
  func start(
    name: String, tickInterval: Double, ready: @escaping (UInt64, UInt32) -> Void,
    tick: @escaping (UInt64) -> Void
  ) -> Bool {
    let interval = UInt64(max(0.001, tickInterval) * 1e9)
    let stopped = inbox.withLock { inbox -> Bool in
      inbox.started = !inbox.stopping
      return inbox.stopping
    }
    if stopped { return true }
    let started = startDetachedThread { [self] in
      run(name: name, interval: interval, ready: ready, tick: tick)
    }
    if !started { inbox.withLock { $0.started = false } }
    return started
  }

  private func run(
    name: String, interval: UInt64, ready: (UInt64, UInt32) -> Void, tick: (UInt64) -> Void
  ) {
    cepoll_name_thread(name)
    let capacity = 256
    let tokens = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    let events = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    defer {
      tokens.deallocate()
      events.deallocate()
    }
    var nextTick = Clock.monotonicNanos() &+ interval
    var batch: [Work] = []
    while true {
      // Take the queued work; with none, announce the sleep in the same critical section so
      // that work queued from now on signals the eventfd.
      let stopping = inbox.withLock { inbox -> Bool in
        swap(&batch, &inbox.work)
        if batch.isEmpty && !inbox.stopping { inbox.sleeping = true }
        return inbox.stopping
      }
      for work in batch { work() }
      let hadWork = !batch.isEmpty
      batch.removeAll(keepingCapacity: true)
      if stopping { return }
      var now = Clock.monotonicNanos()
      let timeout: Int32
      if hadWork {
        timeout = 0
      } else if nextTick > now {
        timeout = Int32(min(1_000, (nextTick - now + 999_999) / 1_000_000))
      } else {
        timeout = 0
      }
      let n = Int(cepoll_wait(poller.fd, tokens, events, Int32(capacity), timeout))
      if !hadWork { inbox.withLock { $0.sleeping = false } }
      for i in 0..<max(0, n) {
        if tokens[i] == Self.wakeToken {
          cepoll_eventfd_drain(wakeFD)
        } else {
          ready(tokens[i], events[i])
        }
      }
      now = Clock.monotonicNanos()
      if now >= nextTick {
        tick(now)
        nextTick = now &+ interval
      }
    }
  }
}
