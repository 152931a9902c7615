import Foundation
import XCTest

@testable import PlannerService

final class OpenAPIDocumentTests: XCTestCase {
  /// The served document is embedded at build time; it must be the file at the project root
  /// (run scripts/gen/embed-openapi.sh after editing openapi.yaml).
  func testEmbeddedDocumentIsOpenapiYaml() throws {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { root = root.deletingLastPathComponent() }
    let file = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    XCTAssertEqual(OpenAPIDocument.text, file.hasSuffix("\n") ? file : file + "\n")
    XCTAssertTrue(file.hasPrefix("openapi: 3.1"))
    for path in [
      "/v1/plans:", "/v1/styles:", "/healthz:", "/readyz:", "/metrics:", "/openapi.yaml:", "/:",
    ] {
      XCTAssertTrue(file.contains("  " + path), path)
    }
  }
}
