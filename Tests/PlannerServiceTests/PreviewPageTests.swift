import Foundation
import HTTP1
import XCTest

@testable import PlannerService

/// `GET /`: the embedded preview page and the headers that keep the browser from loading anything
/// from elsewhere.
final class PreviewPageTests: XCTestCase {
  let app = PlannerApp()

  func send(_ method: String, _ target: String, _ headers: [(String, String)] = []) -> HTTPResponse
  {
    app.handle(method, target, headers)
  }

  static var pageFile: String {
    get throws {
      var root = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { root = root.deletingLastPathComponent() }
      return try String(
        contentsOf: root.appendingPathComponent("web/preview.html"), encoding: .utf8)
    }
  }

  /// The served page is embedded at build time; it must be web/preview.html (run
  /// scripts/gen/embed-preview.sh after editing the HTML).
  func testEmbeddedPageIsWebPreviewHTML() throws {
    let file = try Self.pageFile
    XCTAssertEqual(PreviewPage.html, file.hasSuffix("\n") ? file : file + "\n")
    XCTAssertTrue(file.hasPrefix("<!doctype html>"))
  }

  /// No outside URL anywhere in the page: no scheme-qualified or protocol-relative reference.
  func testPageNamesNoOutsideURL() throws {
    let page = PreviewPage.html.lowercased()
    for needle in ["http:", "https:", "src=\"//", "href=\"//", "url(", "@import", "ws:", "wss:"] {
      XCTAssertFalse(page.contains(needle), needle)
    }
    // The API it calls are this origin's paths.
    XCTAssertTrue(page.contains("\"/v1/plans?format=waapi\""))
    XCTAssertTrue(page.contains("\"/v1/interactions?format=waapi\""))
  }

  func testGetServesThePageWithItsHeaders() throws {
    let r = send("GET", "/", [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")])
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(r.body, Array(PreviewPage.html.utf8))
    XCTAssertEqual(r.headers.first(name: "Content-Type"), "text/html; charset=utf-8")
    XCTAssertEqual(r.headers.first(name: "Cache-Control"), "no-cache")
    XCTAssertEqual(r.headers.first(name: "ETag"), ETag.of(r.body))
    XCTAssertEqual(
      r.headers.first(name: "Content-Security-Policy"),
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
        + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'")
    XCTAssertEqual(r.headers.first(name: "Vary"), "Accept, Accept-Encoding")
  }

  func testHeadAndConditionalRequests() throws {
    let get = send("GET", "/")
    let etag = try XCTUnwrap(get.headers.first(name: "ETag"))
    // The application answers HEAD like GET; the connection leaves the body out.
    let head = send("HEAD", "/")
    XCTAssertEqual(head.status, 200)
    XCTAssertEqual(head.headers.first(name: "ETag"), etag)
    XCTAssertEqual(head.headers.first(name: "Content-Type"), "text/html; charset=utf-8")
    for method in ["GET", "HEAD"] {
      let r = send(method, "/", [("If-None-Match", "\"0000000000000000\", W/\(etag)")])
      XCTAssertEqual(r.status, 304, method)
      XCTAssertTrue(r.body.isEmpty)
      XCTAssertEqual(r.headers.first(name: "ETag"), etag)
      XCTAssertEqual(r.headers.first(name: "Cache-Control"), "no-cache")
    }
    XCTAssertEqual(send("GET", "/", [("If-None-Match", "\"0000000000000000\"")]).status, 200)
  }

  func testRefusals() throws {
    let post = send("POST", "/")
    XCTAssertEqual(post.status, 405)
    XCTAssertEqual(post.headers.first(name: "Allow"), "GET, HEAD, OPTIONS")
    XCTAssertEqual(send("GET", "/", [("Accept", "application/json")]).status, 406)
    XCTAssertEqual(send("GET", "/index.html").status, 404)
    // The inline path (the event loop) answers the page too: it needs no planning.
    let inline = app.immediateResponse(
      to:
        HTTPRequest(
          head: HTTPRequestHead(method: "GET", target: "/", headers: HTTPHeaders()), body: []))
    XCTAssertEqual(inline?.status, 200)
  }
}
