import JSON
import XCTest

@testable import PlannerService
@testable import TransitionEngine

/// ../shared NATIVE.md 5.1: a track to which several reasons apply is listed with the first in
/// the order arc, transform, combined, velocity, additive.
final class NativeReasonOrderTests: XCTestCase {
  func testTheFirstReasonWinsOnEveryPair() {
    let order = ["arc", "transform", "combined", "velocity", "additive"].map {
      NativeMeta.Reason(rawValue: $0)!
    }
    for (i, earlier) in order.enumerated() {
      XCTAssertEqual(NativeMeta.Reason.first(earlier), earlier)
      XCTAssertEqual(NativeMeta.Reason.first(nil, earlier, nil), earlier)
      for later in order[(i + 1)...] {
        XCTAssertEqual(NativeMeta.Reason.first(earlier, later), earlier, "\(earlier) \(later)")
        XCTAssertEqual(NativeMeta.Reason.first(later, earlier), earlier, "\(later) \(earlier)")
      }
    }
    XCTAssertNil(NativeMeta.Reason.first(nil, nil))
  }

  /// An additive frame track on a layer whose transform also moves: on Android both tracks
  /// drive the same View properties, so `combined` applies too and comes before `additive`
  /// (the frame of a matrix layer likewise; its transform keeps `transform` when it is plain).
  func testAnAdditiveTrackWhoseLayerAlsoMovesItsOtherGeometryIsCombined() throws {
    let text = NativeExportTests.extraPlans.first { $0.0 == "R-3 additive retarget" }!.1
    let service = PlanningService()
    var outline = try Planner.outline(try service.decodePlanRequest(Array(text.utf8)).get())
    let layers = outline.choreography.layers.indices.filter { i in
      let layer = outline.choreography.layers[i]
      return layer.track(for: .frame)?.motion?.isAdditive == true
        && layer.track(for: .transform) == nil
    }
    XCTAssertGreaterThanOrEqual(layers.count, 1)
    let plain = layers[0]
    let id = outline.choreography.layers[plain].id
    func reasons(_ outline: PlanOutline) throws -> [[String]] {
      let bytes = try XCTUnwrap(ExportFormat.android.render(outline))
      let meta = try XCTUnwrap(try JSONParser.parse(bytes)["meta"])
      return meta["sampled"]!.array!.map { $0.array!.map { $0.text! } }.filter { $0[0] == id }
    }
    XCTAssertEqual(try reasons(outline), [[id, "frame", "additive"]])

    var scaled = outline
    scaled.choreography.layers[plain].tracks.append(
      .transform(from: .identity, to: .scale(x: 1.2, y: 0.9, z: 1)))
    XCTAssertEqual(
      try reasons(scaled), [[id, "frame", "combined"], [id, "transform", "combined"]])

    outline.choreography.layers[plain].tracks.append(
      .transform(from: .identity, to: .rotation(angle: 0.3, x: 0, y: 0, z: 1)))
    XCTAssertEqual(
      try reasons(outline), [[id, "frame", "combined"], [id, "transform", "transform"]])
  }
}
