import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// Each default is written once, in a style's input declaration, and read from there by the
/// engine: a request planned with every default left out and with every default written out
/// gives the same bytes, for every style and every example.
final class StyleDefaultsTests: XCTestCase {
  func testEveryStylePlansTheSameWithDefaultsOmittedOrWrittenOut() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    var covered: Set<String> = []
    var defaultsSeen = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where file.hasSuffix(".json") && !file.hasPrefix("interaction-") {
      let request = try JSONParser.parse(
        Array(try Data(contentsOf: folder.appendingPathComponent(file))))
      guard case .string(let name) = request["style"],
        let style = StyleRegistry.style(named: name)
      else { return XCTFail("\(file): no style") }
      let omitted = Defaults.omitting(style.inputs, from: request)
      let written = Defaults.writingOut(style.inputs, into: request)
      defaultsSeen += Defaults.count(style.inputs)
      let service = PlanningService()
      let original = try service.planBody(Array(request.compactText.utf8)).get()
      XCTAssertEqual(try service.planBody(Array(omitted.compactText.utf8)).get(), original, file)
      XCTAssertEqual(try service.planBody(Array(written.compactText.utf8)).get(), original, file)
      if Defaults.count(style.inputs) > 0 {
        XCTAssertNotEqual(omitted, written, "\(file): the two spellings differ")
      }
      covered.insert(name)
    }
    XCTAssertEqual(covered, Set(StyleRegistry.names), "an example of every style")
    XCTAssertGreaterThan(defaultsSeen, 20)
  }

  // The typed options the engine reads are the declarations' defaults.
  func testTheTypedDefaultsAreTheDeclarations() {
    XCTAssertEqual(HeroOptions().preset.rawValue, "fade")
    XCTAssertEqual(HeroOptions.declared, HeroOptions())
    XCTAssertEqual(HeroCascade.declared.delta, 0.02)
    XCTAssertEqual(CartSheetOptions.declared, CartSheetOptions())
    XCTAssertEqual(CartSheetOptions().tilt, 0.1)
  }
}

/// Walks a style's declarations over a request.
enum Defaults {
  /// The declared default of an input, as JSON; nil when it has none.
  static func value(_ input: StyleInput) -> JSONValue? {
    switch input.kind {
    case .number(_, let value?): .number(value)
    case .choice(_, let value?): .string(value)
    case .boolean(let value?): .bool(value)
    case .object(let members):
      members.contains { value($0) != nil } ? .object([]) : nil
    default: nil
    }
  }

  /// How many defaults the declarations hold.
  static func count(_ inputs: [StyleInput]) -> Int {
    inputs.reduce(0) { total, input in
      switch input.kind {
      case .object(let members), .option(let members), .list(let members, _, _):
        total + count(members)
      default: total + (value(input) == nil ? 0 : 1)
      }
    }
  }

  /// `object` without the members equal to their defaults (objects left empty go too).
  static func omitting(_ inputs: [StyleInput], from object: JSONValue) -> JSONValue {
    guard case .object(let members) = object else { return object }
    var kept: [JSONMember] = []
    for member in members {
      guard let input = inputs.first(where: { $0.name == member.key }) else {
        kept.append(member)
        continue
      }
      switch input.kind {
      case .object(let nested):
        let inner = omitting(nested, from: member.value)
        if inner != .object([]) { kept.append(JSONMember(member.key, inner)) }
      case .option(let nested):
        kept.append(JSONMember(member.key, omitting(nested, from: member.value)))
      case .list(let nested, _, _):
        guard case .array(let items) = member.value else { continue }
        kept.append(JSONMember(member.key, .array(items.map { omitting(nested, from: $0) })))
      default:
        if value(input) != member.value { kept.append(member) }
      }
    }
    return .object(kept)
  }

  /// `object` with every missing default written out (an option only when it is present).
  static func writingOut(_ inputs: [StyleInput], into object: JSONValue) -> JSONValue {
    guard case .object(var members) = object else { return object }
    for input in inputs {
      let index = members.firstIndex { $0.key == input.name }
      switch input.kind {
      case .object(let nested):
        let present = index.map { members[$0].value } ?? (value(input) == nil ? nil : .object([]))
        guard let present else { continue }
        let filled = writingOut(nested, into: present)
        if let index {
          members[index].value = filled
        } else {
          members.append(JSONMember(input.name, filled))
        }
      case .option(let nested):
        if let index { members[index].value = writingOut(nested, into: members[index].value) }
      case .list(let nested, _, _):
        guard let index, case .array(let items) = members[index].value else { continue }
        members[index].value = .array(items.map { writingOut(nested, into: $0) })
      default:
        if index == nil, let value = value(input) { members.append(JSONMember(input.name, value)) }
      }
    }
    return .object(members)
  }
}
