import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `waapi` document carries what a page needs besides the animations: the actions in the
/// plan's shape, and the canonical request to ask again (for a reversal, say).
final class WaapiActionsTests: XCTestCase {
  // The document, not the functions the exporter calls: its actions are the JSON plan's (the
  // same shape, docs/API.md), and its request, sent again, gives the same plan.
  func testPlansCarryTheirActionsAndRequest() throws {
    for json in [zoomPushJSON, heroAPIExample] {
      let service = PlanningService()
      let plan = try JSONParser.parse(try service.planBody(Array(json.utf8)).get())
      let waapi = try JSONParser.parse(
        try service.planBody(Array(json.utf8), format: .waapi, options: ExportOptions()).get())
      XCTAssertEqual(waapi["actions"], plan["actions"])
      XCTAssertNotNil(waapi["actions"]?["finish"])
      let request = try XCTUnwrap(waapi["request"])
      XCTAssertEqual(request["style"], try JSONParser.parse(Array(json.utf8))["style"])
      let again = try JSONParser.parse(try service.planBody(Array(request.compactText.utf8)).get())
      XCTAssertEqual(again, plan, "the document's request plans the same again")
      // And with a reversal added, it plans the way back.
      var reversed = request.compactText
      reversed.removeLast()
      reversed += #","reversal":{"at":0.1}}"#
      guard case .success = service.planBody(Array(reversed.utf8)) else {
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
