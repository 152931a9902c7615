import Foundation
import HTTP1
import XCTest

@testable import PlannerService

/// `GET /player.js`: the embedded player module, revalidated like the preview page.
final class PlayerModuleTests: XCTestCase {
  static var moduleFile: String {
    get throws {
      var root = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { root = root.deletingLastPathComponent() }
      return try String(contentsOf: root.appendingPathComponent("web/player.js"), encoding: .utf8)
    }
  }

  /// The served module is web/player.js (run scripts/gen/embed-player.sh after editing it).
  func testEmbeddedModuleIsWebPlayerJS() throws {
    let file = try Self.moduleFile
    XCTAssertEqual(PlayerScript.source, file.hasSuffix("\n") ? file : file + "\n")
    // An ES module with the entry points docs/PLAYER.md names.
    for name in [
      "export function play", "export function heroRequest", "export async function request",
    ] {
      XCTAssertTrue(file.contains(name), name)
    }
  }

  func testServedAsJavaScriptWithATagAndRevalidation() throws {
    let app = PlannerApp()
    let r = app.handle("GET", "/player.js")
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(r.headers.first(name: "Content-Type"), "text/javascript; charset=utf-8")
    XCTAssertEqual(r.headers.first(name: "Cache-Control"), "no-cache")
    XCTAssertEqual(r.body, Array(PlayerScript.source.utf8))
    let tag = try XCTUnwrap(r.headers.first(name: "ETag"))
    let again = app.handle("GET", "/player.js", [("If-None-Match", tag)])
    XCTAssertEqual(again.status, 304)
    XCTAssertTrue(again.body.isEmpty)
    XCTAssertEqual(app.handle("HEAD", "/player.js").status, 200)
    XCTAssertEqual(app.handle("POST", "/player.js", body: "{}").status, 405)
  }
}
