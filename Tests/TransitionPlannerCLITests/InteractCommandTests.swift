import Foundation
import TestSupport
import XCTest

/// `transition-planner interact`, run as the built binary.
final class InteractCommandTests: XCTestCase {
  func testPlansEachExampleFile() throws {
    let expected = [
      GestureFixture.slowDrag: "finish", .fastFlick: "finish", .dragBack: "cancel",
      .cancelled: "cancel",
    ]
    for (fixture, decision) in expected {
      let out = try BinaryRunner.run(["interact", fixture.exampleURL.path])
      XCTAssertEqual(out.status, 0, fixture.rawValue + out.stderrText)
      let v = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
      XCTAssertEqual(v?["decision"] as? String, decision, fixture.rawValue)
      XCTAssertEqual(
        (v?["reason"] as? [String: Any])?["policy"] as? String, fixture.examplePolicy)
      let layers = v?["layers"] as? [[String: Any]]
      XCTAssertEqual(layers?.count, 3)
    }
  }

  func testStdinAndPrettyOutputGiveTheSameDocument() throws {
    let body = Data(GestureFixture.fastFlick.requestJSON(policy: "system").utf8)
    let compact = try BinaryRunner.run(["interact"], stdin: body)
    XCTAssertEqual(compact.status, 0, compact.stderrText)
    XCTAssertTrue(compact.stdoutText.hasPrefix(#"{"engineVersion":"1.0.0","decision":"finish","#))
    let pretty = try BinaryRunner.run(["interact", "-", "--pretty"], stdin: body)
    XCTAssertEqual(pretty.status, 0)
    XCTAssertTrue(
      pretty.stdoutText.hasPrefix(
        "{\n  \"engineVersion\": \"1.0.0\",\n  \"decision\": \"finish\",\n"))
    let a = try JSONSerialization.jsonObject(with: compact.stdout) as? NSDictionary
    let b = try JSONSerialization.jsonObject(with: pretty.stdout) as? NSDictionary
    XCTAssertEqual(a, b)
    let again = try BinaryRunner.run(["interact"], stdin: body)
    XCTAssertEqual(again.stdout, compact.stdout)
  }

  func testInvalidInputPrintsTheProblemOnStderrAndExits2() throws {
    let out = try BinaryRunner.run(
      ["interact"],
      stdin: Data(
        #"{"transition":{"style":"zoom","operation":"pop","container":{"width":390,"height":844}},"gesture":{"samples":[{"t":0,"x":0,"y":0,"state":"changed"},{"t":"soon","x":0,"y":0,"state":"ended"}]}}"#
          .utf8))
    XCTAssertEqual(out.status, 2)
    XCTAssertTrue(out.stdout.isEmpty)
    let problem = try JSONSerialization.jsonObject(with: out.stderr) as? [String: Any]
    XCTAssertEqual(problem?["status"] as? Int, 422)
    let errors = problem?["errors"] as? [[String: String]]
    XCTAssertEqual(
      errors?.map { $0["pointer"]! },
      [
        "/transition/source", "/transition/destination", "/gesture/samples/0/state",
        "/gesture/samples/1/t",
      ])
    let syntax = try BinaryRunner.run(["interact"], stdin: Data("{".utf8))
    XCTAssertEqual(syntax.status, 2)
    XCTAssertEqual(
      (try JSONSerialization.jsonObject(with: syntax.stderr) as? [String: Any])?["status"] as? Int,
      400)
  }

  func testUsageAndBadArguments() throws {
    let help = try BinaryRunner.run(["help"])
    XCTAssertTrue(help.stdoutText.contains("interact [FILE] [--pretty]"))
    let own = try BinaryRunner.run(["interact", "--help"])
    XCTAssertEqual(own.status, 0)
    XCTAssertTrue(own.stdoutText.hasPrefix("Usage: transition-planner interact"))
    XCTAssertEqual(try BinaryRunner.run(["interact", "--frobnicate"]).status, 64)
    XCTAssertEqual(try BinaryRunner.run(["interact", "a.json", "b.json"]).status, 64)
    let missing = try BinaryRunner.run(["interact", "/nonexistent/gesture.json"])
    XCTAssertEqual(missing.status, 66)
    XCTAssertTrue(missing.stderrText.contains("transition-planner interact: cannot read"))
  }
}
