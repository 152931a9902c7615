import HTTP1
import XCTest

/// RFC 9110 section 6.4.1, 9.3.2, 8.6 and RFC 9112 section 4, 9.6 for the response side.
final class ResponseWriterTests: XCTestCase {
  let date = "Sun, 06 Nov 1994 08:49:37 GMT"

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testStatusLineHeadersDateAndLength() {
    let head = HTTPResponseHead(status: 200, headers: ["Content-Type": "application/json"])
    let out = HTTPResponseWriter.serialize(
      head: head, body: Array("{\"status\":\"ok\"}".utf8), requestMethod: "GET", keepAlive: true,
      date: date)
    XCTAssertEqual(
      text(out),
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: \(date)\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}"
    )
  }

  // Every answer says nosniff, once, whether or not the handler already did.
  func testEveryAnswerSaysNoSniffOnce() {
    for headers: HTTPHeaders in [[:], ["X-Content-Type-Options": "nosniff"]] {
      let out = text(
        HTTPResponseWriter.serialize(
          head: HTTPResponseHead(status: 400, headers: headers), body: [], requestMethod: "GET",
          keepAlive: false, date: date))
      XCTAssertEqual(
        out.components(separatedBy: "X-Content-Type-Options: nosniff\r\n").count, 2, out)
    }
  }

  // RFC 9112 section 9.6: the server that will close says "Connection: close".
  func testConnectionClose() {
    let out = text(
      HTTPResponseWriter.serialize(
        head: HTTPResponseHead(status: 404), body: [], requestMethod: "GET", keepAlive: false,
        date: date))
    XCTAssertTrue(out.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    XCTAssertTrue(out.contains("\r\nContent-Length: 0\r\n"))
    XCTAssertTrue(out.hasSuffix("Connection: close\r\n\r\n"))
  }

  // RFC 9112 section 9.3: an HTTP/1.0 client that asked for persistence is told it got it.
  func testHTTP10KeepAlive() {
    let out = text(
      HTTPResponseWriter.serialize(
        head: HTTPResponseHead(status: 200), body: [], requestMethod: "GET", keepAlive: true,
        date: date,
        requestVersion: .http10))
    XCTAssertTrue(out.contains("Connection: keep-alive\r\n"))
  }

  // RFC 9110 section 9.3.2: HEAD has no body but the same Content-Length as GET.
  func testHeadKeepsLengthWithoutBody() {
    let out = text(
      HTTPResponseWriter.serialize(
        head: HTTPResponseHead(status: 200), body: Array("hello".utf8), requestMethod: "HEAD",
        keepAlive: true, date: date))
    XCTAssertTrue(out.hasSuffix("Content-Length: 5\r\n\r\n"))
    let explicit = text(
      HTTPResponseWriter.serialize(
        head: HTTPResponseHead(status: 200, headers: ["Content-Length": "42"]), body: [],
        requestMethod: "HEAD",
        keepAlive: true, date: date))
    XCTAssertTrue(explicit.hasSuffix("Content-Length: 42\r\n\r\n"))
  }

  // RFC 9110 section 6.4.1 / 8.6: 1xx, 204 and 304 have no content and 1xx/204 no length.
  func testNoBodyStatuses() {
    for status in [100, 204, 304] {
      let out = text(
        HTTPResponseWriter.serialize(
          head: HTTPResponseHead(status: status), body: Array("ignored".utf8), requestMethod: "GET",
          keepAlive: true,
          date: date))
      XCTAssertFalse(out.contains("Content-Length"), "\(status)")
      XCTAssertTrue(out.hasSuffix("\r\n\r\n"), "\(status)")
      XCTAssertFalse(out.contains("ignored"))
    }
    XCTAssertEqual(text(HTTPResponseWriter.continueResponse), "HTTP/1.1 100 Continue\r\n\r\n")
  }

  // The writer owns framing: handler values for Content-Length, Connection and
  // Transfer-Encoding are replaced, and values cannot inject header lines.
  func testFramingHeadersOwnedAndValuesSanitised() {
    let head = HTTPResponseHead(
      status: 200,
      headers: [
        "Content-Length": "999", "Transfer-Encoding": "chunked", "Connection": "keep-alive",
        "X-Evil": "a\r\nSet-Cookie: x", "Bad Name": "v",
      ])
    let out = text(
      HTTPResponseWriter.serialize(
        head: head, body: Array("ab".utf8), requestMethod: "GET", keepAlive: true, date: date))
    XCTAssertFalse(out.contains("999"))
    XCTAssertFalse(out.contains("Transfer-Encoding"))
    XCTAssertFalse(out.contains("Connection"))
    XCTAssertFalse(out.contains("Bad Name"))
    XCTAssertTrue(out.contains("X-Evil: a  Set-Cookie: x\r\n"))
    XCTAssertTrue(out.contains("Content-Length: 2\r\n"))
  }

  func testHeadAppendsToAnExistingBufferAndSaysWhetherTheBodyFollows() {
    var out = Array("prefix".utf8)
    let follows = HTTPResponseWriter.serializeHead(
      into: &out, head: HTTPResponseHead(status: 503, headers: ["Retry-After": "1"]),
      body: Array("busy".utf8), requestMethod: "GET", keepAlive: true, date: date)
    XCTAssertTrue(follows)
    XCTAssertTrue(
      text(out).hasPrefix("prefixHTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\n"))
    XCTAssertTrue(text(out).hasSuffix("Content-Length: 4\r\n\r\n"), "the head only")
    XCTAssertEqual(HTTPResponseHead(status: 1234).reason, "Server Error")
    // No body on the wire for HEAD and 304, though the head describes it.
    var head = [UInt8]()
    XCTAssertFalse(
      HTTPResponseWriter.serializeHead(
        into: &head, head: HTTPResponseHead(status: 200), body: Array("body".utf8),
        requestMethod: "HEAD", keepAlive: true, date: date))
    XCTAssertFalse(
      HTTPResponseWriter.serializeHead(
        into: &head, head: HTTPResponseHead(status: 304), body: [], requestMethod: "GET",
        keepAlive: true, date: date))
  }
}
