import HTTP1
import XCTest

/// Property: how the network splits the bytes never changes what is parsed. Every request of the
/// corpus, split at every byte offset and fed one byte at a time, yields the same parts (adjacent
/// body parts merged) as when fed whole. This is what makes the parser safe against TCP
/// segmentation (RFC 9112 section 2.1: a message is a byte stream, not a sequence of reads).
final class SplitPropertyTests: XCTestCase {
  static let corpus: [String] = [
    "GET / HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET /v1/plans?request=%7B%7D HTTP/1.1\r\nHost: example.com:8080\r\nAccept: */*\r\nUser-Agent: curl/8\r\n\r\n",
    "HEAD /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
    "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET http://example.com/x HTTP/1.1\r\nHost: example.com\r\n\r\n",
    "GET / HTTP/1.0\r\n\r\n",
    "GET / HTTP/1.0\r\nConnection: keep-alive\r\nUser-Agent: old\r\n\r\n",
    "POST /v1/plans HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"style\":\"x\"}",
    "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
    "POST /x HTTP/1.0\r\nContent-Length: 3\r\n\r\nabc",
    "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1;other=\"q\"\r\nhello\r\na \r\n0123456789\r\n0;last\r\nX-Trailer: t\r\nX-Two: 2\r\n\r\n",
    "POST /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nbody",
    "\r\n\r\nGET /after-empty-lines HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n",
    "POST /1 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhiPOST /2 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nyo\r\n0\r\n\r\n",
    "POST /1 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nX-Spaces: \t padded value \t \r\nX-Empty:\r\n\r\n",
    "PUT /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\nContent-Length: 5\r\n\r\n12345",
  ]

  /// Requests that must fail the same way however they are split.
  static let badCorpus: [(String, Int)] = [
    ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX", 400),
    ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
    ("GET / HTTP/1.1\nHost: a\r\n\r\n", 400),
  ]

  func testCorpusSize() {
    XCTAssertGreaterThanOrEqual(Self.corpus.count, 15)
  }

  func testEverySplitParsesTheSame() throws {
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      let whole = try parse(chunks: [bytes])
      XCTAssertFalse(whole.isEmpty, text)
      XCTAssertEqual(whole.last, .end, text)
      for offset in 0...bytes.count {
        let split = try parse(chunks: [Array(bytes[..<offset]), Array(bytes[offset...])])
        XCTAssertEqual(split, whole, "split at \(offset) of \(text.debugDescription)")
      }
      let byteByByte = try parse(chunks: bytes.map { [$0] })
      XCTAssertEqual(byteByByte, whole, "byte by byte: \(text.debugDescription)")
    }
  }

  func testEveryThreeWaySplitOfAPipelinedPair() throws {
    let bytes = Array(Self.corpus[15].utf8)
    let whole = try parse(chunks: [bytes])
    for a in 0...bytes.count {
      for b in a...bytes.count where (b - a) % 7 == 0 || b == bytes.count {
        let split = try parse(chunks: [Array(bytes[..<a]), Array(bytes[a..<b]), Array(bytes[b...])])
        XCTAssertEqual(split, whole)
      }
    }
  }

  func testAllCorpusConcatenatedAsOnePipeline() throws {
    // HTTP/1.0 requests without keep-alive would end a real connection; the parser does not care.
    let all = Self.corpus.joined()
    let bytes = Array(all.utf8)
    let whole = try parse(chunks: [bytes])
    XCTAssertEqual(whole.filter { $0 == .end }.count, Self.corpus.count + 3)
    XCTAssertEqual(try parse(chunks: bytes.map { [$0] }), whole)
  }

  func testErrorsDoNotDependOnSplits() {
    for (text, status) in Self.badCorpus {
      let bytes = Array(text.utf8)
      for offset in 0...bytes.count {
        XCTAssertThrowsError(try parse(chunks: [Array(bytes[..<offset]), Array(bytes[offset...])]))
        {
          XCTAssertEqual(($0 as? HTTPParseError)?.status, status, text.debugDescription)
        }
      }
      XCTAssertThrowsError(try parse(chunks: bytes.map { [$0] })) {
        XCTAssertEqual(($0 as? HTTPParseError)?.status, status, text.debugDescription)
      }
    }
  }
}
