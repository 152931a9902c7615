import HTTP1
import XCTest

/// RFC 9112 section 3 (request line) and section 2 (message format).
final class RequestLineTests: XCTestCase {
  // RFC 9112 section 3.2.1: origin-form.
  func testOriginForm() throws {
    let head = try singleHead("GET /v1/plans?request=x HTTP/1.1\r\nHost: a\r\n\r\n")
    XCTAssertEqual(head.method, "GET")
    XCTAssertEqual(head.target, "/v1/plans?request=x")
    XCTAssertEqual(head.path, "/v1/plans")
    XCTAssertEqual(head.query, "request=x")
    XCTAssertEqual(head.version, .http11)
    XCTAssertEqual(head.framing, .none)
  }

  // RFC 9112 section 3.2.2: absolute-form must be accepted by servers.
  func testAbsoluteFormAccepted() throws {
    let head = try singleHead(
      "GET http://example.com/healthz?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
    XCTAssertEqual(head.target, "http://example.com/healthz?x=1")
    XCTAssertEqual(head.path, "/healthz")
  }

  // An absolute-form target names an http or https resource; other schemes are not ours.
  func testAbsoluteFormWithAnotherSchemeIs400() throws {
    assertParseError(
      "GET ftp://example.com/healthz HTTP/1.1\r\nHost: example.com\r\n\r\n", status: 400)
    assertParseError("GET mailto:x@example.com HTTP/1.1\r\nHost: example.com\r\n\r\n", status: 400)
    XCTAssertEqual(
      try singleHead("GET HTTPS://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n").path, "/")
  }

  // A request line without a version is refused as soon as its line ends, not after the head
  // time-out: the parser does not wait for the rest of a head that can never be valid.
  func testALineWithoutAVersionIsRefusedAtItsLineEnd() {
    var parser = HTTPRequestParser()
    parser.append(Array("GET /healthz\r\n".utf8))
    XCTAssertThrowsError(try parser.next()) { error in
      XCTAssertEqual((error as? HTTPParseError)?.status, 400)
      XCTAssertTrue("\(error)".contains("missing HTTP version"), "\(error)")
    }
    // An unsupported version waits for the whole head: a bare LF later in it would be a 400,
    // and the answer must not depend on how the bytes were split.
    var unsupported = HTTPRequestParser()
    unsupported.append(Array("GET / HTTP/2.0\r\nHost".utf8))
    XCTAssertNil(try unsupported.next())
    // A good line waits for the rest of the head.
    var good = HTTPRequestParser()
    good.append(Array("GET / HTTP/1.1\r\nHo".utf8))
    XCTAssertNil(try good.next())
  }

  // Brackets in Host only around an IP literal at the start.
  func testHostBracketsMustEncloseALiteral() throws {
    XCTAssertEqual(try singleHead("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n").path, "/")
    XCTAssertEqual(try singleHead("GET / HTTP/1.1\r\nHost: [::1]\r\n\r\n").path, "/")
    for bad in ["[::1", "::1]", "a[::1]", "[::1]x", "[]", "[[::1]]", "[::1]:80]"] {
      assertParseError("GET / HTTP/1.1\r\nHost: \(bad)\r\n\r\n", status: 400)
    }
  }

  // RFC 9112 section 3.2.4: asterisk-form only for OPTIONS.
  func testAsteriskFormOnlyForOptions() throws {
    XCTAssertEqual(try singleHead("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n").target, "*")
    assertParseError("GET * HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
  }

  // RFC 9112 section 3.2: a target in no known form is a bad request.
  func testUnknownTargetForm() {
    assertParseError("GET foo HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET :x HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
  }

  // RFC 9112 section 3.2.3: authority-form is for CONNECT (which the application refuses).
  func testAuthorityFormOnlyWithConnect() throws {
    XCTAssertEqual(
      try singleHead("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n").target,
      "example.com:443")
  }

  // RFC 9112 section 3.1 / RFC 9110 section 9.1: method = token; single SP separators.
  func testMethodMustBeTokenAndSeparatorsSingleSpaces() {
    assertParseError("GE(T / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError(" GET / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET /\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("\r\n\r\n\u{1}\r\n\r\n", status: 400)
  }

  // RFC 9112 section 3.2: the target may not contain controls, spaces or raw non-ASCII bytes.
  func testInvalidTargetCharacters() {
    assertParseError(
      bytes: Array("GET /a".utf8) + [0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: a\r\n\r\n".utf8),
      status: 400)
    assertParseError(
      bytes: Array("GET /a".utf8) + [0x7F] + Array(" HTTP/1.1\r\nHost: a\r\n\r\n".utf8), status: 400
    )
  }

  // RFC 9112 section 2.3 and RFC 9110 section 15.6.6: only HTTP/1.1 and HTTP/1.0, else 505;
  // something that is not an HTTP-version at all is a malformed line (400).
  func testVersions() throws {
    XCTAssertEqual(try singleHead("GET / HTTP/1.0\r\n\r\n").version, .http10)
    assertParseError("GET / HTTP/2.0\r\nHost: a\r\n\r\n", status: 505)
    assertParseError("GET / HTTP/1.2\r\nHost: a\r\n\r\n", status: 505)
    assertParseError("GET / HTTP/0.9\r\nHost: a\r\n\r\n", status: 505)
    assertParseError("GET / HTTP/3\r\nHost: a\r\n\r\n", status: 505)
    assertParseError("GET / http/1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1x\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/ 1.1\r\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET / FOO\r\nHost: a\r\n\r\n", status: 400)
  }

  // RFC 9110 section 15.5.15 (414), docs/HTTP.md limits: target longer than the limit.
  func testTargetTooLong414() {
    let limits = HTTPParserLimits(maximumTargetBytes: 100)
    let long = "/" + String(repeating: "a", count: 100)
    assertParseError("GET \(long) HTTP/1.1\r\nHost: a\r\n\r\n", status: 414, limits: limits)
    XCTAssertNoThrow(
      try parse("GET \(long.dropLast()) HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits))
    // Incomplete request line already over the limit: the version may still be unsupported
    // (505 wins), so the parser waits; once the head limit is reached it is a 414, not a 431.
    XCTAssertEqual(try parse("GET " + long + "aaaaaaaa", limits: limits), [])
    assertParseError(
      "GET " + long + String(repeating: "a", count: 16 * 1024), status: 414, limits: limits)
    // Default limit: a 9 KiB target inside a 16 KiB head.
    assertParseError(
      "GET /" + String(repeating: "b", count: 9 * 1024) + " HTTP/1.1\r\nHost: a\r\n\r\n",
      status: 414)
    // A 20 KiB target is still a 414, though the head limit is passed too.
    assertParseError("GET /" + String(repeating: "b", count: 20 * 1024), status: 414)
  }

  // docs/API.md precedence: malformed (400) wins over too long (414).
  func testMalformedWinsOverTooLong() {
    let limits = HTTPParserLimits(maximumTargetBytes: 10)
    assertParseError(
      "GET /aaaaaaaaaaaaaaaaaaaa HTTP/1.1\r\nBad Name: x\r\nHost: a\r\n\r\n", status: 400,
      limits: limits)
  }

  // RFC 9112 section 2.2: empty lines before the request-line are ignored.
  func testLeadingEmptyLinesIgnored() throws {
    let parts = try parse("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
    XCTAssertEqual(heads(parts).count, 1)
    var parser = HTTPRequestParser()
    parser.append(Array("\r\n\r\n".utf8))
    XCTAssertTrue(parser.isIdle, "empty lines alone do not start a head")
    XCTAssertNil(try parser.next())
    parser.append(Array("\r".utf8))
    XCTAssertFalse(parser.isIdle)
  }

  // RFC 9112 section 2.2: this server requires CRLF; a bare LF is refused, not guessed at.
  func testBareLFRejected() {
    assertParseError("GET / HTTP/1.1\nHost: a\r\n\r\n", status: 400)
    assertParseError("GET / HTTP/1.1\r\nHost: a\n\n", status: 400)
  }
}

/// `path` and `query` helpers used by routers.
final class TargetPartsTests: XCTestCase {
  func testPathAndQuery() {
    func head(_ target: String) -> HTTPRequestHead {
      HTTPRequestHead(method: "GET", target: target)
    }
    XCTAssertEqual(head("/a/b?x=1&y").path, "/a/b")
    XCTAssertEqual(head("/a/b?x=1&y").query, "x=1&y")
    XCTAssertEqual(head("/plain").path, "/plain")
    XCTAssertNil(head("/plain").query)
    XCTAssertEqual(head("/?").query, "")
    XCTAssertEqual(head("http://h:1/p/q?z").path, "/p/q")
    XCTAssertEqual(head("http://h:1").path, "/")
    XCTAssertEqual(head("http://h?x").path, "/")
    XCTAssertEqual(head("*").path, "*")
  }
}
