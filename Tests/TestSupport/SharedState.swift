import Foundation

/// A counter shared between threads (handlers, client threads) and the test.
public final class Counter: @unchecked Sendable {  // `value` is guarded by `lock`
  private let lock = NSLock()
  private var value = 0

  public init() {}

  public func increment() {
    lock.lock()
    value += 1
    lock.unlock()
  }

  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// Items appended from several threads, read by the test.
public final class Recorder<T>: @unchecked Sendable {  // `items` is guarded by `lock`
  private let lock = NSLock()
  private var items: [T] = []

  public init() {}

  public func append(_ item: T) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  public var all: [T] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}
