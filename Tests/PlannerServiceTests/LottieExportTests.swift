import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `lottie` document beyond what the schema checks (scripts/stages/lottie-check.sh does that):
/// what players need, the layer order, every keyframe's value against the plan, and the out
/// point where a player holding its last frame shows the plan's end.
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
    XCTAssertEqual(doc["op"]?.number, Self.expectedOutPoint(timeline), file: file, line: line)
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

  /// The out point the export must write: the first whole frame at least one frame past the last
  /// sample's frame (that frame snapped to a whole one when it misses it by rounding only).
  static func expectedOutPoint(_ timeline: Timeline) -> Double {
    let last = (timeline.times.last ?? 0) * Double(timeline.frameRate)
    let snapped = abs(last - last.rounded()) < 1e-9 ? last.rounded() : last
    return snapped.rounded(.up) + 1
  }

  /// The value of an animated property at `frame` as a Lottie player computes it: linear
  /// between the keyframes around it (every key the export writes eases linearly), the last
  /// key's value held after it.
  func valueAt(_ keys: [JSONValue], frame: Double) throws -> [Double] {
    let t = keys.map { $0["t"]?.number ?? .nan }
    let s = try keys.map { try XCTUnwrap($0["s"]?.array).compactMap(\.number) }
    guard let next = t.firstIndex(where: { $0 > frame }) else { return s[s.count - 1] }
    guard next > 0 else { return s[0] }
    let u = (frame - t[next - 1]) / (t[next] - t[next - 1])
    return zip(s[next - 1], s[next]).map { $0 + ($1 - $0) * u }
  }

  /// Every animated property of a document, with the path that names it.
  func animatedProperties(_ value: JSONValue, _ path: String = "") -> [(String, [JSONValue])] {
    switch value {
    case .object(let members):
      if value["a"] == .number(1), let keys = value["k"]?.array {
        return [(path, keys)]
      }
      return members.flatMap { animatedProperties($0.value, path + "/" + $0.key) }
    case .array(let items):
      return items.enumerated().flatMap { animatedProperties($1, path + "/\($0)") }
    default:
      return []
    }
  }

  /// What keeps a player holding its last frame from showing the plan's end: lottie-web stops
  /// on frame floor(op) - 1, and ThorVG draws a frame asked for at or past op as op - 1; that
  /// frame must show every animated property at its last key, the plan's end state. The out
  /// point is the least whole frame that does so (frame op - 2 is before the last sample).
  func endStateMisses(_ doc: JSONValue, lastSampleFrame last: Double) throws -> [String] {
    var misses: [String] = []
    let op = try XCTUnwrap(doc["op"]?.number)
    if op != op.rounded() { misses.append("op \(op) is not a whole frame") }
    if op - 1 < last - 1e-9 { misses.append("op \(op) - 1 is before the last sample \(last)") }
    if op - 2 >= last - 1e-9 {
      misses.append("op \(op) is not minimal for the last sample \(last)")
    }
    for layer in try XCTUnwrap(doc["layers"]?.array) where layer["op"]?.number != op {
      misses.append("layer \(layer["nm"]?.text ?? "?") ends at \(layer["op"]?.number ?? .nan)")
    }
    let held = op.rounded(.up) - 1
    for (path, keys) in animatedProperties(try XCTUnwrap(doc["layers"])) {
      let end = try XCTUnwrap(keys.last?["s"]?.array).compactMap(\.number)
      let value = try valueAt(keys, frame: held)
      if value != end { misses.append("\(path) at frame \(held) is \(value), the end \(end)") }
    }
    return misses
  }

  func assertHoldsEndState(
    _ timeline: Timeline, _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let last = (timeline.times.last ?? 0) * Double(timeline.frameRate)
    let misses = try endStateMisses(try document(timeline), lastSampleFrame: last)
    XCTAssertEqual(misses, [], name, file: file, line: line)
  }

  func testEveryExampleHoldsItsEndStateAtTheLastFrameBeforeTheOutPoint() throws {
    for name in ExportFixtures.exampleNames {
      try assertHoldsEndState(try ExportFixtures.plan(name).timeline, name)
    }
    for name in ExportFixtures.interactionNames + ExportFixtures.heroInteractionNames {
      try assertHoldsEndState(try ExportFixtures.interaction(name).timeline, name)
    }
  }

  /// The document with its out point (and every layer's) replaced.
  func withOutPoint(_ doc: JSONValue, _ op: Double) -> JSONValue {
    func replaced(_ value: JSONValue) -> JSONValue {
      guard case .object(let members) = value else { return value }
      return .object(members.map { $0.key == "op" ? JSONMember("op", .number(op)) : $0 })
    }
    guard case .object(let members) = replaced(doc) else { return doc }
    return .object(
      members.map {
        guard $0.key == "layers", case .array(let layers) = $0.value else { return $0 }
        return JSONMember("layers", .array(layers.map(replaced)))
      })
  }

  /// Negative control: the out point the export wrote before (the last sample's frame, 55.5 for
  /// interaction-back-retry, whose completion moves about 200 px in its last frame) and one a
  /// frame too late are both caught.
  func testTheHeldEndCheckCatchesAnOutPointAtTheLastSampleAndOneTooLate() throws {
    let timeline = try ExportFixtures.interaction("interaction-back-retry").timeline
    let last = try XCTUnwrap(timeline.times.last) * Double(timeline.frameRate)
    let doc = try document(timeline)
    let early = try endStateMisses(withOutPoint(doc, last), lastSampleFrame: last)
    XCTAssertTrue(early.contains { $0.contains("before the last sample") }, "\(early)")
    XCTAssertTrue(early.contains { $0.contains("at frame 55.0") }, "\(early)")
    let late = try endStateMisses(withOutPoint(doc, last.rounded(.up) + 2), lastSampleFrame: last)
    XCTAssertTrue(late.contains { $0.contains("not minimal") }, "\(late)")
  }

  /// A last sample between frames (44.199) and a zero-length timeline: op 46 and op 1.
  func testFractionalAndZeroLengthTimelinesGetAWholeOutPointPastTheEnd() throws {
    let base = try ExportFixtures.plan("zoom-push").timeline
    var fractional = base
    fractional.times = Array(base.times.prefix(45))
    fractional.times[44] = 44.199 / 60
    fractional.duration = fractional.times[44]
    fractional.keyframes = base.keyframes.map { Array($0.prefix(45)) }
    fractional.details = base.details.map { Array($0.prefix(45)) }
    XCTAssertEqual(try document(fractional)["op"]?.number, 46)
    try assertHoldsEndState(fractional, "fractional")

    var still = base
    still.times = [0]
    still.duration = 0
    still.keyframes = base.keyframes.map { [$0[0]] }
    still.details = base.details.map { Array($0.prefix(1)) }
    XCTAssertEqual(try document(still)["op"]?.number, 1)
    try assertHoldsEndState(still, "zero-length")
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
