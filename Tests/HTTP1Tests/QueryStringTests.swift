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
}
