import CEpoll
import Dispatch
import Glibc
import XCTest

@testable import HTTPServer

/// An event loop's own thread: work from any thread runs on it in order, ready sockets are
/// reported with their tokens, ticks come round, and stopping neither loses work queued before
/// it nor keeps work queued after it.
final class LoopThreadTests: XCTestCase {
  private final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func update<R>(_ body: (inout Value) -> R) -> R {
      lock.lock()
      defer { lock.unlock() }
      return body(&value)
    }
  }

  private final class Token: Sendable {}

  private func makeThread(
    tick: Double = 3600, ready: @escaping (UInt64, UInt32) -> Void = { _, _ in },
    onTick: @escaping (UInt64) -> Void = { _ in }
  ) throws -> (LoopThread, EpollPoller) {
    let poller = try XCTUnwrap(EpollPoller())
    let thread = try XCTUnwrap(LoopThread(poller: poller))
    XCTAssertTrue(thread.start(name: "test.loop", tickInterval: tick, ready: ready, tick: onTick))
    return (thread, poller)
  }

  func testWorkFromManyThreadsRunsOnTheLoopThreadInEachSendersOrder() throws {
    let (loop, _) = try makeThread()
    defer { loop.stop() }
    let senders = 4
    let perSender = 500
    let log = Box<[(sender: Int, index: Int, thread: pthread_t)]>([])
    let done = DispatchSemaphore(value: 0)
    var threads: [Thread] = []
    for sender in 0..<senders {
      let t = Thread {
        for index in 0..<perSender {
          loop.execute {
            let count = log.update { entries -> Int in
              entries.append((sender, index, pthread_self()))
              return entries.count
            }
            if count == senders * perSender { done.signal() }
          }
          // Now and then let the loop run dry and go to sleep, so that wake-ups are exercised.
          if index % 100 == 99 { usleep(2_000) }
        }
      }
      threads.append(t)
      t.start()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
    let entries = log.update { $0 }
    XCTAssertEqual(entries.count, senders * perSender)
    let runner = try XCTUnwrap(entries.first?.thread)
    XCTAssertTrue(entries.allSatisfy { pthread_equal($0.thread, runner) != 0 })
    XCTAssertEqual(pthread_equal(runner, pthread_self()), 0)
    for sender in 0..<senders {
      XCTAssertEqual(entries.filter { $0.sender == sender }.map(\.index), Array(0..<perSender))
    }
  }

  func testWorkQueuedToAnIdleLoopRunsWithoutWaitingForTheNextTick() throws {
    // Ticks an hour apart: the wait in epoll_wait is capped at one second, so work that ran
    // only when the wait timed out would take up to a second; the eventfd ends the wait.
    let (loop, _) = try makeThread()
    defer { loop.stop() }
    for _ in 0..<5 {
      usleep(20_000)  // long enough for the loop to be asleep
      let ran = DispatchSemaphore(value: 0)
      let queued = DispatchTime.now()
      loop.execute { ran.signal() }
      XCTAssertEqual(ran.wait(timeout: .now() + 10), .success)
      let waited = Double(DispatchTime.now().uptimeNanoseconds - queued.uptimeNanoseconds) / 1e9
      XCTAssertLessThan(waited, 0.5, "idle loop not woken by the eventfd")
    }
  }

  func testReadySocketsAreReportedWithTheirTokens() throws {
    var fds: [Int32] = [-1, -1]
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
    defer { for fd in fds { close(fd) } }
    let seen = Box<[UInt64]>([])
    let got = DispatchSemaphore(value: 0)
    let reader = fds[0]
    let (loop, poller) = try makeThread(ready: { token, events in
      XCTAssertNotEqual(events & CEPOLL_IN, 0)
      var byte: UInt8 = 0
      // Level-triggered: read the byte, or the socket is reported again and again.
      if read(reader, &byte, 1) == 1 {
        seen.update { $0.append(token * 1000 + UInt64(byte)) }
        got.signal()
      }
    })
    defer { loop.stop() }
    XCTAssertTrue(poller.add(reader, events: CEPOLL_IN, token: 42))
    for value: UInt8 in [7, 8, 9] {
      var byte = value
      XCTAssertEqual(write(fds[1], &byte, 1), 1)
      XCTAssertEqual(got.wait(timeout: .now() + 10), .success)
    }
    XCTAssertEqual(seen.update { $0 }, [42_007, 42_008, 42_009])
    poller.remove(reader)
  }

  func testTicksComeRoundWhileIdle() throws {
    let ticks = Box(0)
    let third = DispatchSemaphore(value: 0)
    let (loop, _) = try makeThread(
      tick: 0.01,
      onTick: { _ in
        if ticks.update({ t -> Int in
          t += 1
          return t
        }) == 3 {
          third.signal()
        }
      })
    defer { loop.stop() }
    XCTAssertEqual(third.wait(timeout: .now() + 10), .success)
  }

  func testStopRunsWorkQueuedBeforeItAndDropsWorkQueuedAfter() throws {
    let (loop, _) = try makeThread()
    let ran = Box<[String]>([])
    let gate = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    // The first piece holds the loop until the rest are queued and stop is called.
    loop.execute {
      gate.wait()
      ran.update { $0.append("first") }
    }
    loop.execute {
      ran.update { $0.append("second") }
      finished.signal()
    }
    loop.stop()
    weak var late: Token?
    do {
      let token = Token()
      late = token
      loop.execute {
        withExtendedLifetime(token) { ran.update { $0.append("late") } }
      }
    }
    XCTAssertNil(late, "work queued after stop is released at once")
    gate.signal()
    XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
    usleep(50_000)
    XCTAssertEqual(ran.update { $0 }, ["first", "second"])
  }

  func testStopBeforeStartReleasesQueuedWork() throws {
    let poller = try XCTUnwrap(EpollPoller())
    let loop = try XCTUnwrap(LoopThread(poller: poller))
    weak var captured: Token?
    do {
      let token = Token()
      captured = token
      loop.execute { withExtendedLifetime(token) {} }
    }
    XCTAssertNotNil(captured, "queued until the thread starts")
    loop.stop()
    XCTAssertNil(captured)
    // Starting after a stop creates no thread and reports no failure.
    XCTAssertTrue(loop.start(name: "never", tickInterval: 1, ready: { _, _ in }, tick: { _ in }))
  }
}
