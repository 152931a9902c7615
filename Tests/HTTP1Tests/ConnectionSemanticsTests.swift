import HTTP1
import XCTest

/// RFC 9112 section 9.3 (persistence), RFC 9110 section 10.1.1 (Expect), pipelining and the
/// idle/head/body states the server's time-outs depend on.
final class ConnectionSemanticsTests: XCTestCase {
  // RFC 9112 section 9.3: HTTP/1.1 persists by default; "close" option ends it; Connection is
  // a case-insensitive comma list (RFC 9110 section 7.6.1).
  func testKeepAliveHTTP11() throws {
    XCTAssertTrue(try singleHead("GET / HTTP/1.1\r\nHost: a\r\n\r\n").keepAlive)
    XCTAssertFalse(
      try singleHead("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n").keepAlive)
    XCTAssertFalse(
      try singleHead("GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, Close\r\n\r\n").keepAlive
    )
    XCTAssertFalse(
      try singleHead(
        "GET / HTTP/1.1\r\nHost: a\r\nConnection: upgrade\r\nConnection: CLOSE\r\n\r\n"
      ).keepAlive)
    XCTAssertTrue(
      try singleHead("GET / HTTP/1.1\r\nHost: a\r\nConnection: closed\r\n\r\n").keepAlive)
  }

  // RFC 9112 section 9.3: HTTP/1.0 persists only with "keep-alive".
  func testKeepAliveHTTP10() throws {
    XCTAssertFalse(try singleHead("GET / HTTP/1.0\r\n\r\n").keepAlive)
    XCTAssertTrue(try singleHead("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive)
    XCTAssertFalse(
      try singleHead("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n").keepAlive)
  }

  // RFC 9110 section 10.1.1: 100-continue is case-insensitive; ignored in HTTP/1.0; other
  // expectations are ignored by this server (documented choice: no 417).
  func testExpectContinue() throws {
    XCTAssertTrue(
      try singleHead(
        "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n"
      ).expectsContinue)
    XCTAssertTrue(
      try singleHead(
        "POST / HTTP/1.1\r\nHost: a\r\nexpect: 100-Continue\r\nContent-Length: 1\r\n\r\n"
      ).expectsContinue)
    XCTAssertFalse(
      try singleHead("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n")
        .expectsContinue)
    XCTAssertFalse(
      try singleHead("POST / HTTP/1.1\r\nHost: a\r\nExpect: fancy\r\nContent-Length: 1\r\n\r\n")
        .expectsContinue)
    XCTAssertFalse(
      try singleHead("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\n").expectsContinue)
  }

  // RFC 9112 section 9.3.2: pipelined requests are parsed in order from one stream.
  func testPipelinedRequestsInOrder() throws {
    let parts = try parse(
      "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhiGET /3 HTTP/1.1\r\nHost: a\r\n\r\n"
    )
    XCTAssertEqual(heads(parts).map(\.target), ["/1", "/2", "/3"])
    XCTAssertEqual(parts.filter { $0 == .end }.count, 3)
  }

  // The states behind the idle (fresh or between requests), head and body time-outs.
  func testIdleHeadAndBodyStates() throws {
    var parser = HTTPRequestParser()
    XCTAssertTrue(parser.isIdle)
    XCTAssertFalse(parser.hasBufferedBytes)
    parser.append(Array("P".utf8))
    XCTAssertFalse(parser.isIdle)
    XCTAssertTrue(parser.isReadingHead)
    XCTAssertNil(try parser.next())
    parser.append(Array("OST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nh".utf8))
    guard case .head? = try parser.next() else { return XCTFail() }
    XCTAssertTrue(parser.isReadingBody)
    XCTAssertEqual(try parser.next(), .body([UInt8(ascii: "h")]))
    XCTAssertNil(try parser.next())
    parser.append(Array("i".utf8))
    XCTAssertEqual(try parser.next(), .body([UInt8(ascii: "i")]))
    XCTAssertEqual(try parser.next(), .end)
    XCTAssertTrue(parser.isIdle)
    XCTAssertFalse(parser.isReadingBody)
    XCTAssertNil(try parser.next())
  }

  // Many requests through one parser in odd-sized slices: compaction keeps offsets right.
  func testLongStreamWithCompaction() throws {
    let one = Array("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789".utf8)
    var stream: [UInt8] = []
    for _ in 0..<3000 { stream += one }
    var parser = HTTPRequestParser()
    var ends = 0
    var bodyBytes = 0
    var offset = 0
    while offset < stream.count {
      let n = min(997, stream.count - offset)
      parser.append(stream[offset..<offset + n])
      offset += n
      while let part = try parser.next() {
        switch part {
        case .end: ends += 1
        case .body(let b): bodyBytes += b.count
        case .head(let h): XCTAssertEqual(h.target, "/x")
        }
      }
    }
    XCTAssertEqual(ends, 3000)
    XCTAssertEqual(bodyBytes, 30000)
    XCTAssertTrue(parser.isIdle)
  }
}
