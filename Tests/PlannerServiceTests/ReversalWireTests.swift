import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// `reduceMotion` and `reversal` on the wire (docs/API.md "Accessibility and interruption").
final class ReversalWireTests: XCTestCase {
  func text(_ json: String) throws -> String {
    switch PlanningService().planBody(Array(json.utf8)) {
    case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .failure(let p): throw NSError(domain: "plan", code: p.status, userInfo: ["p": "\(p)"])
    }
  }

  func withMembers(_ json: String, _ members: String) -> String {
    String(json.dropLast().drop { $0 != "{" }) + "," + members + "}"
  }

  func canonical(_ json: String) throws -> String {
    let request = try PlanningService().decodePlanRequest(Array(json.utf8)).get()
    return String(decoding: CanonicalRequest.json(request), as: UTF8.self)
  }

  func testTheEchoesFollowTheOperation() throws {
    let both = try text(withMembers(zoomPushJSON, #""reduceMotion":true,"reversal":{"at":0.1}"#))
    XCTAssertTrue(
      both.hasPrefix(
        #"{"engineVersion":"1.0.0","style":"zoom","operation":"push","reduceMotion":true,"reversal":{"at":0.1,"progress":"#
      ), String(both.prefix(200)))
    let reversed = try text(withMembers(zoomPushJSON, #""reversal":{"at":0.1}"#))
    XCTAssertTrue(
      reversed.contains(
        #""operation":"push","reversal":{"at":0.1,"progress":0.40584212"#),
      String(reversed.prefix(200)))
    // The reversal's timing: the UIKit spring solved with the velocity at 0.1 s.
    let plan = try JSONParser.parse(Array(reversed.utf8))
    XCTAssertEqual(plan["timing"]?["curve"]?["type"], .string("spring"))
    guard case .number(let v) = plan["timing"]?["curve"]?["initialVelocity"] else {
      return XCTFail("no velocity")
    }
    XCTAssertEqual(v, -13.276978590673854, accuracy: 1e-9)
    XCTAssertTrue(
      reversed.contains(
        #""actions":{"start":[],"finish":[{"target":{"element":"source"},"hidden":false}"#))
    XCTAssertTrue(reversed.hasSuffix(#""cancel":[]}}"#))
    // Without them, no echo: existing plans keep their bytes.
    XCTAssertFalse(try text(zoomPushJSON).contains("reduceMotion"))
    XCTAssertFalse(
      try text(withMembers(zoomPushJSON, #""reduceMotion":false"#)).contains("reduceMotion"))
  }

  func testTheCanonicalRequestCarriesThemOnlyWhenAsked() throws {
    let plain = try canonical(zoomPushJSON)
    XCTAssertEqual(try canonical(withMembers(zoomPushJSON, #""reduceMotion":false"#)), plain)
    XCTAssertEqual(
      try canonical(withMembers(zoomPushJSON, #""reduceMotion":true"#)),
      plain.replacingOccurrences(
        of: #""operation":"push""#, with: #""operation":"push","reduceMotion":true"#))
    XCTAssertEqual(
      try canonical(withMembers(zoomPushJSON, #""reversal":{"timing":{},"at":0.3}"#)),
      plain.replacingOccurrences(
        of: #""operation":"push""#, with: #""operation":"push","reversal":{"at":0.3}"#))
    XCTAssertTrue(
      try canonical(withMembers(zoomPushJSON, #""reversal":{"at":0.3,"timing":{"duration":0.2}}"#))
        .contains(#""reversal":{"at":0.3,"timing":{"duration":0.2}}"#))
    // Different requests, different tags.
    let a = try text(withMembers(zoomPushJSON, #""reversal":{"at":0.3}"#))
    let b = try text(withMembers(zoomPushJSON, #""reversal":{"at":0.31}"#))
    XCTAssertNotEqual(ETag.of(Array(a.utf8)), ETag.of(Array(b.utf8)))
  }

  func testBadMembersArePointedAt() {
    XCTAssertEqual(
      problem(withMembers(zoomPushJSON, #""reversal":{}"#))?.errors,
      [FieldError(pointer: "/reversal/at", message: "is required; a finite number")])
    XCTAssertEqual(pointers(withMembers(zoomPushJSON, #""reversal":5"#)), ["/reversal"])
    XCTAssertEqual(pointers(withMembers(zoomPushJSON, #""reduceMotion":"yes""#)), ["/reduceMotion"])
    XCTAssertEqual(
      pointers(withMembers(zoomPushJSON, #""reversal":{"at":0.2,"timing":{"duration":-1}}"#)),
      ["/reversal/timing/duration"])
    let late = problem(withMembers(zoomPushJSON, #""reversal":{"at":1.5}"#))
    XCTAssertEqual(late?.status, 422)
    XCTAssertEqual(late?.errors.map(\.pointer), ["/reversal/at"])
    XCTAssertTrue(
      late?.errors.first?.message.contains("1 s") == true, "\(String(describing: late))")
    let zero = problem(withMembers(zoomPushJSON, #""reversal":{"at":0}"#))
    XCTAssertEqual(zero?.errors.map(\.pointer), ["/reversal/at"])
    // A physical spring that would settle after 60 s on the way back (the forward request
    // gives no duration for it to keep).
    let zoomPop =
      #"{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}}"#
    let slow = problem(
      withMembers(
        zoomPop,
        #""reversal":{"at":0.2,"timing":{"curve":{"type":"springPhysics","mass":1,"stiffness":1,"damping":0.01}}}"#
      ))
    XCTAssertEqual(slow?.errors.map(\.pointer), ["/reversal/timing/curve"])
    XCTAssertTrue(
      slow?.errors.first?.message.contains("give reversal.timing.duration") == true,
      "\(String(describing: slow))")
  }

  func testAReversedHeroCascadeUnderASpringCarriesTrackTimings() throws {
    let json = withMembers(
      heroAPIExample,
      #""timing":{"curve":{"type":"springResponse","response":0.4,"dampingRatio":0.8}},"reversal":{"at":0.1}"#
    )
    let t = try text(json)
    // body@to's alpha started after its 0.02 s delay: it goes back with its own velocity.
    XCTAssertTrue(t.contains(#""property":"alpha","from":"#))
    XCTAssertTrue(t.contains(#","timing":{"duration":"#), "no track timing")
    XCTAssertFalse(t.contains(#""delay":"#))
  }

  func testInteractionsTakeAReversedTransitionWithoutEchoingIt() throws {
    let interaction = """
      {"transition": \(withMembers(zoomPushJSON, #""reversal":{"at":0.5},"reduceMotion":true"#)),
       "gesture": {"samples": [{"t": 0, "x": 0, "y": 0, "state": "began"},
                               {"t": 0.1, "x": 60, "y": 0, "state": "changed"},
                               {"t": 0.2, "x": 200, "y": 0, "state": "ended"}]}}
      """
    guard case .success(let bytes) = PlanningService().interactionBody(Array(interaction.utf8))
    else {
      return XCTFail("interaction failed")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertFalse(text.contains("reduceMotion"))
    XCTAssertFalse(text.contains("\"reversal\""))
    let plan = try JSONParser.parse(bytes)
    guard case .array(let layers) = plan["layers"] else { return XCTFail("no layers") }
    XCTAssertEqual(layers.count, 2)  // the dissolve's two screens
  }
}
