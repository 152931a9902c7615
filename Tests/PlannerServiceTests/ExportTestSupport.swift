import Foundation
import HTTP1
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// Fixtures and readers shared by the export-format tests.
enum ExportFixtures {
  /// `examples/NAME.json` of this package.
  static func example(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("examples/\(name).json")
    return Array(try Data(contentsOf: url))
  }

  static let exampleNames = [
    "zoom-push", "zoom-pop", "expand-push", "expand-pop", "cartSheet-present",
    "cartSheet-dismiss",
  ]
  static let interactionNames = [
    "interaction-slow-drag", "interaction-fast-flick", "interaction-drag-back",
    "interaction-cancelled", "interaction-back-cross-activity", "interaction-back-retry",
    "interaction-back-full-screen", "interaction-drag-dismiss",
  ]
  /// The gesture examples over hero plans (their layers carry content frames and mattes,
  /// which the hero export tests check).
  static let heroInteractionNames = [
    "interaction-back-shared-element", "interaction-drag-dismiss-hero",
  ]

  /// cartSheet present with a perspective (m34 = -1/500) on the tilted snapshot.
  static let cartSheetPerspectiveJSON = """
    {"style": "cartSheet", "operation": "present", "container": {"width": 390, "height": 844},
     "options": {"tilt": 0.1, "scale": {"x": 0.85, "y": 0.95}, "perspective": 500}}
    """

  static func plan(json: String) throws -> Plan {
    let service = PlanningService()
    return try service.decodePlanRequest(Array(json.utf8)).flatMap(service.plan).get()
  }

  static func plan(_ name: String) throws -> Plan {
    let service = PlanningService()
    return try service.decodePlanRequest(try example(name)).flatMap(service.plan).get()
  }

  static func interaction(_ name: String) throws -> any GesturePlan {
    let service = PlanningService()
    return try service.decodeInteractionRequest(try example(name)).flatMap(service.interact).get()
  }

  /// The sample indices a test looks at: both ends and three inside.
  static func someSamples(_ count: Int) -> [Int] {
    Array(Set([0, count / 4, count / 2, (3 * count) / 4, count - 1])).sorted()
  }
}

extension JSONValue {
  var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
  var text: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var array: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}

/// `"16px"` -> 16.
func pixels(_ value: JSONValue?) -> Double? {
  guard let text = value?.text, text.hasSuffix("px") else { return nil }
  return Double(text.dropLast(2))
}

/// The 16 numbers of `matrix3d(...)`, nil for anything else.
func matrix3d(_ text: String) -> [Double]? {
  guard text.hasPrefix("matrix3d("), text.hasSuffix(")") else { return nil }
  let values = text.dropFirst(9).dropLast().split(separator: ",").compactMap {
    Double($0.trimmingCharacters(in: .whitespaces))
  }
  return values.count == 16 ? values : nil
}
