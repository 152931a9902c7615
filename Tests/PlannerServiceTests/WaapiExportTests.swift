import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `waapi` document: its shape and, for every keyframe looked at, its values against the
/// plan's keyframes, including a perspective layer's on-screen corners.
final class WaapiExportTests: XCTestCase {
  func document(_ plan: Plan) throws -> JSONValue {
    try JSONParser.parse(WaapiExporter.export(plan))
  }

  /// Checks every layer's keyframes (offsets, box, opacity, origin, matrix) against `timeline`.
  func assertMatches(
    _ doc: JSONValue, _ timeline: Timeline, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertEqual(doc["format"], .string("waapi"), file: file, line: line)
    XCTAssertEqual(doc["style"], .string(timeline.style), file: file, line: line)
    XCTAssertEqual(doc["operation"], .string(timeline.operation.rawValue), file: file, line: line)
    XCTAssertEqual(
      doc["container"]?["width"]?.number, timeline.container.width, file: file, line: line)
    XCTAssertEqual(
      doc["container"]?["height"]?.number, timeline.container.height, file: file, line: line)
    XCTAssertEqual(doc["duration"]?.number, timeline.duration * 1000, file: file, line: line)
    let layers = try XCTUnwrap(doc["layers"]?.array)
    XCTAssertEqual(layers.map { $0["id"]?.text }, timeline.layers.map(\.id), file: file, line: line)
    for (l, layer) in layers.enumerated() {
      let info = timeline.layers[l]
      var content = JSONWriter()
      content.content(info.content)
      XCTAssertEqual(layer["content"], try JSONParser.parse(content.bytes), file: file, line: line)
      XCTAssertEqual(layer["options"]?["duration"]?.number, timeline.duration * 1000)
      XCTAssertEqual(layer["options"]?["easing"], .string("linear"))
      XCTAssertEqual(layer["options"]?["fill"], .string("both"))
      let keyframes = try XCTUnwrap(layer["keyframes"]?.array)
      XCTAssertEqual(keyframes.count, timeline.times.count, file: file, line: line)
      XCTAssertEqual(keyframes.first?["offset"]?.number, 0, file: file, line: line)
      XCTAssertEqual(keyframes.last?["offset"]?.number, 1, file: file, line: line)
      for i in ExportFixtures.someSamples(timeline.times.count) {
        let k = keyframes[i]
        let state = timeline.keyframes[l][i]
        XCTAssertEqual(
          try XCTUnwrap(k["offset"]?.number), timeline.times[i] / timeline.duration,
          accuracy: 1e-15, file: file, line: line)
        XCTAssertEqual(pixels(k["left"]), state.frame.x, file: file, line: line)
        XCTAssertEqual(pixels(k["top"]), state.frame.y, file: file, line: line)
        XCTAssertEqual(pixels(k["width"]), state.frame.width, file: file, line: line)
        XCTAssertEqual(pixels(k["height"]), state.frame.height, file: file, line: line)
        XCTAssertEqual(k["opacity"]?.number, state.alpha, file: file, line: line)
        XCTAssertEqual(
          k["transformOrigin"]?.text, "\(percent(info.anchor.x))% \(percent(info.anchor.y))%",
          file: file, line: line)
        let transform = try XCTUnwrap(k["transform"]?.text)
        if state.transform.isIdentity {
          XCTAssertEqual(transform, "none", file: file, line: line)
        } else {
          XCTAssertEqual(matrix3d(transform), state.transform.values, file: file, line: line)
        }
      }
    }
  }

  func percent(_ unit: Double) -> String {
    var w = JSONWriter()
    w.number(unit * 100)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  func testEveryExamplePlanMatchesItsKeyframes() throws {
    for name in ExportFixtures.exampleNames {
      let plan = try ExportFixtures.plan(name)
      try assertMatches(try document(plan), plan.timeline)
    }
    let perspective = try ExportFixtures.plan(json: ExportFixtures.cartSheetPerspectiveJSON)
    try assertMatches(try document(perspective), perspective.timeline)
  }

  func testZoomPushKeyframesAreTheExactPlanValues() throws {
    let plan = try ExportFixtures.plan("zoom-push")
    let doc = try document(plan)
    let snapshot = try XCTUnwrap(doc["layers"]?.array?.first { $0["id"] == .string("snapshot") })
    let first = try XCTUnwrap(snapshot["keyframes"]?.array?.first)
    // The source frame of the example at t = 0.
    XCTAssertEqual(first["left"], .string("16px"))
    XCTAssertEqual(first["top"], .string("220px"))
    XCTAssertEqual(first["width"], .string("170px"))
    XCTAssertEqual(first["height"], .string("170px"))
    XCTAssertEqual(first["transformOrigin"], .string("50% 50%"))
    XCTAssertEqual(doc["duration"], .number(1000))
  }

  /// The contract's geometry: corner q of the box lands at `[q - origin, 0, 1] * M` divided by
  /// w, plus the origin's place on screen, which must be the plan's projected corners.
  func testPerspectiveLayerCornersEqualProjectedCorners() throws {
    let plan = try ExportFixtures.plan(json: ExportFixtures.cartSheetPerspectiveJSON)
    let doc = try document(plan)
    let layers = try XCTUnwrap(doc["layers"]?.array)
    var checked = 0
    for (l, layer) in layers.enumerated() {
      let keyframes = try XCTUnwrap(layer["keyframes"]?.array)
      for (i, k) in keyframes.enumerated() {
        guard let m = matrix3d(k["transform"]?.text ?? ""), m[11] != 0 else { continue }
        let (x, y) = (try XCTUnwrap(pixels(k["left"])), try XCTUnwrap(pixels(k["top"])))
        let (w, h) = (try XCTUnwrap(pixels(k["width"])), try XCTUnwrap(pixels(k["height"])))
        let origin = try XCTUnwrap(k["transformOrigin"]?.text).split(separator: " ").map {
          Double($0.dropLast())! / 100
        }
        let (ox, oy) = (origin[0] * w, origin[1] * h)
        let t = Transform3D(m)
        let expected = plan.timeline.geometry(layer: l, sample: i).projectedCorners
        for (c, q) in [(0.0, 0.0), (w, 0), (w, h), (0, h)].enumerated() {
          let r = t.apply((q.0 - ox, q.1 - oy, 0, 1))
          XCTAssertEqual(r.0 / r.3 + x + ox, expected[c].x, accuracy: 1e-9)
          XCTAssertEqual(r.1 / r.3 + y + oy, expected[c].y, accuracy: 1e-9)
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 10, "cartSheet present has a layer in perspective (m34 != 0)")
  }

  func testInteractionAddsTheDecision() throws {
    for name in ExportFixtures.interactionNames {
      let plan = try ExportFixtures.interaction(name)
      let doc = try JSONParser.parse(WaapiExporter.export(plan))
      try assertMatches(doc, plan.timeline)
      let interaction = try XCTUnwrap(doc["interaction"])
      XCTAssertEqual(interaction["decision"], .string(plan.decision.rawValue))
      XCTAssertEqual(interaction["releaseTime"]?.number, try XCTUnwrap(plan.releaseTime) * 1000)
      // The reason is the interaction JSON's own object.
      let json = try JSONParser.parse(InteractionEncoder.encode(plan))
      XCTAssertEqual(interaction["reason"], json["reason"])
      XCTAssertEqual(doc["duration"]?.number, plan.duration * 1000)
    }
  }

  func testPendingInteractionHasANullReleaseTime() throws {
    // The slow drag without its `ended` sample: no release yet.
    var request = try XCTUnwrap(
      String(decoding: try ExportFixtures.example("interaction-slow-drag"), as: UTF8.self))
    request = request.replacingOccurrences(of: "\"ended\"", with: "\"changed\"")
    let plan = try PlanningService().decodeInteractionRequest(Array(request.utf8))
      .flatMap(PlanningService().interact).get()
    XCTAssertEqual(plan.decision, .pending)
    let doc = try JSONParser.parse(WaapiExporter.export(plan))
    XCTAssertEqual(doc["interaction"]?["decision"], .string("pending"))
    XCTAssertEqual(doc["interaction"]?["releaseTime"], .null)
  }

  func testZeroDurationGivesTwoEqualKeyframes() throws {
    let state = LayerState(
      frame: Rect(x: 1, y: 2, width: 3, height: 4), alpha: 0.5, transform: .identity)
    let timeline = Timeline(
      style: "zoom", operation: .pop, container: Size(width: 10, height: 20), duration: 0,
      frameRate: 60,
      layers: [.init(id: "a", content: .color("#FF0000"), anchor: Point(x: 0, y: 1))],
      times: [0], keyframes: [[state]])
    let doc = try JSONParser.parse(WaapiExporter.write(timeline, interaction: nil, request: nil))
    let layer = try XCTUnwrap(doc["layers"]?.array?.first)
    let keyframes = try XCTUnwrap(layer["keyframes"]?.array)
    XCTAssertEqual(keyframes.map { $0["offset"] }, [.number(0), .number(1)])
    XCTAssertEqual(keyframes[0]["left"], keyframes[1]["left"])
    XCTAssertEqual(keyframes[0]["transformOrigin"], .string("0% 100%"))
    XCTAssertEqual(layer["options"]?["duration"], .number(0))
  }

  func testDeterministic() throws {
    let a = WaapiExporter.export(try ExportFixtures.plan("cartSheet-dismiss"))
    let b = WaapiExporter.export(try ExportFixtures.plan("cartSheet-dismiss"))
    XCTAssertEqual(a, b)
  }
}
