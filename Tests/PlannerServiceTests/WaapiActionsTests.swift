import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `waapi` document carries what a page needs besides the animations: the actions in the
/// plan's shape, and the canonical request to ask again (for a reversal, say).
final class WaapiActionsTests: XCTestCase {
  func testPlansCarryTheirActionsAndRequest() throws {
    for json in [zoomPushJSON, heroAPIExample] {
      let request = try PlanningService().decodePlanRequest(Array(json.utf8)).get()
      let plan = try PlanningService().plan(request).get()
      let waapi = try JSONParser.parse(WaapiExporter.export(plan))
      var actions = JSONWriter()
      PlanEncoder.writeActions(plan.choreography.actions, &actions)
      XCTAssertEqual(waapi["actions"], try JSONParser.parse(actions.bytes))
      XCTAssertEqual(waapi["request"], try JSONParser.parse(CanonicalRequest.json(request)))
      // The request plans the same again.
      var reversed = try XCTUnwrap(waapi["request"]).compactText
      reversed.removeLast()
      reversed += #","reversal":{"at":0.1}}"#
      guard case .success = PlanningService().planJSON(Array(reversed.utf8)) else {
        return XCTFail("the document's request with a reversal does not plan")
      }
    }
  }

  func testInteractionsCarryActionsButNoRequest() throws {
    let interaction = """
      {"transition": \(zoomPushJSON),
       "gesture": {"samples": [{"t": 0, "x": 0, "y": 0, "state": "began"},
                               {"t": 0.1, "x": 60, "y": 0, "state": "changed"},
                               {"t": 0.2, "x": 200, "y": 0, "state": "ended"}]}}
      """
    let request = try PlanningService().decodeInteractionRequest(Array(interaction.utf8)).get()
    let plan = try PlanningService().interact(request).get()
    let waapi = try JSONParser.parse(WaapiExporter.export(plan))
    XCTAssertNotNil(waapi["actions"]?["start"])
    XCTAssertNil(waapi["request"])
  }
}

extension JSONValue {
  /// Compact JSON text of the value.
  var compactText: String {
    var w = JSONWriter()
    w.value(self)
    return String(decoding: w.bytes, as: UTF8.self)
  }
}
