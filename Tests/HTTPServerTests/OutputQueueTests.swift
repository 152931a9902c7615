import Glibc
import XCTest

@testable import HTTPServer

/// The connection's output queue against a real socket pair: bytes leave complete and in order
/// whether they go in one `send`, one `sendmsg` of many buffers, or many calls around a full
/// socket buffer.
final class OutputQueueTests: XCTestCase {
  private var fds: [Int32] = [-1, -1]

  override func setUp() {
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
    let flags = fcntl(fds[0], F_GETFL)
    _ = fcntl(fds[0], F_SETFL, flags | O_NONBLOCK)
  }

  override func tearDown() {
    for fd in fds where fd >= 0 { close(fd) }
  }

  private func readAvailable(upTo limit: Int = 1 << 22) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let flags = fcntl(fds[1], F_GETFL)
    _ = fcntl(fds[1], F_SETFL, flags | O_NONBLOCK)
    while result.count < limit {
      let n = buffer.withUnsafeMutableBytes { recv(fds[1], $0.baseAddress!, $0.count, 0) }
      if n <= 0 { break }
      result += buffer[0..<n]
    }
    return result
  }

  private func pattern(_ count: Int, seed: UInt8) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed }
  }

  func testHeadAndLargeBodyLeaveInOrderWithoutCopy() {
    var queue = OutputQueue()
    let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 20000\r\n\r\n".utf8)
    let body = pattern(20_000, seed: 7)
    queue.append { $0.append(contentsOf: head) }
    queue.appendBody(body)
    XCTAssertEqual(queue.pending, head.count + body.count)
    let (outcome, sent) = queue.send(to: fds[0])
    XCTAssertEqual(outcome, .drained)
    XCTAssertEqual(sent, head.count + body.count)
    XCTAssertTrue(queue.isEmpty)
    XCTAssertEqual(readAvailable(), head + body)
  }

  func testManyPipelinedAnswersBeyondOneSendmsg() {
    var queue = OutputQueue()
    var expected: [UInt8] = []
    // 30 answers of head + separate body: 60 buffers, more than one sendmsg takes.
    for i in 0..<30 {
      let head = Array("head \(i)\r\n".utf8)
      let body = pattern(OutputQueue.separateBodyThreshold + i, seed: UInt8(i))
      queue.append { $0.append(contentsOf: head) }
      queue.appendBody(body)
      expected += head + body
    }
    // Small bodies are copied after their heads.
    queue.append { $0.append(contentsOf: Array("tail".utf8)) }
    queue.appendBody(Array("small body".utf8))
    expected += Array("tailsmall body".utf8)
    XCTAssertEqual(queue.send(to: fds[0]).outcome, .drained)
    XCTAssertEqual(readAvailable(), expected)
  }

  func testFullSocketBufferResumesWhereItStopped() {
    var size: Int32 = 4096
    setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    var queue = OutputQueue()
    let body = pattern(600_000, seed: 3)
    queue.append { $0.append(contentsOf: Array("H\r\n".utf8)) }
    queue.appendBody(body)
    var received: [UInt8] = []
    var blocked = 0
    var rounds = 0
    while true {
      rounds += 1
      XCTAssertLessThan(rounds, 100_000)
      let (outcome, _) = queue.send(to: fds[0])
      if outcome == .drained { break }
      XCTAssertEqual(outcome, .wouldBlock)
      blocked += 1
      received += readAvailable(upTo: 65536)
    }
    received += readAvailable()
    XCTAssertGreaterThan(blocked, 0, "the small socket buffer must fill at least once")
    XCTAssertEqual(received, Array("H\r\n".utf8) + body)
  }

  func testAGonePeerFails() {
    close(fds[1])
    fds[1] = -1
    var queue = OutputQueue()
    queue.append { $0.append(contentsOf: Array("x".utf8)) }
    queue.appendBody(pattern(10_000, seed: 1))
    guard case .failed = queue.send(to: fds[0]).outcome else {
      return XCTFail("sending to a closed peer must fail")
    }
  }

  func testRemoveAllDropsPendingBytes() {
    var queue = OutputQueue()
    queue.append { $0.append(contentsOf: Array("abc".utf8)) }
    queue.appendBody(pattern(5000, seed: 0))
    queue.removeAll()
    XCTAssertTrue(queue.isEmpty)
    XCTAssertEqual(queue.send(to: fds[0]).outcome, .drained)
    XCTAssertEqual(readAvailable(), [])
    // Reusable afterwards.
    queue.append { $0.append(contentsOf: Array("again".utf8)) }
    XCTAssertEqual(queue.send(to: fds[0]).outcome, .drained)
    XCTAssertEqual(readAvailable(), Array("again".utf8))
  }
}
