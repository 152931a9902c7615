import Glibc

/// A value guarded by a `pthread_mutex_t`. Used instead of `Synchronization.Mutex` here because
/// ThreadSanitizer intercepts the pthread calls and so sees their happens-before edges; on Linux
/// `Mutex` waits on a raw futex that TSan cannot see, which made `swift test --sanitize=thread`
/// report races between sections that the lock in fact serialises.
final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  init(_ value: consuming Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
