import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `lottie` document beyond what the schema checks (scripts/stages/lottie-check.sh does that):
/// what players need, the layer order, and every keyframe's value against the plan.
final class LottieExportTests: XCTestCase {
  func document(_ timeline: Timeline) throws -> JSONValue {
    try JSONParser.parse(LottieExporter.export(timeline))
  }

  /// The value of an animated or static property at keyframe `i` (static: the same for all),
  /// and the frame of that keyframe when animated.
  func value(_ property: JSONValue?, _ i: Int) throws -> (value: [Double], t: Double?) {
    let p = try XCTUnwrap(property)
    if p["a"] == .number(0) {
      if let n = p["k"]?.number { return ([n], nil) }
      return (try XCTUnwrap(p["k"]?.array).compactMap(\.number), nil)
    }
    let k = try XCTUnwrap(p["k"]?.array)[i]
    return (try XCTUnwrap(k["s"]?.array).compactMap(\.number), k["t"]?.number)
  }

  func assertMatches(
    _ doc: JSONValue, _ timeline: Timeline, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let rate = Double(timeline.frameRate)
    XCTAssertEqual(doc["v"], .string("5.7.0"), file: file, line: line)
    XCTAssertEqual(doc["fr"]?.number, rate, file: file, line: line)
    XCTAssertEqual(doc["ip"]?.number, 0, file: file, line: line)
    XCTAssertEqual(
      try XCTUnwrap(doc["op"]?.number), timeline.duration * rate, accuracy: 1e-9, file: file,
      line: line)
    XCTAssertEqual(doc["w"]?.number, timeline.container.width, file: file, line: line)
    XCTAssertEqual(doc["h"]?.number, timeline.container.height, file: file, line: line)
    XCTAssertEqual(doc["ddd"]?.number, 0, file: file, line: line)
    XCTAssertEqual(doc["assets"], .array([]), file: file, line: line)
    let layers = try XCTUnwrap(doc["layers"]?.array)
    // First layer on top: the plan's bottom-to-top order reversed.
    XCTAssertEqual(
      layers.map { $0["nm"]?.text }, timeline.layers.reversed().map(\.id), file: file, line: line)
    for (n, layer) in layers.enumerated() {
      let l = timeline.layers.count - 1 - n
      let info = timeline.layers[l]
      XCTAssertEqual(layer["ty"]?.number, 4, file: file, line: line)
      XCTAssertEqual(layer["ind"]?.number, Double(n + 1), file: file, line: line)
      XCTAssertEqual(layer["st"]?.number, 0, file: file, line: line)
      XCTAssertEqual(layer["sr"]?.number, 1, file: file, line: line)
      XCTAssertEqual(layer["op"], doc["op"], file: file, line: line)
      let ks = try XCTUnwrap(layer["ks"])
      let group = try XCTUnwrap(layer["shapes"]?.array?.first)
      XCTAssertEqual(group["ty"], .string("gr"))
      let items = try XCTUnwrap(group["it"]?.array)
      let rect = try XCTUnwrap(items.first { $0["ty"] == .string("rc") })
      let fill = try XCTUnwrap(items.first { $0["ty"] == .string("fl") })
      let rgb = ContentPalette.components(ContentPalette.hex(info.content))
      XCTAssertEqual(
        fill["c"]?["k"]?.array?.prefix(3).compactMap(\.number), rgb, file: file, line: line)
      for i in ExportFixtures.someSamples(timeline.times.count) {
        let state = timeline.keyframes[l][i]
        let geometry = timeline.geometry(layer: l, sample: i)
        let (w, h) = (state.frame.width, state.frame.height)
        let a = try value(ks["a"], i).value
        let p = try value(ks["p"], i)
        let s = try value(ks["s"], i).value
        if let t = p.t {
          XCTAssertEqual(t, timeline.times[i] * rate, accuracy: 1e-9, file: file, line: line)
        }
        XCTAssertEqual(a, [info.anchor.x * w, info.anchor.y * h], file: file, line: line)
        XCTAssertEqual(try value(ks["o"], i).value, [state.alpha * 100], file: file, line: line)
        XCTAssertEqual(try value(rect["s"], i).value, [w, h], file: file, line: line)
        XCTAssertEqual(try value(rect["p"], i).value, [w / 2, h / 2], file: file, line: line)
        if state.transform.isIdentity {
          // Exactly the CALayer position and no scale.
          XCTAssertEqual(
            p.value, [geometry.position.x, geometry.position.y], file: file, line: line)
          XCTAssertEqual(s, [100, 100], file: file, line: line)
        } else {
          // Layer point q lands at (q - a) s / 100 + p: the rectangle's corners must span the
          // bounding box of the projected corners.
          let corners = geometry.projectedCorners
          let expected = [
            corners.map(\.x).min()!, corners.map(\.y).min()!, corners.map(\.x).max()!,
            corners.map(\.y).max()!,
          ]
          let drawn = [
            (0 - a[0]) * s[0] / 100 + p.value[0], (0 - a[1]) * s[1] / 100 + p.value[1],
            (w - a[0]) * s[0] / 100 + p.value[0], (h - a[1]) * s[1] / 100 + p.value[1],
          ]
          for (d, e) in zip(drawn, expected) {
            XCTAssertEqual(d, e, accuracy: 1e-9, file: file, line: line)
          }
        }
      }
    }
  }

  func testEveryExampleMatchesItsKeyframes() throws {
    for name in ExportFixtures.exampleNames {
      let timeline = try ExportFixtures.plan(name).timeline
      try assertMatches(try document(timeline), timeline)
    }
    let perspective = try ExportFixtures.plan(json: ExportFixtures.cartSheetPerspectiveJSON)
    try assertMatches(try document(perspective.timeline), perspective.timeline)
  }

  func testInteractionsKeyOffGridSamplesAtFractionalFrames() throws {
    for name in ExportFixtures.interactionNames {
      let plan = try ExportFixtures.interaction(name)
      let timeline = plan.timeline
      let doc = try document(timeline)
      try assertMatches(doc, timeline)
      // The end of the completion is off the 60 fps grid: its frame is fractional.
      let end = timeline.duration
      let layer = try XCTUnwrap(doc["layers"]?.array?.first)
      let animated = try XCTUnwrap(
        [layer["ks"]?["p"], layer["ks"]?["a"], layer["ks"]?["o"]].first { $0?["a"] == .number(1) }
          ?? nil)
      let frames = try XCTUnwrap(animated["k"]?.array).compactMap { $0["t"]?.number }
      XCTAssertEqual(frames.count, timeline.times.count)
      XCTAssertEqual(try XCTUnwrap(frames.last), end * 60, accuracy: 1e-9, name)
      XCTAssertNotEqual(frames.last, frames.last?.rounded(), name)
    }
  }

  func testMetadataSaysTiltIsApproximated() throws {
    let doc = try document(try ExportFixtures.plan("cartSheet-present").timeline)
    let description = try XCTUnwrap(doc["meta"]?["d"]?.text)
    XCTAssertTrue(description.contains("Lottie has no 3D transform"), description)
    XCTAssertTrue(description.contains("approximation"), description)
    XCTAssertTrue(
      doc["meta"]?["k"]?.array?.contains(.string("2D approximation of 3D transforms")) ?? false)
    // The tilted layer's box is scaled away from 100 % while it tilts.
    let layer = try XCTUnwrap(doc["layers"]?.array?.first { $0["nm"] == .string("fromSnapshot") })
    let scales = try XCTUnwrap(layer["ks"]?["s"]?["k"]?.array).compactMap {
      $0["s"]?.array?.compactMap(\.number)
    }
    XCTAssertTrue(scales.contains { $0 != [100, 100] })
  }

  func testStaticPropertiesAreNotKeyframed() throws {
    let doc = try document(try ExportFixtures.plan("zoom-push").timeline)
    // fromView holds still under the zoom: position, scale and opacity are static values.
    let layer = try XCTUnwrap(doc["layers"]?.array?.first { $0["nm"] == .string("fromView") })
    XCTAssertEqual(layer["ks"]?["p"]?["a"], .number(0))
    XCTAssertEqual(layer["ks"]?["p"]?["k"], .array([.number(195), .number(422)]))
    XCTAssertEqual(layer["ks"]?["o"]?["k"], .number(100))
  }

  func testDeterministic() throws {
    let a = LottieExporter.export(try ExportFixtures.plan("expand-push").timeline)
    let b = LottieExporter.export(try ExportFixtures.plan("expand-push").timeline)
    XCTAssertEqual(a, b)
  }
}
