import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// Responses larger than the socket buffer: partial writes continue through the write source,
/// and a client that stops reading is disconnected after the write time-out.
final class ServerWriteTests: ServerTestCase {
  static let big: @Sendable (HTTPRequest) -> HTTPResponse = { request in
    let size = Int(request.head.query ?? "") ?? 0
    var body = [UInt8](repeating: 0, count: size)
    for i in 0..<size { body[i] = UInt8(truncatingIfNeeded: i &* 31) }
    return HTTPResponse(
      status: 200, headers: ["Content-Type": "application/octet-stream"], body: body)
  }

  func testLargePipelinedResponsesArriveWholeAndInOrder() throws {
    let (_, port) = try startServer(handler: Self.big)
    let client = try RawClient(port: port)
    let sizes = [4 << 20, 10, 3 << 20]
    client.send(sizes.map { get("/big?\($0)") }.joined())
    for size in sizes {
      let response = try client.readResponse(timeout: 20)
      XCTAssertEqual(response.body.count, size)
      XCTAssertEqual(response.body.prefix(5), [0, 31, 62, 93, 124])
      XCTAssertEqual(response.body.last, UInt8(truncatingIfNeeded: (size - 1) &* 31))
    }
  }

}
