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

  /// The examples of the other gesture kinds (docs/GESTURES.md): kind, pattern, decision and
  /// layer count of each answer.
  static let gestureExamples: [(name: String, kind: String, pattern: String?, decision: String)] = [
    ("back-cross-activity", "back", "crossActivity", "finish"),
    ("back-retry", "back", "crossActivity", "finish"),
    ("back-shared-element", "back", "sharedElement", "finish"),
    ("back-full-screen", "back", "fullScreen", "cancel"),
    ("drag-dismiss", "dragDismiss", nil, "finish"),
    ("drag-dismiss-hero", "dragDismiss", nil, "cancel"),
  ]

  static func example(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/interaction-\(name).json")
  }

  func testPlansBackAndDragDismissExamples() throws {
    for (name, kind, pattern, decision) in Self.gestureExamples {
      let out = try BinaryRunner.run(["interact", Self.example(name).path])
      XCTAssertEqual(out.status, 0, name + out.stderrText)
      let v = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
      XCTAssertEqual(v?["kind"] as? String, kind, name)
      XCTAssertEqual(v?["pattern"] as? String, pattern, name)
      XCTAssertEqual(v?["decision"] as? String, decision, name)
      let layers = try XCTUnwrap(v?["layers"] as? [[String: Any]], name)
      // crossActivity adds its scrim; every layer ends at the answer's duration.
      XCTAssertEqual(
        layers.contains { $0["id"] as? String == "backScrim" }, pattern == "crossActivity", name)
      let duration = try XCTUnwrap(v?["duration"] as? Double, name)
      for layer in layers {
        let keyframes = try XCTUnwrap(layer["keyframes"] as? [[String: Any]], name)
        XCTAssertEqual(keyframes.last?["t"] as? Double, duration, name)
      }
      if kind == "dragDismiss" {
        XCTAssertNotNil(v?["follow"] as? [String: Any], name)
      }
      // The same document from stdin, pretty-printed.
      let pretty = try BinaryRunner.run(
        ["interact", "-", "--pretty"], stdin: try Data(contentsOf: Self.example(name)))
      XCTAssertEqual(pretty.status, 0)
      XCTAssertEqual(
        try JSONSerialization.jsonObject(with: pretty.stdout) as? NSDictionary, v as NSDictionary?)
    }
    // The retry's first gesture was cancelled: two gestures, the last one's outcome only.
    let retry = try BinaryRunner.run(["interact", Self.example("back-retry").path])
    let v = try JSONSerialization.jsonObject(with: retry.stdout) as? [String: Any]
    XCTAssertEqual((v?["reason"] as? [String: Any])?["gestures"] as? Int, 2)
    XCTAssertEqual((v?["actions"] as? [String: Any])?.keys.sorted(), ["finish", "start"])
  }

  func testBackAndDragDismissErrorsOnStderr() throws {
    let out = try BinaryRunner.run(
      ["interact"],
      stdin: Data(
        #"{"transition":{"style":"expand","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170}},"gesture":{"kind":"dragDismiss","samples":[{"t":0,"x":0,"y":0,"state":"began"}]}}"#
          .utf8))
    XCTAssertEqual(out.status, 2)
    let problem = try JSONSerialization.jsonObject(with: out.stderr) as? [String: Any]
    let errors = problem?["errors"] as? [[String: String]]
    XCTAssertEqual(
      errors?.map { $0["pointer"]! + " " + $0["message"]! },
      [
        "/transition/operation gesture kind dragDismiss drives a pop or a dismiss",
        "/gesture/kind dragDismiss needs a shared element to follow: style zoom or hero",
      ])
    let back = try BinaryRunner.run(
      ["interact"],
      stdin: Data(
        #"{"transition":{"style":"cartSheet","operation":"dismiss","container":{"width":390,"height":844}},"gesture":{"kind":"back","pattern":"fullScreen","samples":[{"t":0,"progress":0.1,"state":"began"}]}}"#
          .utf8))
    XCTAssertEqual(back.status, 2)
    let backProblem = try JSONSerialization.jsonObject(with: back.stderr) as? [String: Any]
    XCTAssertEqual(
      (backProblem?["errors"] as? [[String: String]])?.map { $0["pointer"]! },
      ["/gesture/samples/0/swipeEdge"])
  }

  /// `scripts/gen/gesture.py NAME` wrote each example; it still writes the same bytes.
  func testGestureExamplesAreTheGeneratorsOutput() throws {
    let root = Self.example("x").deletingLastPathComponent().deletingLastPathComponent()
    let script = root.appendingPathComponent("scripts/gen/gesture.py")
    let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let python else { throw XCTSkip("no python3 to run scripts/gen/gesture.py") }
    for (name, _, _, _) in Self.gestureExamples {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: python)
      process.arguments = [script.path, name]
      process.currentDirectoryURL = root
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let generated = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0, name)
      XCTAssertEqual(generated, try Data(contentsOf: Self.example(name)), name)
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

  /// The command line prints the same bounded problem as the server: 20,000 invalid fields,
  /// the first 100 listed, the total in `detail` and `errorCount`.
  func testTwentyThousandInvalidFieldsListTheFirstHundred() throws {
    let out = try BinaryRunner.run(
      ["interact"], stdin: ManyInvalidFields.interaction(samples: 10_000))
    XCTAssertEqual(out.status, 2)
    XCTAssertTrue(out.stdout.isEmpty)
    XCTAssertLessThan(out.stderr.count, 16_384)
    let problem = try JSONSerialization.jsonObject(with: out.stderr) as? [String: Any]
    XCTAssertEqual(problem?["status"] as? Int, 422)
    XCTAssertEqual(problem?["errorCount"] as? Int, 20_000)
    XCTAssertEqual(
      problem?["detail"] as? String, "20000 fields are invalid; the first 100 are listed")
    let errors = problem?["errors"] as? [[String: String]]
    XCTAssertEqual(errors?.map { $0["pointer"]! }, ManyInvalidFields.firstPointers(100))
  }

  func testUsageAndBadArguments() throws {
    let help = try BinaryRunner.run(["help"])
    XCTAssertTrue(help.stdoutText.contains("interact [FILE] [--pretty]"))
    let own = try BinaryRunner.run(["interact", "--help"])
    XCTAssertEqual(own.status, 0)
    XCTAssertTrue(own.stdoutText.hasPrefix("Usage: transition-planner interact"))
    XCTAssertTrue(own.stdoutText.contains("pan"))
    XCTAssertTrue(own.stdoutText.contains("back"))
    XCTAssertTrue(own.stdoutText.contains("dragDismiss"))
    XCTAssertEqual(try BinaryRunner.run(["interact", "--frobnicate"]).status, 64)
    XCTAssertEqual(try BinaryRunner.run(["interact", "a.json", "b.json"]).status, 64)
    let missing = try BinaryRunner.run(["interact", "/nonexistent/gesture.json"])
    XCTAssertEqual(missing.status, 66)
    XCTAssertTrue(missing.stderrText.contains("transition-planner interact: cannot read"))
  }
}
