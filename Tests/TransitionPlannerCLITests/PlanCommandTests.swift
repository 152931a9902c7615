import Foundation
import XCTest

final class PlanCommandTests: XCTestCase {
  static let requests: [String: String] = [
    "zoom-push":
      #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}}"#,
    "zoom-pop":
      #"{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}}"#,
    "expand-push":
      #"{"style":"expand","operation":"push","container":{"width":390,"height":844},"source":{"x":0,"y":300,"width":390,"height":60}}"#,
    "expand-pop":
      #"{"style":"expand","operation":"pop","container":{"width":390,"height":844},"source":{"x":0,"y":300,"width":390,"height":60}}"#,
    "cartSheet-present":
      #"{"style":"cartSheet","operation":"present","container":{"width":390,"height":844}}"#,
    "cartSheet-dismiss":
      #"{"style":"cartSheet","operation":"dismiss","container":{"width":390,"height":844},"options":{"perspective":100}}"#,
  ]

  func testPlansEveryStyleAndOperationFromStdin() throws {
    for (name, json) in Self.requests {
      let out = try BinaryRunner.run(["plan"], stdin: Data(json.utf8))
      XCTAssertEqual(out.status, 0, name + out.stderrText)
      let plan = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
      XCTAssertEqual(plan?["style"] as? String, String(name.split(separator: "-")[0]), name)
      XCTAssertEqual(plan?["operation"] as? String, String(name.split(separator: "-")[1]), name)
      XCTAssertFalse((plan?["layers"] as? [Any] ?? []).isEmpty, name)
    }
  }

  func testExplicitTimingFromAFileAndPrettyOutput() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plan-\(UUID().uuidString).json")
    let json =
      #"{"style":"expand","operation":"push","container":{"width":390,"height":844},"source":{"x":0,"y":300,"width":390,"height":60},"timing":{"duration":0.5,"curve":{"type":"cubicBezier","x1":0.2,"y1":0,"x2":0,"y2":1}},"frameRate":30}"#
    try Data(json.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let out = try BinaryRunner.run(["plan", file.path, "--pretty"])
    XCTAssertEqual(out.status, 0, out.stderrText)
    XCTAssertTrue(out.stdoutText.hasPrefix("{\n  \"engineVersion\": \"1.0.0\",\n"))
    let plan = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
    XCTAssertEqual(plan?["duration"] as? Double, 0.5)
    XCTAssertEqual(plan?["frameRate"] as? Int, 30)
    let layers = plan?["layers"] as? [[String: Any]]
    XCTAssertEqual((layers?[2]["keyframes"] as? [Any])?.count, 16)
  }

  func testInvalidInputPrintsTheProblemOnStderrAndExits2() throws {
    let out = try BinaryRunner.run(
      ["plan"],
      stdin: Data(
        #"{"style":"zoom","operation":"push","container":{"width":390,"height":-1}}"#.utf8))
    XCTAssertEqual(out.status, 2)
    XCTAssertTrue(out.stdout.isEmpty)
    let problem = try JSONSerialization.jsonObject(with: out.stderr) as? [String: Any]
    XCTAssertEqual(problem?["status"] as? Int, 422)
    let errors = problem?["errors"] as? [[String: String]]
    XCTAssertEqual(
      errors?.map { $0["pointer"]! }, ["/container/height", "/source", "/destination"])

    let syntax = try BinaryRunner.run(["plan"], stdin: Data("{\"style\": zoom}".utf8))
    XCTAssertEqual(syntax.status, 2)
    let p = try JSONSerialization.jsonObject(with: syntax.stderr) as? [String: Any]
    XCTAssertEqual(p?["status"] as? Int, 400)
    XCTAssertEqual(p?["offset"] as? Int, 10)
  }

  func testUnreadableFileAndUnknownCommand() throws {
    let missing = try BinaryRunner.run(["plan", "/nonexistent/request.json"])
    XCTAssertEqual(missing.status, 66)
    XCTAssertTrue(missing.stderrText.contains("No such file"))
    let unknown = try BinaryRunner.run(["frobnicate"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.stderrText.contains("Usage"))
  }

  func testOutputIsByteIdenticalAcrossRuns() throws {
    let json = Data(Self.requests["zoom-push"]!.utf8)
    let a = try BinaryRunner.run(["plan"], stdin: json)
    let b = try BinaryRunner.run(["plan"], stdin: json)
    XCTAssertEqual(a.stdout, b.stdout)
    XCTAssertGreaterThan(a.stdout.count, 10_000)
  }
}

final class LinkageTests: XCTestCase {
  /// docs/ARCHITECTURE.md: the server binary never links libcurl (it would add about 30 shared libraries
  /// to the container); only planner-client does.
  func testServerBinaryDoesNotLinkLibcurl() throws {
    let server = try ldd("transition-planner")
    XCTAssertFalse(server.isEmpty)
    XCTAssertFalse(server.contains("libcurl"), server)
    XCTAssertTrue(
      try ldd("planner-client").contains("libcurl"),
      "the check above would pass for any binary otherwise")
  }

  func ldd(_ product: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [BinaryRunner.productsDirectory.appendingPathComponent(product).path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }
}
