import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

final class PlanEncoderTests: XCTestCase {
  func plan(_ json: String) throws -> JSONValue {
    let bytes = try PlanningService().planBody(Array(json.utf8)).get()
    return try JSONParser.parse(bytes)
  }

  func keys(_ v: JSONValue?) -> [String] {
    guard case .object(let members) = v else { return [] }
    return members.map(\.key)
  }

  func testTopLevelKeysAndTimingFollowAPIOrder() throws {
    let v = try plan(zoomPushJSON)
    XCTAssertEqual(
      keys(v),
      [
        "engineVersion", "style", "operation", "container", "duration", "frameRate", "timing",
        "layers", "actions",
      ])
    XCTAssertEqual(v["engineVersion"], .string("1.0.0"))
    XCTAssertEqual(v["duration"], .number(1))
    let curve = v["timing"]?["curve"]
    XCTAssertEqual(curve?["type"], .string("spring"))
    XCTAssertEqual(curve?["stiffness"], .number(115.62183950967554))
    XCTAssertEqual(curve?["damping"], .number(12.903311547580829))
    XCTAssertEqual(curve?["mass"], .number(1))
  }

  func testLayersCarryContentTracksAndAKeyframePerSample() throws {
    let v = try plan(zoomPushJSON)
    guard case .array(let layers) = v["layers"] else { return XCTFail("no layers") }
    XCTAssertEqual(
      layers.map { $0["id"] }, [.string("fromView"), .string("toView"), .string("snapshot")])
    let snapshot = layers[2]
    XCTAssertEqual(keys(snapshot["content"]), ["kind", "screen", "element", "contentMode"])
    XCTAssertEqual(snapshot["content"]?["contentMode"], .string("aspectFit"))
    guard case .array(let tracks) = snapshot["tracks"],
      case .array(let frames) = snapshot["keyframes"]
    else {
      return XCTFail("no tracks or keyframes")
    }
    XCTAssertEqual(tracks.first?["property"], .string("frame"))
    XCTAssertEqual(frames.count, 61)
    XCTAssertEqual(keys(frames[0]), ["t", "frame", "alpha"])
    XCTAssertEqual(frames[60]["t"], .number(1))
    XCTAssertEqual(frames[60]["frame"]?["width"], .number(390))
    XCTAssertEqual(frames[30]["t"], .number(0.5))
    guard case .number(let x) = frames[30]["frame"]?["x"] else { return XCTFail() }
    XCTAssertEqual(x, 16 - 16 * 1.038955774, accuracy: 1e-6)
    XCTAssertEqual(
      v["actions"]?["finish"],
      try JSONParser.parse(
        #"[{"target":{"element":"source"},"hidden":false},{"target":{"element":"destination"},"hidden":false},{"target":{"layer":"snapshot"},"remove":true}]"#
      ))
  }

  func testTransformsAppearOnlyWhenNotTheIdentity() throws {
    let v = try plan(
      #"{"style":"cartSheet","operation":"present","container":{"width":390,"height":844},"frameRate":4}"#
    )
    guard case .array(let layers) = v["layers"], case .array(let frames) = layers[0]["keyframes"]
    else {
      return XCTFail()
    }
    XCTAssertNil(frames[0]["transform"])
    guard case .array(let last) = frames.last?["transform"] else {
      return XCTFail("no end transform")
    }
    XCTAssertEqual(last.count, 16)
    XCTAssertEqual(layers[0]["anchor"], try JSONParser.parse(#"{"x":0.5,"y":1}"#))
    XCTAssertEqual(
      v["timing"]?["curve"],
      try JSONParser.parse(#"{"type":"easeInOut","x1":0.42,"y1":0,"x2":0.58,"y2":1}"#))
  }

  // A keyframe is written with one capacity check for its longest possible text: every field
  // at the longest number (24 bytes here; the writer allows 28) and a transform. The text must
  // be what the piecewise writers give, and the writer must have room to spare.
  func testTheLongestKeyframeFitsAndMatchesThePiecewiseText() {
    let long = -2.2250738585072014e-308  // the smallest normal: 24 characters
    let odd = 0.000123456789012345678  // positional with zeros after the point
    var transform = Transform3D.identity
    transform.m11 = long
    transform.m34 = -1 / 500
    transform.m42 = odd
    transform.m44 = 1.2345678901234567e+15
    let state = LayerState(
      frame: Rect(x: long, y: odd, width: 1e-300, height: 9_007_199_254_740_993),
      alpha: long, transform: transform)
    var w = JSONWriter(capacity: 1)
    KeyframeWriter(times: [long]).write([state], &w)

    var expected = JSONWriter(capacity: 1)
    expected.raw("[{\"t\":")
    expected.number(long)
    expected.raw(",\"frame\":")
    expected.rect(state.frame)
    expected.raw(",\"alpha\":")
    expected.number(long)
    expected.raw(",\"transform\":")
    expected.transform(transform)
    expected.raw("}]")
    XCTAssertEqual(
      String(decoding: w.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self))
    XCTAssertLessThanOrEqual(w.byteCount, KeyframeWriter.maximumKeyframeBytes + 2)
    XCTAssertNoThrow(try JSONParser.parse(w.bytes))
  }

  // A height equal to the width and an m22 equal to m11 are copied from the text just written
  // instead of formatted again; the text must not change, whether or not the pairs are equal.
  func testRepeatedNumbersInAKeyframeMatchThePiecewiseText() {
    func piecewise(_ state: LayerState) -> String {
      var expected = JSONWriter(capacity: 1)
      expected.raw("[{\"t\":0.5,\"frame\":")
      expected.rect(state.frame)
      expected.raw(",\"alpha\":")
      expected.number(state.alpha)
      if !state.transform.isIdentity {
        expected.raw(",\"transform\":")
        expected.transform(state.transform)
      }
      expected.raw("}]")
      return String(decoding: expected.bytes, as: UTF8.self)
    }
    let cases: [(width: Double, height: Double, m11: Double, m22: Double)] = [
      (398.5702703437804, 398.5702703437804, 0.7234567890123456, 0.7234567890123456),
      (398.5702703437804, 398.57027034378036, 1.5, 2.5),
      (170, 170, -1e-7, -1e-7),
      (0.0, -0.0, 0.0, -0.0),
      (1e-300, 1e-300, 1.2345678901234567e+15, 1.2345678901234567e+15),
      (12.25, 3, 1, 1),
    ]
    for c in cases {
      var transform = Transform3D.identity
      transform.m11 = c.m11
      transform.m22 = c.m22
      let state = LayerState(
        frame: Rect(x: -1.451102592299182, y: 82.42972965621959, width: c.width, height: c.height),
        alpha: 0.25, transform: transform)
      var w = JSONWriter(capacity: 1)
      KeyframeWriter(times: [0.5]).write([state], &w)
      XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), piecewise(state), "\(c)")
    }
  }

  func testEncodingIsByteIdenticalForEqualRequests() throws {
    let a = try PlanningService().planBody(Array(zoomPushJSON.utf8)).get()
    let reordered =
      #"{"frameRate":60,"operation":"push","style":"zoom","destination":{"y":91,"x":0,"width":390,"height":390},"source":{"x":16,"y":220,"width":170,"height":170},"container":{"width":390,"height":844},"timing":{"curve":{"type":"spring","initialVelocity":1,"dampingRatio":0.6},"duration":1}}"#
    let b = try PlanningService().planBody(Array(reordered.utf8)).get()
    XCTAssertEqual(a, b)
  }

  func testEveryCurveTypeEchoesItsResolvedParameters() throws {
    let base =
      #""style":"cartSheet","operation":"dismiss","container":{"width":390,"height":844},"frameRate":10"#
    let cases: [(String, [String])] = [
      (
        #"{"type":"cubicBezier","x1":0.2,"y1":-0.5,"x2":0.3,"y2":1.5}"#,
        ["type", "x1", "y1", "x2", "y2"]
      ),
      (
        #"{"type":"springPhysics"}"#,
        ["type", "mass", "stiffness", "damping", "initialVelocity", "allowOverdamping"]
      ),
      (
        #"{"type":"springResponse","response":0.4}"#,
        ["type", "response", "dampingRatio", "mass", "stiffness", "damping"]
      ),
      (
        #"{"type":"springBounce","bounce":-0.3}"#,
        ["type", "duration", "bounce", "mass", "stiffness", "damping"]
      ),
      (
        #"{"type":"spring"}"#,
        ["type", "dampingRatio", "initialVelocity", "mass", "stiffness", "damping"]
      ),
      (#"{"type":"default"}"#, ["type", "x1", "y1", "x2", "y2"]),
    ]
    for (curve, expected) in cases {
      let v = try plan("{\(base),\"timing\":{\"curve\":\(curve)}}")
      XCTAssertEqual(keys(v["timing"]?["curve"]), expected, curve)
    }
  }

  // docs/API.md's member orders for the new model: a layer's `shadow` after `anchor`; a
  // track's `delay` (when > 0) and `path` after `to`; keyframes' `cornerRadius`,
  // `contentFrame` and `shadowOpacity` after `alpha`, only on layers that report them.
  func testTheNewTrackMembersFollowTheAPIOrder() throws {
    let f0 = Rect(x: 16, y: 220, width: 170, height: 170)
    let f1 = Rect(x: 0, y: 91, width: 390, height: 390)
    let content = Rect(x: -42.5, y: 0, width: 255, height: 170)
    let hero = Layer(
      id: "photo@to", content: .color("#000000"), frame: f0, contentFrame: content,
      shadow: LayerShadow(), shadowOpacity: 0.5,
      tracks: [
        .frame(from: f0, to: f1, delay: 0.04, arcControl: Point(x: 195, y: 305)),
        .cornerRadius(from: 12, to: 0),
      ])
    let plain = Layer(id: "plain", content: .color("#000000"), frame: f0)
    let evaluator = ChoreographyEvaluator(
      Choreography(layers: [hero, plain], actions: Actions(start: [], finish: [], cancel: [])))
    let times = [0.0, 0.5]
    let keyframes = (0..<2).map { l in times.map { evaluator.state(ofLayer: l, progress: $0) } }
    let details = [times.map { t in evaluator.detail(ofLayer: 0) { _ in t } }, []]
    var w = JSONWriter(capacity: 1)
    PlanEncoder.writeLayers(
      [hero, plain], times: times, keyframes: keyframes, details: details, &w)
    let layers = try JSONParser.parse(w.bytes)
    guard case .array(let list) = layers, case .object(let first) = list[0],
      case .object(let second) = list[1]
    else { return XCTFail("two layer objects") }
    XCTAssertEqual(
      first.map(\.key),
      ["id", "content", "anchor", "shadow", "frame", "alpha", "tracks", "keyframes"])
    XCTAssertEqual(
      second.map(\.key), ["id", "content", "anchor", "frame", "alpha", "tracks", "keyframes"])
    XCTAssertEqual(
      list[0]["shadow"],
      try JSONParser.parse(Array(##"{"color":"#000000","radius":5,"offset":{"x":0,"y":0}}"##.utf8)))
    guard case .array(let tracks) = list[0]["tracks"], case .object(let frameTrack) = tracks[0]
    else { return XCTFail("tracks") }
    XCTAssertEqual(frameTrack.map(\.key), ["property", "from", "to", "delay", "path"])
    XCTAssertEqual(list[0]["tracks"]?[0]?["path"]?["control"]?["x"], .number(195))
    XCTAssertEqual(list[0]["tracks"]?[1]?["property"], .string("cornerRadius"))
    guard case .object(let radiusTrack) = tracks[1] else { return XCTFail("radius track") }
    XCTAssertEqual(radiusTrack.map(\.key), ["property", "from", "to"], "no delay when 0")
    guard case .array(let frames) = list[0]["keyframes"], case .object(let k) = frames[1],
      case .array(let plainFrames) = list[1]["keyframes"], case .object(let pk) = plainFrames[1]
    else { return XCTFail("keyframes") }
    XCTAssertEqual(
      k.map(\.key), ["t", "frame", "alpha", "cornerRadius", "contentFrame", "shadowOpacity"])
    XCTAssertEqual(pk.map(\.key), ["t", "frame", "alpha"])
    XCTAssertEqual(list[0]["keyframes"]?[1]?["cornerRadius"], .number(6))
    XCTAssertEqual(list[0]["keyframes"]?[1]?["shadowOpacity"], .number(0.5))
    XCTAssertEqual(list[0]["keyframes"]?[0]?["contentFrame"]?["x"], .number(-42.5))
  }
}
