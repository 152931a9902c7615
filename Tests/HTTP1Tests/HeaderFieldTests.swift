import HTTP1
import XCTest

/// RFC 9112 section 5 and RFC 9110 section 5 (field syntax), limits (431), Host.
final class HeaderFieldTests: XCTestCase {
  // RFC 9112 section 5.1: field-name = token.
  func testNameMustBeToken() {
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nBad(Name): x\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\n: x\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", status: 400)
  }

  // RFC 9112 section 5.1: no whitespace between field name and colon (MUST reject with 400).
  func testWhitespaceBeforeColon() {
    assertParseError("GET / HTTP/1.1\r\nHost : a\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A\t: b\r\n\r\n", status: 400)
  }

  // RFC 9112 section 5.2: obs-fold in a request is refused with 400.
  func testObsFoldRejected() {
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\tc\r\n\r\n", status: 400)
  }

  // RFC 9112 section 2.2: a bare CR is invalid outside content.
  func testBareCRRejected() {
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\rX\r\nHost: a\r\n\r\n", status: 400)
  }

  // RFC 9110 section 5.5: NUL and other controls are invalid in field values.
  func testNULAndControlsRejected() {
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{0}c\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{1}c\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{7F}\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nX\u{0}A: b\r\n\r\n", status: 400)
  }

  // RFC 9112 section 5.1: OWS around the value is not part of it; inner spaces stay; obs-text
  // is allowed (RFC 9110 section 5.5).
  func testOWSTrimmedAndValuesKept() throws {
    let head = try singleHead(
      "GET / HTTP/1.1\r\nHost:a\r\nX-A: \t b c \t \r\nX-Empty:\r\nx-a: second\r\n\r\n")
    XCTAssertEqual(head.headers.first(name: "x-a"), "b c")
    XCTAssertEqual(head.headers["X-A"], ["b c", "second"])
    XCTAssertEqual(head.headers.first(name: "x-empty"), "")
    XCTAssertEqual(head.headers.first(name: "HOST"), "a")
    XCTAssertTrue(head.headers.contains("x-EMPTY"))
    XCTAssertEqual(Array(head.headers).map(\.name), ["Host", "X-A", "X-Empty", "x-a"])
    var bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Latin: caf".utf8)
    bytes += [0xE9]
    bytes += Array("\r\n\r\n".utf8)
    XCTAssertNoThrow(try parse(chunks: [bytes]))
  }

  // docs/HTTP.md limits, RFC 6585 section 5: a head over the size limit is 431.
  func testHeadTooLarge431() {
    let big =
      "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "x", count: 17 * 1024) + "\r\n\r\n"
    assertParseError(big, status: 431)
    // Refused before the end of the head arrives: the parser never buffers past the limit.
    assertParseError(
      "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "x", count: 17 * 1024), status: 431)
    let limits = HTTPParserLimits(maximumHeadBytes: 64)
    let exact =
      "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "y", count: 64 - 32) + "\r\n\r\n"
    XCTAssertEqual(exact.utf8.count, 64)
    XCTAssertNoThrow(try parse(exact, limits: limits))
    assertParseError(
      "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "y", count: 33) + "\r\n\r\n",
      status: 431, limits: limits)
  }

  // docs/HTTP.md limits: more than 100 header fields is 431.
  func testTooManyHeaders431() {
    var text = "GET / HTTP/1.1\r\nHost: a\r\n"
    for i in 0..<99 { text += "X-\(i): v\r\n" }
    XCTAssertNoThrow(try parse(text + "\r\n"))
    text += "X-100: v\r\n"
    assertParseError(text + "\r\n", status: 431)
  }

  // RFC 9112 section 3.2: Host exactly once in HTTP/1.1; never more than once; valid value.
  func testHostRules() throws {
    assertParseError("GET / HTTP/1.1\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", status: 400)
    XCTAssertNoThrow(try parse("GET / HTTP/1.0\r\n\r\n"))
    XCTAssertNoThrow(try parse("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n"))
    XCTAssertNoThrow(try parse("GET / HTTP/1.1\r\nHost:\r\n\r\n"))
  }

  func testHeadersTypeCaseInsensitiveLookup() {
    var headers: HTTPHeaders = ["Content-Type": "a"]
    headers.add(name: "content-type", value: "b")
    headers.add(name: "X-One", value: "1")
    XCTAssertEqual(headers["CONTENT-TYPE"], ["a", "b"])
    XCTAssertEqual(headers.first(name: "x-one"), "1")
    headers.replaceOrAdd(name: "Content-type", value: "c")
    XCTAssertEqual(headers["content-type"], ["c"])
    headers.remove(name: "X-ONE")
    XCTAssertFalse(headers.contains("x-one"))
    XCTAssertEqual(headers.count, 1)
  }
}
