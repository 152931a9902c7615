import Foundation
import XCTest

@testable import HTTP1

/// Percent-encoding of the canonical GET URL (`Content-Location`): RFC 3986 unreserved bytes
/// stay, every other byte becomes `%` and two upper-case hex digits, and decoding gives the
/// bytes back.
final class QueryStringTests: XCTestCase {
  private func reference(_ bytes: [UInt8]) -> String {
    let unreserved = Set(
      Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8))
    return bytes.map {
      unreserved.contains($0)
        ? String(UnicodeScalar($0)) : String(format: "%%%02X", Int($0))
    }.joined()
  }

  func testEveryByteIsEncodedAsRFC3986Asks() {
    let all = (0...255).map { UInt8($0) }
    XCTAssertEqual(QueryString.encode(all), reference(all))
    XCTAssertEqual(try QueryString.decode(Substring(QueryString.encode(all))).get(), all)
  }

  func testThePrefixComesFirstAndIsNotEncoded() throws {
    let canonical = Array(#"{"style":"zoom","source":{"x":-1.5,"y":2e-7}} é"#.utf8)
    let url = QueryString.encode(canonical, after: "/v1/plans?request=")
    XCTAssertEqual(url, "/v1/plans?request=" + reference(canonical))
    XCTAssertEqual(QueryString.encode([], after: "/p?q="), "/p?q=")
    XCTAssertEqual(QueryString.encode([]), "")
    let query = try XCTUnwrap(url.split(separator: "?").last)
    XCTAssertEqual(try QueryString.value(of: "request", in: query)?.get(), canonical)
  }

  // Parameters are split on the byte "&": a combining mark right after it made one Character
  // of the two, and the previous parameter's value swallowed the next parameter.
  func testParametersSplitOnBytesNotCharacters() throws {
    let query: Substring = "format=svg&\u{301}x=1&moments=3"
    XCTAssertEqual(try QueryString.value(of: "format", in: query)?.get(), Array("svg".utf8))
    XCTAssertEqual(try QueryString.value(of: "moments", in: query)?.get(), Array("3".utf8))
    XCTAssertEqual(
      try QueryString.value(of: "\u{301}x", in: query)?.get(), Array("1".utf8))
  }

  func testParameterLookupDecodesKeysAndSkipsEmptyOnes() throws {
    let query: Substring = "&&for%6Dat=a+b&format&=x&bad%zz=1&request=%7B%7D&request="
    XCTAssertEqual(try QueryString.value(of: "format", in: query)?.get(), Array("a b".utf8))
    XCTAssertEqual(QueryString.occurrences(of: "format", in: query), 2, "with or without =")
    XCTAssertEqual(QueryString.occurrences(of: "request", in: query), 2)
    XCTAssertEqual(try QueryString.value(of: "request", in: query)?.get(), Array("{}".utf8))
    XCTAssertEqual(QueryString.occurrences(of: "bad", in: query), 0, "a malformed key is no name")
    XCTAssertEqual(QueryString.occurrences(of: "", in: query), 1, "the empty key of =x")
    XCTAssertNil(QueryString.value(of: "moments", in: query))
    guard case .failure(let e) = QueryString.value(of: "v", in: "v=ab%4") else {
      return XCTFail("a cut escape is malformed")
    }
    XCTAssertEqual(e.offset, 2)
  }
}
