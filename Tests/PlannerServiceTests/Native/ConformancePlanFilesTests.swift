import Foundation
import XCTest

/// scripts/bench/compare-outputs.sh compares builds on the plans the native conformance tests
/// play beyond the examples; it reads them from scripts/bench/conformance-plans, so those files
/// must stay the requests `NativeExportTests.extraPlans` builds. With
/// `RECORD_CONFORMANCE_PLANS=1` the test writes them instead (after the fixtures change).
final class ConformancePlanFilesTests: XCTestCase {
  static var folder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/bench/conformance-plans")
  }

  static var expected: [String: String] {
    Dictionary(
      uniqueKeysWithValues: NativeExportTests.extraPlans.map {
        (String($0.0.map { $0.isLetter || $0.isNumber ? $0 : "-" }) + ".json", $0.1)
      })
  }

  /// The fixtures write objects in hash order, which changes from run to run: requests are
  /// compared as JSON values, members in any order.
  static func same(_ a: String, _ b: String) -> Bool {
    guard let x = try? JSONSerialization.jsonObject(with: Data(a.utf8)) as? NSObject,
      let y = try? JSONSerialization.jsonObject(with: Data(b.utf8)) as? NSObject
    else { return false }
    return x.isEqual(y)
  }

  /// What in `folder` is not `expected`: missing, extra or changed files.
  static func mismatches(_ expected: [String: String], in folder: URL) throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }
    var found = Set(files).symmetricDifference(expected.keys).sorted().map {
      "\($0): missing or extra"
    }
    for (file, text) in expected.sorted(by: { $0.key < $1.key }) where files.contains(file) {
      let stored = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      if !same(stored, text) { found.append("\(file): not the plan it names") }
    }
    return found
  }

  func testTheBenchmarkFilesAreTheConformancePlans() throws {
    if ProcessInfo.processInfo.environment["RECORD_CONFORMANCE_PLANS"] == "1" {
      for (file, text) in Self.expected {
        try Data(text.utf8).write(to: Self.folder.appendingPathComponent(file))
      }
    }
    XCTAssertEqual(try Self.mismatches(Self.expected, in: Self.folder), [])
  }

  /// The negative control: a copy with one file changed in one number and one missing is
  /// caught.
  func testAChangedOrMissingFileIsCaught() throws {
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("conformance-plans-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: copy) }
    let files = Self.expected.keys.sorted()
    for (i, file) in files.enumerated() where i > 0 {
      let text = Self.expected[file]!.replacingOccurrences(
        of: "390", with: i == 1 ? "391" : "390")
      try Data(text.utf8).write(to: copy.appendingPathComponent(file))
    }
    XCTAssertEqual(
      try Self.mismatches(Self.expected, in: copy),
      ["\(files[0]): missing or extra", "\(files[1]): not the plan it names"])
  }
}
