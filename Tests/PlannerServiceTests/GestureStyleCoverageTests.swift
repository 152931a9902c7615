import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService
@testable import TransitionEngine

/// Every registered style under every gesture kind: gesture code asks the style what it shares,
/// so a new style is followed, or refused with a 422 at the field, without gesture code
/// changing (docs/GESTURES.md 7). Each example's transition is played the way back (a push as
/// its pop, a present as its dismiss).
final class GestureStyleCoverageTests: XCTestCase {
  /// Every plan example, with its style and its transition the way back.
  func examplesTheWayBack() throws -> [(file: String, style: any TransitionStyle, json: JSONValue)]
  {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    var out: [(String, any TransitionStyle, JSONValue)] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where file.hasSuffix(".json") && !file.hasPrefix("interaction-") {
      let request = try JSONParser.parse(
        Array(try Data(contentsOf: folder.appendingPathComponent(file))))
      guard case .object(let members) = request, case .string(let name) = request["style"],
        let style = StyleRegistry.style(named: name)
      else { throw XCTSkip("\(file): no style") }
      let back = members.compactMap { member -> JSONMember? in
        switch member.key {
        case "retarget", "reversal": return nil
        case "operation":
          guard case .string(let op) = member.value else { return member }
          return JSONMember(
            member.key, .string(["push": "pop", "present": "dismiss"][op] ?? op))
        default: return member
        }
      }
      out.append((file, style, .object(back)))
    }
    return out
  }

  func interact(_ transition: JSONValue, gesture: String, rest: String = "") -> Result<
    JSONValue, Problem
  > {
    let body =
      #"{"transition":\#(transition.compactText),"gesture":{\#(gesture)}\#(rest)}"#
    switch PlanningService().interactionBody(Array(body.utf8)) {
    case .success(let bytes): return .success((try? JSONParser.parse(bytes)) ?? .null)
    case .failure(let problem): return .failure(problem)
    }
  }

  let panSamples =
    #""samples":[{"t":0,"x":0,"y":0,"state":"began"},{"t":0.05,"x":4,"y":60,"state":"changed"},{"t":0.1,"x":8,"y":130,"state":"changed"},{"t":0.15,"x":10,"y":210,"state":"ended"}]"#
  let backSamples =
    #""samples":[{"t":0,"progress":0,"touchX":2,"touchY":400,"swipeEdge":"left","state":"began"},{"t":0.1,"progress":0.5,"touchX":150,"touchY":500,"state":"moved"},{"t":0.12,"state":"invoked"}]"#
  let release = #","release":{"policy":"threshold","threshold":0.35}"#

  func testEveryStyleUnderEveryGestureKindIsFollowedOrRefusedAtTheField() throws {
    var covered: Set<String> = []
    var followed = 0
    var refused = 0
    for (file, style, transition) in try examplesTheWayBack() {
      covered.insert(style.name)
      guard case .success(let request) = PlanRequestDecoder().decode(transition) else {
        return XCTFail("\(file): the transition decodes")
      }
      // A pan plays over every style.
      if case .failure(let p) = interact(
        transition, gesture: #""direction":"either","# + panSamples, rest: release)
      {
        XCTFail("\(file) pan: \(p.errors.map(\.message))")
      }
      // So does back, in every pattern.
      for pattern in ["crossActivity", "fullScreen", "sharedElement"] {
        if case .failure(let p) = interact(
          transition, gesture: #""kind":"back","pattern":"\#(pattern)","# + backSamples)
        {
          XCTFail("\(file) back \(pattern): \(p.errors.map(\.message))")
        }
      }
      // A drag to dismiss follows each element the style shares, by the layers it names...
      let drag = #""kind":"dragDismiss","# + panSamples
      // ...or is refused at the field: a dissolve has no element, and a style that shares
      // none is refused at the kind, naming the styles that share elements.
      var refusals: [String] = []
      if request.reduceMotion {
        refusals.append(
          "/transition/reduceMotion must be false for gesture kind dragDismiss: a dissolve has no element to follow"
        )
      }
      if style.sharedElementNaming == nil {
        refusals.append(
          "/gesture/kind dragDismiss needs a shared element to follow: style "
            + DragDismissPlanner.followableStyles.joined(separator: " or "))
      }
      guard let naming = style.sharedElementNaming, refusals.isEmpty else {
        guard case .failure(let p) = interact(transition, gesture: drag, rest: release) else {
          return XCTFail("\(file): refused")
        }
        XCTAssertEqual(p.status, 422, file)
        XCTAssertEqual(p.errors.map { "\($0.pointer) \($0.message)" }, refusals, file)
        refused += 1
        continue
      }
      let elements = style.sharedElements(for: request)
      XCTAssertFalse(elements.isEmpty, "\(file): \(style.name) shares an element here")
      for element in elements {
        let answer = interact(
          transition, gesture: drag + #","element":"\#(element.id)""#, rest: release)
        guard case .success(let v) = answer else {
          return XCTFail("\(file) \(element.id): \(answer)")
        }
        XCTAssertEqual(v["follow"]?["element"], .string(element.id), file)
        guard case .array(let layers)? = v["follow"]?["layers"] else {
          return XCTFail("\(file): follow.layers")
        }
        XCTAssertFalse(layers.isEmpty, "\(file) \(element.id): a followed element has layers")
        for layer in layers {
          guard case .string(let id) = layer else { return XCTFail("\(file): a layer id") }
          XCTAssertTrue(element.layers.contains(id), "\(file): \(id) shows \(element.id)")
        }
        followed += 1
      }
      // The negative control: an id the style does not share is refused at the element.
      guard
        case .failure(let p) = interact(
          transition, gesture: drag + #","element":"no such element""#, rest: release)
      else { return XCTFail("\(file): an unshared element is refused") }
      XCTAssertEqual(p.status, 422, file)
      XCTAssertEqual(p.errors.map(\.pointer), ["/gesture/element"], file)
      switch naming {
      case .fixed(let ids):
        XCTAssertEqual(
          p.errors.first?.message, "must be one of " + ids.joined(separator: ", "), file)
        // A style whose ids are fixed follows the first when the request names none.
        guard case .success(let v) = interact(transition, gesture: drag, rest: release) else {
          return XCTFail("\(file): no element names the first")
        }
        XCTAssertEqual(v["follow"]?["element"], .string(ids[0]), file)
      case .fromScene(let missing, let unknown):
        XCTAssertEqual(p.errors.first?.message, unknown, file)
        guard case .failure(let none) = interact(transition, gesture: drag, rest: release) else {
          return XCTFail("\(file): an element is required")
        }
        XCTAssertEqual(none.errors.map(\.message), [missing], file)
      }
    }
    XCTAssertEqual(covered, Set(StyleRegistry.names), "an example of every style")
    XCTAssertGreaterThan(followed, 0)
    XCTAssertGreaterThan(refused, 0)
  }

  /// A dimming layer is posed with the screen it darkens by its content's role, not its id: the
  /// same plan with the dimming layers renamed answers `back` the same (but for the ids).
  func testBackPosesDimmingByWhatItDims() throws {
    let transition = try JSONParser.parse(try ExportFixtures.example("hero-preset-push"))
    let request = try PlanRequestDecoder().decode(transition).get()
    let style = try XCTUnwrap(StyleRegistry.style(named: "hero"))
    var choreography = style.choreography(for: request.scene, operation: .pop)
    let dimming = choreography.layers.indices.filter { choreography.layers[$0].dims != nil }
    XCTAssertFalse(dimming.isEmpty, "the preset dims a screen")
    let roles = BackLayerRole.roles(of: choreography.layers, request: request)
    for l in dimming {
      XCTAssertEqual(
        roles[l].group, choreography.layers[l].dims == .from ? .closing : .entering)
      choreography.layers[l].id = "renamed\(l)"
    }
    XCTAssertEqual(BackLayerRole.roles(of: choreography.layers, request: request), roles)
    // The negative control: without the role a colour layer is a backdrop, never posed.
    for l in dimming { choreography.layers[l].dims = nil }
    let plain = BackLayerRole.roles(of: choreography.layers, request: request)
    for l in dimming { XCTAssertEqual(plain[l].group, .none) }
  }
}
