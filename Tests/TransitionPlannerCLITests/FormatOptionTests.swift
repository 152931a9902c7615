import Foundation
import TestSupport
import XCTest

/// `plan --format` and `interact --format` write the bytes the server sends for `?format=`.
final class FormatOptionTests: XCTestCase {
  static let formats = [
    "json", "waapi", "css", "lottie", "svg", "coreanimation", "android", "viewtransition",
  ]

  static func example(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/\(name).json")
  }

  /// The server's body for `POST path?format=F` with the file's bytes.
  func serverBody(_ server: ServerProcess, _ path: String, _ format: String, _ file: URL) throws
    -> RawClient.Response
  {
    let body = try Data(contentsOf: file)
    let client = try RawClient(port: server.port)
    client.send(
      "POST \(path)?format=\(format) HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
    )
    client.send(Array(body))
    return try client.readResponse()
  }

  /// The CLI's stdout without the newline it adds after a JSON document (text formats end
  /// with their own).
  func cliBody(_ command: String, _ file: URL, _ format: String) throws -> [UInt8] {
    let out = try BinaryRunner.run([command, file.path, "--format", format])
    XCTAssertEqual(out.status, 0, out.stderrText)
    var bytes = Array(out.stdout)
    if bytes.last == 0x0A, bytes.dropLast().last != 0x0A, bytes.first == UInt8(ascii: "{") {
      bytes.removeLast()
    }
    return bytes
  }

  func testPlanAndInteractWriteTheServersBytes() throws {
    let server = try ServerProcess(arguments: ["--access-log", "off"])
    for format in Self.formats {
      for (command, path, name) in [
        ("plan", "/v1/plans", "cartSheet-present"), ("plan", "/v1/plans", "zoom-push"),
        ("interact", "/v1/interactions", "interaction-fast-flick"),
        ("interact", "/v1/interactions", "interaction-back-retry"),
        ("interact", "/v1/interactions", "interaction-drag-dismiss-hero"),
        ("plan", "/v1/plans", "hero-avatar"), ("plan", "/v1/plans", "zoom-push-reversed"),
        ("plan", "/v1/plans", "cartSheet-present-reduced"),
      ] where command == "plan" || format != "viewtransition" {
        let file = Self.example(name)
        let response = try serverBody(server, path, format, file)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(try cliBody(command, file, format), response.body, "\(command) \(format)")
      }
    }
  }

  func testMomentsAndPrettyOptions() throws {
    let server = try ServerProcess(arguments: ["--access-log", "off"])
    let file = Self.example("expand-push")
    let response = try serverBody(server, "/v1/plans", "svg&moments=3", file)
    let out = try BinaryRunner.run(["plan", file.path, "--format=svg", "--moments=3"])
    XCTAssertEqual(out.status, 0, out.stderrText)
    XCTAssertEqual(Array(out.stdout), response.body)
    XCTAssertEqual(out.stdoutText.components(separatedBy: "class=\"tp-moment\"").count, 4)
    // --pretty re-indents JSON formats and leaves text formats as they are.
    let css = try BinaryRunner.run(["plan", file.path, "--format", "css", "--pretty"])
    XCTAssertEqual(css.stdout, try BinaryRunner.run(["plan", file.path, "--format", "css"]).stdout)
    let waapi = try BinaryRunner.run(["plan", file.path, "--format", "waapi", "--pretty"])
    XCTAssertTrue(waapi.stdoutText.hasPrefix("{\n  \"format\": \"waapi\",\n"), waapi.stdoutText)
    for native in ["coreanimation", "android"] {
      let pretty = try BinaryRunner.run(["plan", file.path, "--format", native, "--pretty"])
      XCTAssertTrue(
        pretty.stdoutText.hasPrefix("{\n  \"format\": \"\(native)\",\n  \"formatVersion\": 1,"),
        pretty.stdoutText)
    }
    for bad in ["1", "13", "x"] {
      XCTAssertEqual(
        try BinaryRunner.run(["plan", file.path, "--format", "svg", "--moments", bad]).status, 64)
    }
  }

  func testKeyframesOption() throws {
    let server = try ServerProcess(arguments: ["--access-log", "off"])
    let file = Self.example("hero-avatar")
    let response = try serverBody(server, "/v1/plans", "waapi&keyframes=compact", file)
    XCTAssertEqual(response.status, 200, response.text)
    let out = try BinaryRunner.run(["plan", file.path, "--format=waapi", "--keyframes=compact"])
    XCTAssertEqual(out.status, 0, out.stderrText)
    XCTAssertEqual(Array(out.stdout.dropLast()), response.body)
    let interaction = Self.example("interaction-fast-flick").path
    let refused = try BinaryRunner.run(
      ["interact", interaction, "--format", "waapi", "--keyframes", "compact"])
    XCTAssertEqual(refused.status, 64)
    XCTAssertTrue(refused.stderrText.contains("sample by sample"), refused.stderrText)
    XCTAssertEqual(
      try BinaryRunner.run(["plan", file.path, "--format", "waapi", "--keyframes", "x"]).status,
      64)
    // compact with another format is refused, as the server refuses it with a 400.
    for other in ["json", "css", "coreanimation", "android", "viewtransition"] {
      let wrong = try BinaryRunner.run([
        "plan", file.path, "--format", other, "--keyframes", "compact",
      ])
      XCTAssertEqual(wrong.status, 64, other)
      XCTAssertTrue(wrong.stderrText.contains("shapes only --format waapi"), wrong.stderrText)
    }
  }

  /// A view transition captures the page: an interaction is refused as the server refuses it
  /// (docs/VIEWTRANSITIONS.md 1), and a plan with `--pretty` is re-indented.
  func testViewTransitionIsForPlansOnly() throws {
    let interaction = Self.example("interaction-fast-flick").path
    let refused = try BinaryRunner.run(["interact", interaction, "--format", "viewtransition"])
    XCTAssertEqual(refused.status, 2)
    XCTAssertTrue(
      refused.stderrText.contains("format viewtransition is for plans, not interactions"),
      refused.stderrText)
    let pretty = try BinaryRunner.run([
      "plan", Self.example("zoom-push").path, "--format", "viewtransition", "--pretty",
    ])
    XCTAssertTrue(
      pretty.stdoutText.hasPrefix(
        "{\n  \"format\": \"viewtransition\",\n  \"formatVersion\": 1,"), pretty.stdoutText)
  }

  func testUnknownFormatIsAUsageError() throws {
    let out = try BinaryRunner.run(["plan", Self.example("zoom-push").path, "--format", "gif"])
    XCTAssertEqual(out.status, 64)
    XCTAssertTrue(
      out.stderrText.contains(
        "json, waapi, css, lottie, svg, coreanimation, android, viewtransition"),
      out.stderrText)
    XCTAssertEqual(
      try BinaryRunner.run(["interact", Self.example("zoom-push").path, "--format"]).status, 64)
  }
}
