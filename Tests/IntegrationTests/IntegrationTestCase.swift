import Foundation
import PlannerClient
import TestSupport
import XCTest

/// One real server (the built binary on an ephemeral loopback port) shared by a test class, and
/// a fresh libcurl client per test.
class IntegrationTestCase: XCTestCase {
  nonisolated(unsafe) static var server: ServerProcess?

  override class func setUp() {
    super.setUp()
    server = try? ServerProcess(arguments: ["--access-log", "off"])
  }

  override class func tearDown() {
    server = nil
    super.tearDown()
  }

  var port: Int { Self.server?.port ?? 0 }
  var client: PlannerClient!

  override func setUpWithError() throws {
    let server = try XCTUnwrap(Self.server, "the server did not start")
    client = try PlannerClient(baseURL: "http://127.0.0.1:\(server.port)")
  }

  static let examples: URL = {
    var dir = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { dir = dir.deletingLastPathComponent() }
    return dir.appendingPathComponent("examples")
  }()

  func example(_ name: String) throws -> String {
    try String(contentsOf: Self.examples.appendingPathComponent(name + ".json"), encoding: .utf8)
  }

  /// The problem a call failed with, or a test failure when it did not fail that way.
  func problem(_ call: () throws -> Any, file: StaticString = #filePath, line: UInt = #line)
    -> ProblemDetails?
  {
    do {
      _ = try call()
      XCTFail("expected a problem", file: file, line: line)
    } catch let error as PlannerClientError {
      if let p = error.problem { return p }
      XCTFail("expected a problem, got \(error)", file: file, line: line)
    } catch {
      XCTFail("unexpected \(error)", file: file, line: line)
    }
    return nil
  }
}
