import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// docs/HTTP.md "Time-outs" end to end: the loop's sweep delivers a time-out to its connection
/// and the 408 leaves on the socket. The rules of every time-out are ConnectionTimeOutTests',
/// on the fake clock.
final class ServerTimeoutTests: ServerTestCase {
  // docs/HTTP.md: time between body bytes over the limit: 408 and close.
  func testBodyTimeout408() throws {
    let (_, port) = try startServer(configure: { $0.rules.bodyTimeout = 0.5 })
    let client = try RawClient(port: port)
    client.send("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
    let response = try client.readResponse(timeout: 3)
    XCTAssertEqual(response.status, 408)
    XCTAssertTrue(response.closes)
    XCTAssertTrue(client.waitForClose(timeout: 3))
  }

}
