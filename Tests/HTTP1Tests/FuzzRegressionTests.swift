import HTTP1
import XCTest

/// Inputs found by the libFuzzer target `Fuzz/Sources/fuzz-http1` (scripts/stages/fuzz.sh), kept as
/// regression tests: each failed the "same result however the bytes are split" invariant.
final class HTTP1FuzzRegressionTests: XCTestCase {
  /// The fuzz target's tight limits, under which the finding was made.
  let tight = HTTPParserLimits(
    maximumHeadBytes: 160, maximumHeaderCount: 4, maximumTargetBytes: 32, maximumBodyBytes: 24)

  /// Asserts `bytes` fail with `status` fed whole, split at every offset and byte by byte.
  func assertSameErrorEverySplit(
    _ bytes: [UInt8], status: Int, limits: HTTPParserLimits, line: UInt = #line
  ) {
    var feeds: [[[UInt8]]] = [[bytes], bytes.map { [$0] }]
    for offset in 0...bytes.count {
      feeds.append([Array(bytes[..<offset]), Array(bytes[offset...])])
    }
    for chunks in feeds {
      XCTAssertThrowsError(try parse(chunks: chunks, limits: limits), line: line) {
        XCTAssertEqual(
          ($0 as? HTTPParseError)?.status, status, "\(chunks.map(\.count))", line: line)
      }
    }
  }

  /// crash-b7ae3c02: a target over the limit and an unsupported version. Fed whole it was a 505
  /// (the version wins over 414, docs/API.md); split inside the target it was a 414, because the
  /// parser refused an unfinished request line at once when its target was already too long.
  func testUnsupportedVersionWinsOverLongTargetEverySplit() {
    let input = "\r\n\r\nGET /iiiiiiiiiiiiiiiiiiiiiiafter-empty-lines HTTP/0.1\r\nHost: a\r\n\r\n"
    assertSameErrorEverySplit(Array(input.utf8), status: 505, limits: tight)
  }

  /// The same cause with a malformed field line after a long target: 400 however it is split.
  func testMalformedWinsOverLongTargetEverySplit() {
    let input =
      "GET /" + String(repeating: "a", count: 40) + " HTTP/1.1\r\nBad Name: x\r\nHost: a\r\n\r\n"
    assertSameErrorEverySplit(Array(input.utf8), status: 400, limits: tight)
  }

  /// crash-8b902bc4: an unsupported version on a complete request line, then a bare LF in a
  /// field line. Fed whole it was a 400 (the bare LF is found while scanning for the head's
  /// end); byte by byte it was a 505, because the complete request line was judged at once.
  /// Only a 400 is decided from the request line alone now.
  func testBareLFLaterInTheHeadWinsOverAnEarlyVersionVerdictEverySplit() {
    let input =
      "GET / HTTP/1.2\r\nHost: a\rS\ncXe-aps: \t p$added value \t \r\nX-Empty:\r\n\r\n\u{F8}"
    assertSameErrorEverySplit(Array(input.utf8), status: 400, limits: tight)
    // A request line without a version is a 400 at its line end, however split.
    assertSameErrorEverySplit(Array("GET /healthz\r\nHost: a\r\n".utf8), status: 400, limits: tight)
  }

  /// A request line that cannot end within the head limit is still a 414 (not a 431), split or not.
  func testUnfinishedLongTargetIs414AtTheHeadLimit() {
    let input = "GET /" + String(repeating: "b", count: 200)
    assertSameErrorEverySplit(Array(input.utf8), status: 414, limits: tight)
  }
}

extension HTTP1FuzzRegressionTests {
  /// crash-5da742bd: a method with a non-token byte, a complete request line and an unfinished
  /// head. Split before the first line end it was a 400 at once; fed whole the parser waited for
  /// the rest of the head, because the garbage check only ran on an unfinished request line.
  func testBadMethodIsRefusedAtOnceEverySplit() {
    let input: [UInt8] =
      [0x4F, 0x50, 0xFF, 0x05] + Array("UIONS *".utf8) + [0, 0]
      + Array("TTP/1.1\r\nHost: a\r\n\r".utf8)
      + [0x14]
    assertSameErrorEverySplit(input, status: 400, limits: HTTPParserLimits())
    assertSameErrorEverySplit(input, status: 400, limits: tight)
  }
}

extension HTTP1FuzzRegressionTests {
  /// crash-632fb26f: a 162-byte method of token bytes, then a non-token byte just past the
  /// 160-byte head limit. Split so the limit was reached first, it was a 431; fed whole, the
  /// garbage check looked past the limit and answered 400. Only bytes within the limit count.
  func testBytesPastTheHeadLimitDoNotChangeTheAnswer() {
    let input = "GE" + String(repeating: "&", count: 160) + "(" + String(repeating: "&", count: 20)
    assertSameErrorEverySplit(Array(input.utf8), status: 431, limits: tight)
  }
}

extension HTTP1FuzzRegressionTests {
  /// crash-2a008841 (after main's merge): a trailer line without a line end until a bare LF past
  /// the 160-byte trailer limit. Split before the LF it was a 431; fed whole, the scan found the
  /// bare LF beyond the limit and answered 400. The scan now stops at the limit.
  func testTrailerScanStopsAtTheTrailerLimit() {
    let input =
      "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-Trailer: t"
      + String(repeating: "v", count: 200) + "\nX-Two: 2\r\n\r\n"
    assertSameErrorEverySplit(Array(input.utf8), status: 431, limits: tight)
  }
}
