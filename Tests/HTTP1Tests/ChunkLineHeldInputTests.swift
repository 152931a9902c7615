import XCTest

@testable import HTTP1

/// Fuzz/findings/connection-unparsed-input-322 (fuzz-connection, 2026-12-02): an accepted
/// chunked POST whose chunk-size line never ends (garbage after the head, `100 Continue` stuck in
/// a stalled socket) left 322 unparsed bytes against the target's head limit of 256. The machine
/// was right: a chunk-size line has its own limit of 4096 bytes whatever the head's (docs/HTTP.md
/// "Limits"); the target's invariant forgot it. These pin the bounds that do hold such a line: its
/// length and the time-outs, on the fake clock.
final class ChunkLineHeldInputTests: XCTestCase, MachineTesting {
  /// The finding's limits: a head limit far under the chunk-size line's.
  func tightDriver() -> Driver {
    Driver {
      $0.parserLimits = HTTPParserLimits(
        maximumHeadBytes: 256, maximumHeaderCount: 8, maximumTargetBytes: 64, maximumBodyBytes: 16)
      $0.maximumPipelinedRequests = 1
      $0.bodyTimeout = 2
      $0.bodyDeadline = 6
      $0.writeTimeout = 3
    }
  }

  let chunkedHead =
    "POST /p HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"

  /// The finding's shape: bytes of a chunk-size line past the head limit are held, the
  /// connection keeps reading; past 4096 bytes the line is a 400 and the connection closes.
  func testAnUnfinishedChunkLineIsHeldPastTheHeadLimitUpToItsOwnLimit() {
    var d = tightDriver()
    d.socketRoom = 16
    d.receive(chunkedHead, now: Self.at(1))
    XCTAssertEqual(d.sent, ["100"])
    XCTAssertTrue(d.machine.waitsForWritable)
    let garbage = [UInt8](repeating: 0xC1, count: 322)
    d.receive(garbage, now: Self.at(1.5))
    XCTAssertEqual(d.machine.inputBytesHeld, 322)
    XCTAssertGreaterThan(d.machine.inputBytesHeld, d.machine.rules.parserLimits.maximumHeadBytes)
    XCTAssertEqual(d.machine.requestState(0), .readingBody)
    XCTAssertTrue(d.machine.wantsRead)
    XCTAssertEqual(d.sent, ["100"])

    let limit = HTTPRequestParser.maximumChunkLineBytes
    d.receive([UInt8](repeating: 0xC1, count: limit - 322), now: Self.at(1.6))
    XCTAssertEqual(d.machine.inputBytesHeld, limit)
    XCTAssertEqual(d.sent, ["100"], "a line of exactly the limit still waits for its end")
    d.receive([0xC1], now: Self.at(1.7))
    XCTAssertEqual(d.problems, ["400 chunk-size line longer than \(limit) bytes"])
    XCTAssertFalse(d.machine.wantsRead)
    d.peerTakes(now: Self.at(1.8))
    XCTAssertEqual(d.sent, ["100", "400 /p close"])
    XCTAssertEqual(d.socket, ["shutdown"])
  }

  /// As in the finding, the `100 Continue` is stuck: the write time-out, not the body's, applies
  /// and closes the connection with what it holds.
  func testAHeldChunkLineBehindAStalledWriteEndsAtTheWriteTimeOut() {
    var d = tightDriver()
    d.socketRoom = 16
    d.receive(chunkedHead, now: Self.at(1))
    d.receive([UInt8](repeating: 0xC1, count: 322), now: Self.at(1.5))
    XCTAssertEqual(d.machine.timerKind, .write)
    d.tick(Self.at(3.9))
    XCTAssertFalse(d.isClosed)
    XCTAssertEqual(d.machine.inputBytesHeld, 322)
    // The peer took nothing since its first 16 bytes at 1 s: cut off at 1 + 3 s.
    d.tick(Self.at(4))
    XCTAssertEqual(d.socket, ["close"])
    XCTAssertEqual(d.sent, ["100"])
  }

  /// With the socket taking everything, a line that never ends is a 408 at the body time-out.
  func testAHeldChunkLineThatNeverEndsIs408AtTheBodyTimeOut() {
    var d = tightDriver()
    d.receive(chunkedHead, now: Self.at(1))
    d.receive([UInt8](repeating: 0xC1, count: 322), now: Self.at(1.5))
    XCTAssertEqual(d.machine.timerKind, .body)
    XCTAssertEqual(d.deadline, Self.at(3.5))
    d.tick(Self.at(3.4))
    XCTAssertEqual(d.sent, ["100"])
    d.tick(Self.at(3.5))
    XCTAssertEqual(d.sent, ["100", "408 /p close"])
    XCTAssertEqual(d.machine.inputBytesHeld, 322, "held until the connection closes")
  }
}
