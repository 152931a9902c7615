import Foundation
import JSON
import TestSupport
import TransitionEngine
import XCTest

@testable import PlannerService

/// The docs/API.md example of `POST /v1/interactions`.
let interactionExampleJSON = """
  {
    "transition": {"style": "zoom", "operation": "pop", "container": {"width": 390, "height": 844},
                   "source": {"x": 16, "y": 220, "width": 170, "height": 170},
                   "destination": {"x": 0, "y": 91, "width": 390, "height": 390}, "frameRate": 60},
    "gesture": {
      "direction": "either",
      "samples": [{"t": 0.000, "x": 0, "y": 0, "state": "began"},
                  {"t": 0.016, "x": 9, "y": 1, "state": "changed"},
                  {"t": 0.300, "x": 180, "y": 4, "state": "ended"}]
    },
    "release": {"policy": "threshold", "threshold": 0.35},
    "completion": {"speed": 1.0, "curve": "easeInOut"}
  }
  """

let transitionJSON =
  #"{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}}"#

func interactionProblem(_ json: String, limits: PlannerLimits = .init()) -> Problem? {
  if case .failure(let p) = PlanningService(limits: limits).interactionBody(Array(json.utf8)) {
    return p
  }
  return nil
}

func keys(_ v: JSONValue?) -> [String] {
  guard case .object(let members) = v else { return [] }
  return members.map(\.key)
}

final class InteractionWireTests: XCTestCase {
  func testDecodesTheAPIExampleAndDefaults() throws {
    let r = try XCTUnwrap(
      PlanningService().decodeInteractionRequest(Array(interactionExampleJSON.utf8)).get()
        as? PanRequest)
    XCTAssertEqual(r.transition.style, "zoom")
    XCTAssertEqual(r.transition.operation, .pop)
    XCTAssertEqual(r.gesture.direction, .either)
    XCTAssertNil(r.gesture.distance)
    XCTAssertEqual(
      r.gesture.samples,
      [
        GestureSample(t: 0, x: 0, y: 0, state: .began),
        GestureSample(t: 0.016, x: 9, y: 1, state: .changed),
        GestureSample(t: 0.3, x: 180, y: 4, state: .ended),
      ])
    XCTAssertEqual(r.release, .threshold(threshold: 0.35))
    XCTAssertEqual(r.completionSpeed, 1)
    XCTAssertEqual(r.completionCurve, .easeInOut)

    let minimal = try XCTUnwrap(
      PlanningService().decodeInteractionRequest(
        Array(
          #"{"transition":\#(transitionJSON),"gesture":{"direction":"upward","distance":300,"samples":[{"t":5,"x":1,"y":-2,"vx":3,"vy":-4,"state":"began"}]},"release":{"policy":"projected"}}"#
            .utf8)
      ).get() as? PanRequest)
    XCTAssertEqual(minimal.gesture.direction, .upward)
    XCTAssertEqual(minimal.gesture.distance, 300)
    XCTAssertEqual(
      minimal.gesture.samples, [GestureSample(t: 5, x: 1, y: -2, vx: 3, vy: -4, state: .began)])
    XCTAssertEqual(minimal.release, .projected(decelerationRate: 0.998))
    XCTAssertEqual(minimal.completionSpeed, 1)
    XCTAssertEqual(minimal.completionCurve, .easeInOut)
    let system = try XCTUnwrap(
      PlanningService().decodeInteractionRequest(
        Array(
          #"{"transition":\#(transitionJSON),"gesture":{"samples":[{"t":0,"x":0,"y":0,"state":"began"}]},"release":{"policy":"system"},"completion":{"speed":-1,"curve":"linear"}}"#
            .utf8)
      ).get() as? PanRequest)
    XCTAssertEqual(system.release, .system)
    XCTAssertEqual(system.completionSpeed, -1)
    XCTAssertEqual(system.effectiveCompletionSpeed, 1)
    XCTAssertEqual(system.completionCurve, .linear)
  }

  func testReportsEveryInvalidFieldAndEveryBadSampleByPointer() throws {
    let json = """
      {"transition": {"style": "zoom", "operation": "pop", "container": {"width": 0, "height": 844},
                      "source": {"x": 16, "y": 220, "width": 170, "height": 170},
                      "destination": {"x": 0, "y": 91, "width": 390, "height": 390}},
       "gesture": {"direction": "sideways", "distance": -5, "samples": [
         {"t": 0, "x": 0, "y": 0, "state": "changed"},
         {"t": 0.1, "x": "a", "y": 0, "state": "ended"},
         {"t": 0.05, "x": 1e999, "y": 0, "state": "changed"},
         {"t": 0.2, "y": 0, "vx": true, "state": "began"},
         {"t": "late", "x": 0, "y": 0, "state": "flying"},
         {"t": 700, "x": 0, "y": 0, "state": "ended"}]},
       "release": {"policy": "projected", "decelerationRate": 1},
       "completion": {"speed": 0.001, "curve": "bouncy"}}
      """
    let p = try XCTUnwrap(interactionProblem(json))
    XCTAssertEqual(p.status, 422)
    XCTAssertEqual(p.type, "/problems/invalid-request")
    XCTAssertEqual(p.detail, "17 fields are invalid")
    XCTAssertEqual(
      p.errors.map(\.pointer),
      [
        "/transition/container/width", "/gesture/direction", "/gesture/distance",
        "/gesture/samples/0/state", "/gesture/samples/1/x", "/gesture/samples/1/state",
        "/gesture/samples/2/x", "/gesture/samples/2/t", "/gesture/samples/3/x",
        "/gesture/samples/3/vx", "/gesture/samples/3/state", "/gesture/samples/4/t",
        "/gesture/samples/4/state", "/gesture/samples/5/t", "/release/decelerationRate",
        "/completion/speed", "/completion/curve",
      ])
    let messages = Dictionary(p.errors.map { ($0.pointer, $0.message) }) { a, _ in a }
    XCTAssertEqual(
      messages["/gesture/samples/0/state"], "must be began: a stream starts with its began sample")
    XCTAssertEqual(
      messages["/gesture/samples/1/state"], "ended is allowed only as the last sample")
    XCTAssertEqual(
      messages["/gesture/samples/2/t"],
      "must be >= the previous sample's t (0.1): times never decrease")
    XCTAssertEqual(
      messages["/gesture/samples/2/x"], "must be a finite number (the literal overflows a double)")
    XCTAssertEqual(
      messages["/gesture/samples/3/state"], "began is allowed only as the first sample")
    XCTAssertEqual(
      messages["/gesture/samples/4/state"],
      "must be one of began, changed, ended, cancelled, failed")
    XCTAssertEqual(
      messages["/gesture/samples/5/t"],
      "is 700.0 s after the first sample; a stream spans at most 600.0 s")
    XCTAssertEqual(messages["/release/decelerationRate"], "must be > 0 and < 1")
    XCTAssertEqual(messages["/completion/speed"], "must be <= 0 (meaning 1) or from 0.01 to 100")
    XCTAssertEqual(
      messages["/gesture/direction"],
      "must be one of either, rightward, leftward, upward, downward")
  }

  func testRequiredPartsAndStreamShape() {
    XCTAssertEqual(interactionProblem("{}")?.errors.map(\.pointer), ["/transition", "/gesture"])
    XCTAssertEqual(interactionProblem("[]")?.errors.map(\.pointer), [""])
    XCTAssertEqual(
      interactionProblem(#"{"transition":{"style":"zoom"},"gesture":{}}"#)?.errors.map(\.pointer),
      [
        "/transition/operation", "/transition/container", "/transition/source",
        "/transition/destination", "/gesture/samples",
      ])
    func samples(_ text: String, limits: PlannerLimits = .init()) -> [FieldError] {
      interactionProblem(
        #"{"transition":\#(transitionJSON),"gesture":{"samples":\#(text)}}"#, limits: limits)?
        .errors ?? []
    }
    XCTAssertEqual(
      samples("[]"),
      [
        FieldError(
          pointer: "/gesture/samples", message: "must hold at least one sample (state began)")
      ])
    XCTAssertEqual(
      samples("{}"),
      [
        FieldError(
          pointer: "/gesture/samples", message: "must be an array of samples, not an object")
      ])
    XCTAssertEqual(
      samples(#"[{"t":0,"x":0,"y":0,"state":"began"},null,3]"#).map(\.pointer),
      ["/gesture/samples/1", "/gesture/samples/2"])
    // The sample limit (10,000 by default) is configurable; over it, only the count is reported.
    var limits = PlannerLimits()
    limits.maximumGestureSamples = 3
    XCTAssertEqual(
      samples(
        #"[{"t":0,"x":0,"y":0,"state":"began"},{"t":-1},{},{"t":1,"x":0,"y":0,"state":"ended"}]"#,
        limits: limits),
      [FieldError(pointer: "/gesture/samples", message: "has 4 samples; at most 3 are allowed")])
    let many =
      "["
      + (0..<10_001).map { #"{"t":\#(Double($0) / 120),"x":0,"y":0,"state":"changed"}"# }
      .joined(separator: ",") + "]"
    XCTAssertEqual(samples(many).map(\.pointer), ["/gesture/samples"])
    // Exactly 10,000 samples (83 s at 120 Hz) are fine.
    let tenThousand =
      "["
      + (0..<10_000).map {
        #"{"t":\#(Double($0) / 120),"x":\#($0 % 400),"y":0,"state":"\#($0 == 0 ? "began" : "changed")"}"#
      }.joined(separator: ",") + "]"
    XCTAssertEqual(samples(tenThousand), [])
    // The span: the first sample more than 600 s after the first one, once.
    XCTAssertEqual(
      samples(
        #"[{"t":10,"x":0,"y":0,"state":"began"},{"t":610,"x":0,"y":0,"state":"changed"},{"t":611,"x":0,"y":0,"state":"changed"},{"t":612,"x":0,"y":0,"state":"ended"}]"#
      ).map(\.pointer), ["/gesture/samples/2/t"])
  }

  // Interactions have their own keyframe limit (checked before sampling), and every answer a
  // byte limit in its format; both are 422 at the transition's frame rate.
  func testInteractionsAndAnswersAreBoundedInKeyframesAndBytes() throws {
    var few = PlannerLimits()
    few.maximumInteractionKeyframes = 30
    let p = interactionProblem(GestureFixture.slowDrag.requestJSON(), limits: few)
    XCTAssertEqual(p?.errors.map(\.pointer), ["/transition/frameRate"])
    XCTAssertTrue(p?.errors.first?.message.contains("over the limit of 30") ?? false)
    XCTAssertEqual(PlannerLimits().maximumInteractionKeyframes, 50_000)

    var small = PlannerLimits()
    small.maximumResponseBytes = 5000
    let big = interactionProblem(GestureFixture.slowDrag.requestJSON(), limits: small)
    XCTAssertEqual(big?.status, 422)
    XCTAssertEqual(big?.errors.map(\.pointer), ["/transition/frameRate"])
    XCTAssertTrue(big?.errors.first?.message.contains("over the limit of 5000") ?? false)
    small.maximumResponseBytes = 7000
    let plan = problem(zoomPushJSON, limits: small)
    XCTAssertEqual(plan?.errors.map(\.pointer), ["/frameRate"])
    XCTAssertTrue(
      plan?.errors.first?.message.contains("the json answer would be 19869 bytes") ?? false)
    let svg = PlanningService(limits: small).planBody(Array(zoomPushJSON.utf8), format: .svg)
    XCTAssertNotNil(try? svg.get(), "the SVG filmstrip of the same plan is small enough")
  }

  func testEngineRefusalsPointIntoTheTransition() {
    var limits = PlannerLimits()
    limits.maximumInteractionKeyframes = 30
    let p = interactionProblem(GestureFixture.slowDrag.requestJSON(), limits: limits)
    XCTAssertEqual(p?.status, 422)
    XCTAssertEqual(p?.errors.map(\.pointer), ["/transition/frameRate"])
    let spring = interactionProblem(
      #"{"transition":{"style":"cartSheet","operation":"present","container":{"width":390,"height":844},"timing":{"curve":{"type":"springPhysics","damping":0}}},"gesture":{"samples":[{"t":0,"x":0,"y":0,"state":"began"}]}}"#
    )
    XCTAssertEqual(spring?.errors.map(\.pointer), ["/transition/timing/curve"])
    XCTAssertEqual(interactionProblem("{\"transition\": nope}")?.status, 400)
  }

  func testResponseKeysFollowAPIOrder() throws {
    let bytes = try PlanningService().interactionBody(Array(interactionExampleJSON.utf8)).get()
    let v = try JSONParser.parse(bytes)
    XCTAssertEqual(
      keys(v),
      [
        "engineVersion", "decision", "reason", "progress", "completion", "duration", "frameRate",
        "timing", "layers", "actions",
      ])
    XCTAssertEqual(v["engineVersion"], .string("1.0.0"))
    XCTAssertEqual(v["decision"], .string("finish"))
    XCTAssertEqual(
      keys(v["reason"]),
      [
        "policy", "progress", "velocity", "acceleration", "threshold", "velocitySource", "state",
      ])
    XCTAssertEqual(v["reason"]?["progress"], .number(180.0 / 390))
    XCTAssertEqual(v["reason"]?["threshold"], .number(0.35))
    XCTAssertEqual(v["reason"]?["state"], .string("ended"))
    guard case .array(let progress) = v["progress"] else { return XCTFail("no progress") }
    XCTAssertEqual(progress.count, 3)
    XCTAssertEqual(keys(progress[1]), ["t", "progress", "animationTime"])
    XCTAssertEqual(progress[2]["t"], .number(0.3))
    XCTAssertEqual(progress[2]["animationTime"], .number(180.0 / 390 * 0.25))
    XCTAssertEqual(keys(v["completion"]), ["from", "to", "duration", "curve"])
    XCTAssertEqual(v["completion"]?["to"], .number(1))
    XCTAssertEqual(v["completion"]?["curve"], .string("easeInOut"))
    XCTAssertEqual(v["completion"]?["duration"], .number((1 - 180.0 / 390) * 0.25))
    XCTAssertEqual(v["duration"], .number(0.3 + (1 - 180.0 / 390) * 0.25))
    XCTAssertEqual(v["frameRate"], .number(60))
    XCTAssertEqual(keys(v["timing"]), ["duration", "curve"])
    guard case .array(let layers) = v["layers"] else { return XCTFail("no layers") }
    XCTAssertEqual(
      layers.map { $0["id"] }, [.string("toView"), .string("fromView"), .string("snapshot")])
    XCTAssertEqual(
      keys(layers[2]), ["id", "content", "anchor", "frame", "alpha", "tracks", "keyframes"])
    guard case .array(let frames) = layers[2]["keyframes"] else { return XCTFail("no keyframes") }
    XCTAssertEqual(keys(frames[0]), ["t", "frame", "alpha"])
    // The 27 grid points i/60 before the end (0.4346 s), of which 18/60 = 0.3 is replaced by
    // the release keyframe, and the end.
    XCTAssertEqual(frames.count, 28)
    XCTAssertEqual(frames[18]["t"], .number(0.3))
    XCTAssertEqual(frames.last?["t"], v["duration"])
    XCTAssertEqual(frames.last?["frame"]?["x"], .number(16))  // the source: the end of the pop
    XCTAssertEqual(keys(v["actions"]), ["start", "finish"])
    guard case .array(let finish) = v["actions"]?["finish"] else { return XCTFail("no finish") }
    XCTAssertEqual(keys(finish[0]), ["t", "target", "hidden"])
    XCTAssertEqual(finish[0]["t"], v["duration"])
    XCTAssertEqual(v["actions"]?["start"]?.arrayFirst?["t"], .number(0))
  }

  func testReasonFiguresPerPolicyPendingAndCancel() throws {
    func response(_ json: String) throws -> JSONValue {
      try JSONParser.parse(PlanningService().interactionBody(Array(json.utf8)).get())
    }
    let projected = try response(GestureFixture.fastFlick.requestJSON(policy: "projected"))
    XCTAssertEqual(projected["decision"], .string("finish"))
    XCTAssertEqual(
      keys(projected["reason"]),
      [
        "policy", "progress", "velocity", "acceleration", "decelerationRate", "projection",
        "projectedProgress", "velocitySource", "state",
      ])
    let system = try response(GestureFixture.dragBack.requestJSON(policy: "system"))
    XCTAssertEqual(system["decision"], .string("cancel"))
    XCTAssertEqual(
      keys(system["reason"]),
      [
        "policy", "progress", "velocity", "acceleration", "score", "limit", "velocitySource",
        "state",
      ])
    XCTAssertEqual(system["reason"]?["limit"], .number(187.5 / 390))
    XCTAssertEqual(keys(system["actions"]), ["start", "cancel"])
    XCTAssertEqual(system["completion"]?["to"], .number(0))

    let pending = try response(
      #"{"transition":\#(transitionJSON),"gesture":{"samples":[{"t":0,"x":0,"y":0,"state":"began"},{"t":0.05,"x":40,"y":0,"vx":800,"state":"changed"}]}}"#
    )
    XCTAssertEqual(pending["decision"], .string("pending"))
    XCTAssertEqual(pending["completion"], .null)
    XCTAssertEqual(pending["duration"], .number(0.05))
    XCTAssertEqual(keys(pending["actions"]), ["start"])
    XCTAssertEqual(pending["reason"]?["state"], .string("changed"))
    XCTAssertEqual(pending["reason"]?["velocity"], .number(800))
    XCTAssertEqual(pending["reason"]?["velocitySource"], .string("samples"))
  }

  func testEncodingIsDeterministic() throws {
    let body = Array(GestureFixture.slowDrag.requestJSON().utf8)
    let a = try PlanningService().interactionBody(body).get()
    let b = try PlanningService().interactionBody(body).get()
    XCTAssertEqual(a, b)
    // A different but equivalent spelling of the same request gives the same bytes.
    let spaced = Array(
      GestureFixture.slowDrag.requestJSON().replacingOccurrences(of: ",", with: ", ").utf8)
    XCTAssertEqual(try PlanningService().interactionBody(spaced).get(), a)
  }

  func testFixtureGeneratorMatchesTheExampleFiles() throws {
    for fixture in GestureFixture.allCases {
      let file = try JSONParser.parse(Array(try Data(contentsOf: fixture.exampleURL)))
      let generated = try JSONParser.parse(Array(fixture.requestJSON().utf8))
      XCTAssertEqual(
        file["gesture"]?["samples"], generated["gesture"]?["samples"], fixture.rawValue)
      XCTAssertEqual(file["release"], generated["release"], fixture.rawValue)
      XCTAssertEqual(
        try PlanningService().decodeInteractionRequest(
          Array(try Data(contentsOf: fixture.exampleURL))
        )
        .get() as? PanRequest,
        try PlanningService().decodeInteractionRequest(Array(fixture.requestJSON().utf8)).get()
          as? PanRequest,
        fixture.rawValue)
    }
  }
}

extension JSONValue {
  fileprivate var arrayFirst: JSONValue? {
    guard case .array(let items) = self else { return nil }
    return items.first
  }
}
