import HTTP1
import XCTest

/// RFC 9112 section 6 (message body length, request smuggling defences) and section 7 (chunked).
final class FramingTests: XCTestCase {
  // RFC 9112 section 6.3 rule 6: Content-Length gives the body length.
  func testContentLengthBody() throws {
    let parts = try parse("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET")
    XCTAssertEqual(heads(parts).first?.framing, .contentLength(5))
    XCTAssertEqual(parts.dropFirst(), [.body(Array("hello".utf8)), .end])
  }

  // RFC 9112 section 6.3 rule 7: no CL, no TE: no body.
  func testNoFramingMeansNoBody() throws {
    let parts = try parse("POST /x HTTP/1.1\r\nHost: a\r\n\r\n")
    XCTAssertEqual(parts.count, 2)
    XCTAssertEqual(parts.last, .end)
    XCTAssertEqual(try parse("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").count, 2)
  }

  // RFC 9112 section 6.3 rule 3 / section 6.1: TE and CL together is a smuggling attempt: 400.
  func testContentLengthAndTransferEncoding400() {
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
      status: 400)
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
      status: 400)
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: x\r\n\r\n",
      status: 400)
  }

  // RFC 9112 section 6.3 rule 5 / RFC 9110 section 8.6: differing or non-decimal CL: 400;
  // identical repeated values (separate lines or a list) are accepted.
  func testContentLengthValidation() throws {
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", status: 400)
    assertParseError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 6\r\n\r\n", status: 400)
    for bad in ["+5", "-1", "0x5", "5a", "", "5 5", "5,", ", 5", "1.0", "５"] {
      assertParseError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(bad)\r\n\r\n", status: 400)
    }
    XCTAssertEqual(
      heads(
        try parse(
          "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello")
      ).first?.framing,
      .contentLength(5))
    XCTAssertEqual(
      heads(try parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\nhello")).first?
        .framing,
      .contentLength(5))
    XCTAssertEqual(
      heads(try parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 005\r\n\r\nhello")).first?
        .framing,
      .contentLength(5))
  }

  // RFC 9112 section 6.3 rule 4: final coding not chunked: 400 (and close).
  func testFinalCodingNotChunked400() {
    assertParseError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", status: 400)
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", status: 400)
    assertParseError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding:\r\n\r\n", status: 400)
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunkedx\r\n\r\n", status: 400)
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n",
      status: 400)
  }

  // RFC 9112 section 6.1: chunked MUST NOT be applied more than once.
  func testChunkedTwice400() {
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", status: 400)
  }

  // RFC 9112 section 6.1 / RFC 9110 section 15.6.2: a coding not implemented before the final
  // chunked: 501. The list may span several field lines.
  func testUnknownCodingBeforeChunked501() {
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501)
    assertParseError(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n",
      status: 501)
  }

  // RFC 9112 section 6.1: Transfer-Encoding in an HTTP/1.0 message means faulty framing.
  func testTransferEncodingInHTTP10_400() {
    assertParseError("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400)
  }

  // RFC 9112 section 7.1, 7.1.1, 7.1.2: hex sizes (any case), extensions skipped, trailers
  // read and discarded; coding names are case-insensitive (RFC 9112 section 7).
  func testChunkedBodyWithExtensionsAndTrailers() throws {
    let text =
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n"
      + "5;name=value;flag\r\nhello\r\n"
      + "A ; q=\"quoted; string\"\r\n0123456789\r\n"
      + "0\r\nX-Trailer: 1\r\nX-Other: two\r\n\r\n"
      + "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
    let parts = try parse(text)
    XCTAssertEqual(parts.count, 5)
    XCTAssertEqual(heads(parts).first?.framing, .chunked)
    XCTAssertEqual(parts[1], .body(Array("hello0123456789".utf8)))
    XCTAssertEqual(parts[2], .end)
    XCTAssertEqual(heads(parts).count, 2)
    XCTAssertNil(heads(parts).first?.headers.first(name: "X-Trailer"), "trailers are discarded")
  }

  // RFC 9112 section 7.1: chunk sizes are hex with an overflow check.
  func testChunkSizeOverflowAndSyntax() {
    let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
    assertParseError(head + "FFFFFFFFFFFFFFFFF\r\n", status: 400)
    assertParseError(head + "8000000000000000\r\n", status: 400)
    assertParseError(head + "zz\r\n", status: 400)
    assertParseError(head + "\r\n", status: 400)
    assertParseError(head + "-1\r\n", status: 400)
    assertParseError(head + "5 x\r\nhello\r\n", status: 400)
    assertParseError(head + "5;a\u{0}b\r\nhello\r\n", status: 400)
    assertParseError(head + "5\nhello\r\n", status: 400)
    assertParseError(head + "1;" + String(repeating: "e", count: 5000), status: 400)
    // Leading zeros are fine.
    XCTAssertNoThrow(try parse(head + "00000000000000000000005\r\nhello\r\n0\r\n\r\n"))
  }

  // RFC 9112 section 7.1: chunk-data is followed by CRLF.
  func testCRLFAfterChunkDataEnforced() {
    let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
    assertParseError(head + "5\r\nhelloX\r\n0\r\n\r\n", status: 400)
    assertParseError(head + "5\r\nhello\rX0\r\n\r\n", status: 400)
    assertParseError(head + "5\r\nhello\n0\r\n\r\n", status: 400)
  }

  // RFC 9112 section 7.1.2: trailer lines must be valid field lines.
  func testInvalidTrailer400() {
    let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
    assertParseError(head + "0\r\nBad Trailer: x\r\n\r\n", status: 400)
    assertParseError(head + "0\r\n folded\r\n\r\n", status: 400)
  }

  // docs/HTTP.md: body over the limit is 413, but only once body bytes would pass it; the head is
  // emitted first so the application can answer 404/405 (docs/API.md precedence).
  func testBodyLimitContentLength413() throws {
    let limits = HTTPParserLimits(maximumBodyBytes: 10)
    var parser = HTTPRequestParser(limits: limits)
    parser.append(Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 20\r\n\r\n".utf8))
    guard case .head(let head)? = try parser.next() else { return XCTFail("no head") }
    XCTAssertEqual(head.framing, .contentLength(20))
    XCTAssertNil(try parser.next())
    parser.append(Array(repeating: UInt8(ascii: "x"), count: 10))
    XCTAssertEqual(try parser.next(), .body(Array(repeating: UInt8(ascii: "x"), count: 10)))
    XCTAssertNil(try parser.next())
    parser.append([1])
    XCTAssertThrowsError(try parser.next()) { XCTAssertEqual(($0 as? HTTPParseError)?.status, 413) }
    // The error is sticky: the stream cannot be trusted any more.
    XCTAssertThrowsError(try parser.next()) { XCTAssertEqual(($0 as? HTTPParseError)?.status, 413) }
  }

  func testBodyLimitChunked413() throws {
    let limits = HTTPParserLimits(maximumBodyBytes: 10)
    let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
    XCTAssertNoThrow(try parse(head + "5\r\nhello\r\n5\r\nhello\r\n0\r\n\r\n", limits: limits))
    assertParseError(head + "5\r\nhello\r\n6\r\nhello!\r\n0\r\n\r\n", status: 413, limits: limits)
    assertParseError(head + "B\r\n", status: 413, limits: limits)
  }

  // A Content-Length too big for Int is clamped (it is over any limit), not a syntax error.
  func testHugeContentLengthSaturates() throws {
    let parts = try parse(
      "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n")
    XCTAssertEqual(heads(parts).first?.framing, .contentLength(Int.max))
  }
}
