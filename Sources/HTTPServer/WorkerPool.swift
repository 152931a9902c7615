import CEpoll
import Dispatch
import Glibc
import Synchronization

/// A fixed set of threads running handler work, with a bounded queue.
///
/// Dedicated threads rather than the global Dispatch pool: a handler may block (it is
/// application code), and libdispatch on Linux adds pool threads slowly (docs/PERFORMANCE.md), so
/// blocking handlers there would starve the event loops. The bound makes overload visible as a
/// quick 503 instead of an ever-growing latency.
final class WorkerPool: Sendable {
  typealias Job = @Sendable () -> Void

  private struct Queue: ~Copyable {
    var jobs: [Job?] = []
    var head = 0
    var stopping = false
  }

  let threadCount: Int
  /// Running plus queued jobs allowed.
  let capacity: Int
  private let queue = Locked(Queue())
  private let outstanding = Atomic<Int>(0)
  private let available = DispatchSemaphore(value: 0)
  private let started = Atomic<Bool>(false)
  private let exited = DispatchSemaphore(value: 0)

  /// Nice levels the threads add to their own (``HTTPServerConfiguration/workerNice``).
  let nice: Int32

  init(threads: Int, maximumQueued: Int, nice: Int = 0) {
    threadCount = max(1, threads)
    capacity = threadCount + max(0, maximumQueued)
    self.nice = Int32(min(19, max(0, nice)))
  }

  func start() {
    guard
      started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    for _ in 0..<threadCount {
      _ = startDetachedThread { [self] in run() }
    }
  }

  /// Queues `job` unless the pool is at capacity.
  func trySubmit(_ job: @escaping Job) -> Bool {
    var current = outstanding.load(ordering: .relaxed)
    while true {
      guard current < capacity else { return false }
      let (exchanged, original) = outstanding.compareExchange(
        expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
      if exchanged { break }
      current = original
    }
    let accepted = queue.withLock { q -> Bool in
      if q.stopping { return false }
      q.jobs.append(job)
      return true
    }
    guard accepted else {
      outstanding.subtract(1, ordering: .acquiringAndReleasing)
      return false
    }
    available.signal()
    return true
  }

  /// The calling thread's nice value (nil when it cannot be read).
  static func currentThreadNice() -> Int? {
    let nice = cepoll_thread_nice()
    return nice == -100 ? nil : Int(nice)
  }

  /// Lets the threads finish the job they run and exit; queued jobs are dropped.
  func stop() {
    let wasStarted = started.load(ordering: .acquiring)
    queue.withLock { q in
      q.stopping = true
      q.jobs.removeAll()
      q.head = 0
    }
    guard wasStarted else { return }
    for _ in 0..<threadCount { available.signal() }
  }

  /// Waits (bounded) for the threads to exit after ``stop()``.
  func waitForExit(timeout: Double) {
    guard started.load(ordering: .acquiring) else { return }
    let deadline = DispatchTime.now() + timeout
    for _ in 0..<threadCount where exited.wait(timeout: deadline) == .timedOut { return }
  }

  private func run() {
    cepoll_name_thread("http.worker")
    if nice > 0 { _ = cepoll_lower_thread_priority(nice) }
    while true {
      available.wait()
      let job: Job? = queue.withLock { q in
        if q.stopping { return nil }
        guard q.head < q.jobs.count else { return nil }
        let job = q.jobs[q.head]
        q.jobs[q.head] = nil
        q.head += 1
        if q.head >= 1024 && q.head * 2 >= q.jobs.count {
          q.jobs.removeFirst(q.head)
          q.head = 0
        }
        return job
      }
      guard let job else {
        if queue.withLock({ $0.stopping }) { break }
        continue
      }
      job()
      outstanding.subtract(1, ordering: .acquiringAndReleasing)
    }
    exited.signal()
  }
}
