import Foundation
import TestSupport
import XCTest

/// The preview page as the real binary serves it over a socket.
final class PreviewServeTests: XCTestCase {
  func testServesThePageBuiltFromWebPreviewHTML() throws {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { root = root.deletingLastPathComponent() }
    let file = try Data(contentsOf: root.appendingPathComponent("web/preview.html"))

    let server = try ServerProcess(arguments: ["--access-log", "off"])
    let client = try RawClient(port: server.port)
    client.send("GET / HTTP/1.1\r\nHost: t\r\nAccept: text/html,*/*;q=0.8\r\n\r\n")
    let page = try client.readResponse()
    XCTAssertEqual(page.status, 200)
    XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
    XCTAssertEqual(page.header("Content-Length"), String(page.body.count))
    XCTAssertEqual(page.header("Cache-Control"), "no-cache")
    XCTAssertTrue(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self';") ?? false)
    // The binary embeds the page as it is in the repository (scripts/gen/embed-preview.sh).
    XCTAssertEqual(Data(page.body), file)
    let etag = try XCTUnwrap(page.header("ETag"))

    // HEAD: the same headers, no body; the connection stays usable.
    client.send("HEAD / HTTP/1.1\r\nHost: t\r\n\r\n")
    let head = try client.readResponse(head: true)
    XCTAssertEqual(head.status, 200)
    XCTAssertEqual(head.header("ETag"), etag)
    XCTAssertEqual(head.header("Content-Length"), String(page.body.count))
    XCTAssertTrue(head.body.isEmpty)

    client.send("GET / HTTP/1.1\r\nHost: t\r\nIf-None-Match: \(etag)\r\n\r\n")
    let notModified = try client.readResponse(head: true)
    XCTAssertEqual(notModified.status, 304)
    XCTAssertEqual(notModified.header("ETag"), etag)
  }
}
