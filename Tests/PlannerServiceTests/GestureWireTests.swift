import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The section 2 request of docs/GESTURES.md with a chosen last sample (`invoked`,
/// `cancelled`, or nil for a pending stream) and `gesture` members before the samples.
func backRequestJSON(
  end: String? = "invoked", gesture: String = #""kind":"back""#,
  transition: String = transitionJSON
) -> String {
  var samples = [
    #"{"t":0,"progress":0,"touchX":2,"touchY":400,"swipeEdge":"left","state":"began"}"#,
    #"{"t":0.05,"progress":0.25,"touchX":80,"touchY":450,"state":"moved"}"#,
    #"{"t":0.1,"progress":0.5,"touchX":150,"touchY":500,"state":"moved"}"#,
  ]
  if let end { samples.append(#"{"t":0.12,"state":"\#(end)"}"#) }
  return
    #"{"transition":\#(transition),"gesture":{\#(gesture),"samples":[\#(samples.joined(separator: ","))]}}"#
}

/// docs/GESTURES.md 8's drag: the zoom pop dragged (0,0) -> (4,60) -> (8,130) -> (10,210).
func dragRequestJSON(
  end: String = "ended", gesture: String = #""kind":"dragDismiss""#, rest: String = ""
) -> String {
  #"{"transition":\#(transitionJSON),"gesture":{\#(gesture),"samples":[{"t":0,"x":0,"y":0,"state":"began"},{"t":0.05,"x":4,"y":60,"state":"changed"},{"t":0.1,"x":8,"y":130,"state":"changed"},{"t":0.15,"x":10,"y":210,"state":"\#(end)"}]}\#(rest)}"#
}

/// `POST /v1/interactions` with `back` and `dragDismiss` (docs/GESTURES.md 2, 6, 7): the
/// answers' members in order, the echo of the resolved parameters, every error by pointer and
/// message, and `pan` unchanged.
final class GestureWireTests: XCTestCase {
  func answer(_ json: String, limits: PlannerLimits = .init()) throws -> JSONValue {
    try JSONParser.parse(PlanningService(limits: limits).interactionBody(Array(json.utf8)).get())
  }

  func errors(_ json: String) -> [String] {
    (interactionProblem(json)?.errors ?? []).map { "\($0.pointer) \($0.message)" }
  }

  func num(_ v: JSONValue?) -> Double { v?.number ?? .nan }

  func json(_ text: String) -> JSONValue { (try? JSONParser.parse(Array(text.utf8))) ?? .null }

  func assertNear(
    _ v: JSONValue?, _ expected: Double, _ tolerance: Double = 1e-11,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(num(v), expected, accuracy: tolerance, file: file, line: line)
  }

  // MARK: - back answers

  func testBackCommitAnswersInSectionSixOrderWithSectionEightFigures() throws {
    let v = try answer(backRequestJSON())
    XCTAssertEqual(
      keys(v),
      [
        "engineVersion", "kind", "pattern", "decision", "reason", "progress", "completion",
        "duration", "frameRate", "timing", "parameters", "layers", "actions",
      ])
    XCTAssertEqual(v["kind"], .string("back"))
    XCTAssertEqual(v["pattern"], .string("crossActivity"))
    XCTAssertEqual(v["decision"], .string("finish"))
    XCTAssertEqual(
      keys(v["reason"]),
      [
        "policy", "state", "progress", "interpolatedProgress", "velocity", "acceleration",
        "swipeEdge", "gestures",
      ])
    XCTAssertEqual(v["reason"]?["policy"], .string("backEvent"))
    XCTAssertEqual(v["reason"]?["state"], .string("invoked"))
    XCTAssertEqual(v["reason"]?["progress"], .number(0.5))
    assertNear(v["reason"]?["interpolatedProgress"], 0.894885802932)
    assertNear(v["reason"]?["velocity"], 3.333333333333)
    XCTAssertEqual(v["reason"]?["swipeEdge"], .string("left"))
    XCTAssertEqual(v["reason"]?["gestures"], .number(1))
    // One progress entry per sample, the invoked one inheriting 0.5; animation time 0 here.
    guard case .array(let progress) = v["progress"] else { return XCTFail("no progress") }
    XCTAssertEqual(progress.map { num($0["progress"]) }, [0, 0.25, 0.5, 0.5])
    XCTAssertEqual(progress.map { num($0["t"]) }, [0, 0.05, 0.1, 0.12])
    XCTAssertEqual(progress.map { num($0["animationTime"]) }, [0, 0, 0, 0])
    XCTAssertEqual(keys(progress[3]), ["t", "progress", "animationTime"])

    let completion = try XCTUnwrap(v["completion"])
    XCTAssertEqual(keys(completion), ["from", "to", "duration", "curve", "fraction", "fling"])
    XCTAssertEqual(completion["from"], .number(0.5))
    XCTAssertEqual(completion["to"], .number(1))
    XCTAssertEqual(completion["duration"], .number(0.45))
    XCTAssertEqual(completion["curve"], .string("emphasized"))
    XCTAssertEqual(completion["fraction"], .string("accelerateDecelerate"))
    XCTAssertEqual(keys(completion["fling"]), ["velocity", "mass", "stiffness", "damping"])
    assertNear(completion["fling"]?["velocity"], -333.333333333333, 1e-9)
    XCTAssertEqual(completion["fling"]?["mass"], .number(1))
    XCTAssertEqual(completion["fling"]?["stiffness"], .number(200))
    assertNear(completion["fling"]?["damping"], 21.213203435596)
    assertNear(v["duration"], 0.57)
    XCTAssertEqual(v["frameRate"], .number(60))

    // The resolved parameters, all of crossActivity's, in 4.6's order.
    XCTAssertEqual(
      keys(v["parameters"]),
      [
        "minScale", "edgeMargin", "cornerRadius", "gestureCurve", "enteringOffset", "scrimAlpha",
        "commitDuration", "commitCurve", "commitFraction", "closingFadeRate", "cancelStiffness",
        "cancelDampingRatio", "fling", "flingStiffness", "flingDampingRatio", "flingMaxVelocity",
        "flingDefaultVelocity", "flingMinProgress",
      ])
    let p = try XCTUnwrap(v["parameters"])
    XCTAssertEqual(p["minScale"], .number(0.9))
    XCTAssertEqual(p["edgeMargin"], .number(8))
    XCTAssertEqual(p["cornerRadius"], .number(32))
    XCTAssertEqual(p["gestureCurve"], .string("backGesture"))
    XCTAssertEqual(p["commitCurve"], .string("emphasized"))
    XCTAssertEqual(p["fling"], .bool(true))
    XCTAssertEqual(p["flingMinProgress"], .number(0.1))

    // The scrim sits right below the closing group's lowest layer, at the container.
    guard case .array(let layers) = v["layers"] else { return XCTFail("no layers") }
    XCTAssertEqual(
      layers.map { $0["id"]?.text ?? "" }, ["toView", "backScrim", "fromView", "snapshot"])
    let scrim = layers[1]
    XCTAssertEqual(
      keys(scrim), ["id", "content", "anchor", "frame", "alpha", "tracks", "keyframes"])
    XCTAssertEqual(
      scrim["content"],
      json(##"{"kind":"color","color":"#000000"}"##))
    XCTAssertEqual(scrim["alpha"], .number(0.2))
    XCTAssertEqual(scrim["frame"]?["width"], .number(390))
    guard case .array(let scrimFrames) = scrim["keyframes"],
      case .array(let closing) = layers[2]["keyframes"],
      case .array(let snapshot) = layers[3]["keyframes"]
    else { return XCTFail("no keyframes") }
    XCTAssertEqual(keys(scrimFrames[0]), ["t", "frame", "alpha"])
    XCTAssertEqual(scrimFrames.last?["alpha"], .number(0))
    // Rounded screens carry cornerRadius in every keyframe, 0 at the end; the snapshot at the
    // source (the end of the pop).
    XCTAssertTrue(closing.allSatisfy { $0["cornerRadius"] != nil })
    XCTAssertEqual(closing.last?["cornerRadius"], .number(0))
    XCTAssertEqual(closing.last?["t"], v["duration"])
    XCTAssertEqual(snapshot.last?["frame"]?["x"], .number(16))
    XCTAssertEqual(snapshot.last?["frame"]?["width"], .number(170))
    // The release keyframe (0.12 s) is the preview at p 0.5, dy +100: a pose of scale
    // lerp(1, 0.9, g) about the container's corner, rounded 32 g.
    let release = try XCTUnwrap(closing.first { $0["t"] == .number(0.12) })
    assertNear(release["transform"]?.array?[0], 0.910511419707)
    assertNear(release["cornerRadius"], 28.636345693811)

    XCTAssertEqual(keys(v["actions"]), ["start", "finish"])
    guard case .array(let finish) = v["actions"]?["finish"] else { return XCTFail("no finish") }
    XCTAssertEqual(keys(finish.last), ["t", "target", "remove"])
    XCTAssertEqual(finish.last?["target"]?["layer"], .string("backScrim"))
    XCTAssertTrue(finish.allSatisfy { $0["t"] == v["duration"] })
  }

  func testBackCancelAndPendingAnswers() throws {
    let cancel = try answer(backRequestJSON(end: "cancelled"))
    XCTAssertEqual(cancel["decision"], .string("cancel"))
    let completion = try XCTUnwrap(cancel["completion"])
    XCTAssertEqual(keys(completion), ["from", "to", "duration", "curve", "spring"])
    XCTAssertEqual(completion["to"], .number(0))
    XCTAssertEqual(completion["curve"], .string("spring"))
    XCTAssertEqual(
      keys(completion["spring"]), ["mass", "stiffness", "damping", "initialVelocity"])
    XCTAssertEqual(completion["spring"]?["stiffness"], .number(1500))
    assertNear(completion["spring"]?["damping"], 2 * 1500.0.squareRoot())
    assertNear(completion["spring"]?["initialVelocity"], -6.666666666667)
    assertNear(completion["duration"], 0.242540000070)
    assertNear(cancel["duration"], 0.12 + 0.242540000070)
    XCTAssertEqual(keys(cancel["actions"]), ["start", "cancel"])
    // The cancel ends at the plan's start: the snapshot at the destination, nothing posed.
    guard case .array(let layers) = cancel["layers"],
      case .array(let snapshot) = layers[3]["keyframes"],
      case .array(let fromView) = layers[2]["keyframes"]
    else { return XCTFail("no layers") }
    XCTAssertEqual(snapshot.last?["frame"]?["y"], .number(91))
    XCTAssertNil(fromView.last?["transform"])
    XCTAssertEqual(
      cancel["actions"]?["cancel"]?.array?.last?["target"]?["layer"], .string("backScrim"))

    let pending = try answer(backRequestJSON(end: nil))
    XCTAssertEqual(pending["decision"], .string("pending"))
    XCTAssertEqual(pending["completion"], .null)
    XCTAssertEqual(pending["duration"], .number(0.1))
    XCTAssertEqual(pending["reason"]?["state"], .string("moved"))
    XCTAssertEqual(keys(pending["actions"]), ["start"])
  }

  func testInAppPatternsEchoTheirOwnParametersAndCompletions() throws {
    let full = try answer(backRequestJSON(gesture: #""kind":"back","pattern":"fullScreen""#))
    XCTAssertEqual(full["pattern"], .string("fullScreen"))
    XCTAssertEqual(
      keys(full["parameters"]),
      [
        "minScale", "edgeMargin", "cornerRadius", "gestureCurve", "maxTranslationY", "enterScale",
        "exitFadeEnd", "enterFadeStart", "commitDurationMax", "commitDurationMin", "commitCurve",
        "cancelDuration", "cancelCurve",
      ])
    XCTAssertEqual(full["parameters"]?["commitCurve"], .string("fastOutSlowIn"))
    XCTAssertEqual(full["parameters"]?["cancelCurve"], .string("accelerateDecelerate"))
    XCTAssertEqual(full["parameters"]?["enterScale"], .number(1.1))
    // No scrim outside crossActivity.
    XCTAssertFalse(full["layers"]?.array?.contains { $0["id"] == .string("backScrim") } ?? true)
    // T = lerp(0.3, 0.15, 0.5).
    XCTAssertEqual(keys(full["completion"]), ["from", "to", "duration", "curve"])
    assertNear(full["completion"]?["duration"], 0.225)
    XCTAssertEqual(full["completion"]?["curve"], .string("fastOutSlowIn"))

    let shared = try answer(
      backRequestJSON(end: "cancelled", gesture: #""kind":"back","pattern":"sharedElement""#))
    XCTAssertEqual(
      keys(shared["parameters"]),
      [
        "minScale", "edgeMargin", "cornerRadius", "gestureCurve", "commitDurationMax",
        "commitDurationMin", "commitCurve", "cancelDuration", "cancelCurve",
      ])
    XCTAssertEqual(shared["completion"]?["duration"], .number(0.1))
    XCTAssertEqual(shared["completion"]?["curve"], .string("accelerateDecelerate"))
    // The element layers scrub at p D (zoom pop: D = 0.25).
    XCTAssertEqual(
      shared["progress"]?.array?.map { num($0["animationTime"]) }, [0, 0.0625, 0.125, 0.125])
  }

  func testParametersAreEchoedAsGivenOrDefaultedAndOthersIgnored() throws {
    let v = try answer(
      backRequestJSON(
        gesture:
          #""kind":"back","pattern":null,"density":null,"element":"x","anchor":5,"direction":"up","parameters":{"minScale":0.8,"edgeMargin":null,"commitCurve":{"type":"cubicBezier","extra":1,"y2":1,"x1":0.2,"y1":0,"x2":0},"gestureCurve":"linear","fling":false,"commitFraction":"linear","maxTranslationY":"not read","settleEpsilon":[]}"#
      ))
    let p = try XCTUnwrap(v["parameters"])
    XCTAssertEqual(p["minScale"], .number(0.8))
    XCTAssertEqual(p["edgeMargin"], .number(8))
    XCTAssertEqual(p["gestureCurve"], .string("linear"))
    XCTAssertEqual(
      p["commitCurve"],
      json(#"{"type":"cubicBezier","x1":0.2,"y1":0,"x2":0,"y2":1}"#))
    XCTAssertEqual(p["fling"], .bool(false))
    XCTAssertEqual(p["commitFraction"], .string("linear"))
    XCTAssertNil(p["maxTranslationY"])
    XCTAssertEqual(v["completion"]?["fling"], .null)
    XCTAssertEqual(v["completion"]?["curve"], p["commitCurve"])
    // linear gesture curve: g = p.
    XCTAssertEqual(v["reason"]?["interpolatedProgress"], .number(0.5))
  }

  func testDensityDividesTheTouch() throws {
    // The same stream in pixels at 2 px/pt with twice the touch: the same answer.
    let points = try answer(backRequestJSON(end: "cancelled"))
    let doubled = backRequestJSON(end: "cancelled", gesture: #""kind":"back","density":2"#)
      .replacingOccurrences(of: #""touchY":400"#, with: #""touchY":800"#)
      .replacingOccurrences(of: #""touchY":450"#, with: #""touchY":900"#)
      .replacingOccurrences(of: #""touchY":500"#, with: #""touchY":1000"#)
    XCTAssertEqual(try answer(doubled)["layers"], points["layers"])
    // A button press (null touch) has no vertical follow: the layers differ.
    let button = backRequestJSON(end: "cancelled")
      .replacingOccurrences(of: #""touchY":400"#, with: #""touchY":null"#)
    XCTAssertNotEqual(try answer(button)["layers"], points["layers"])
  }

  // MARK: - dragDismiss answers

  func testDragDismissAnswersInSectionSixOrderWithSectionEightFigures() throws {
    let v = try answer(dragRequestJSON())
    XCTAssertEqual(
      keys(v),
      [
        "engineVersion", "kind", "decision", "reason", "progress", "completion", "duration",
        "frameRate", "timing", "parameters", "follow", "layers", "actions",
      ])
    XCTAssertEqual(v["kind"], .string("dragDismiss"))
    XCTAssertEqual(v["decision"], .string("finish"))
    XCTAssertEqual(
      keys(v["reason"]),
      [
        "policy", "progress", "velocity", "acceleration", "threshold", "velocitySource", "state",
      ])
    assertNear(v["reason"]?["progress"], 0.497630331754)
    assertNear(v["reason"]?["velocity"], 1400, 1e-9)
    assertNear(v["reason"]?["acceleration"], 4000, 1e-7)
    XCTAssertEqual(v["reason"]?["velocitySource"], .string("positions"))
    guard case .array(let progress) = v["progress"] else { return XCTFail("no progress") }
    XCTAssertEqual(progress.count, 4)
    assertNear(progress[3]["animationTime"], 0.497630331754 * 0.25)

    let c = try XCTUnwrap(v["completion"])
    XCTAssertEqual(keys(c), ["from", "to", "duration", "curve", "planDuration", "spring"])
    XCTAssertEqual(c["to"], .number(1))
    XCTAssertEqual(c["curve"], .string("easeInOut"))
    assertNear(c["duration"], 0.545500906927)
    assertNear(c["planDuration"], 0.125592417062)
    let spring = try XCTUnwrap(c["spring"])
    XCTAssertEqual(
      keys(spring), ["mass", "stiffness", "damping", "duration", "from", "to", "velocity"])
    assertNear(spring["stiffness"], 322.272796770, 1e-9)
    assertNear(spring["damping"], 30.518328635, 1e-9)
    XCTAssertEqual(keys(spring["from"]), ["x", "y", "width", "height"])
    assertNear(spring["from"]?["x"], 58.518957346, 1e-9)
    assertNear(spring["from"]?["y"], 349.518957346, 1e-9)
    assertNear(spring["from"]?["width"], 292.962085308, 1e-9)
    XCTAssertEqual(
      spring["to"],
      json(#"{"x":16,"y":220,"width":170,"height":170}"#))
    assertNear(spring["velocity"]?["x"], 390.126382306, 1e-8)
    assertNear(spring["velocity"]?["y"], 1723.459715640, 1e-8)
    assertNear(spring["velocity"]?["width"], -646.919431280, 1e-8)
    assertNear(spring["velocity"]?["height"], -646.919431280, 1e-8)
    assertNear(v["duration"], 0.695500906927)

    XCTAssertEqual(keys(v["parameters"]), ["maxShrink", "response", "dampingRatio"])
    XCTAssertEqual(v["parameters"]?["maxShrink"], .number(0.5))
    XCTAssertEqual(v["parameters"]?["response"], .number(0.35))
    XCTAssertEqual(v["parameters"]?["dampingRatio"], .number(0.85))
    let follow = try XCTUnwrap(v["follow"])
    XCTAssertEqual(keys(follow), ["element", "layers", "anchor", "frame", "distance", "velocity"])
    XCTAssertEqual(follow["element"], .string("snapshot"))
    XCTAssertEqual(follow["layers"], .array([.string("snapshot")]))
    XCTAssertEqual(follow["anchor"], json(#"{"x":195,"y":286}"#))
    XCTAssertEqual(follow["distance"], .number(422))
    assertNear(follow["velocity"]?["x"], 66.666666667, 1e-8)

    // The release keyframe shows the followed frame; the end the plan's end (the source).
    guard case .array(let layers) = v["layers"],
      case .array(let snapshot) = layers.first(where: { $0["id"] == .string("snapshot") })?[
        "keyframes"]
    else { return XCTFail("no snapshot") }
    let release = try XCTUnwrap(snapshot.first { $0["t"] == .number(0.15) })
    assertNear(release["frame"]?["y"], 349.518957346, 1e-9)
    XCTAssertEqual(snapshot.last?["frame"], spring["to"])
    XCTAssertEqual(snapshot.last?["t"], v["duration"])
    XCTAssertEqual(keys(v["actions"]), ["start", "finish"])
    XCTAssertFalse(
      v["actions"]?["finish"]?.array?.contains { $0["target"]?["layer"] == .string("backScrim") }
        ?? true)
  }

  func testDragDismissMembersPendingAndPolicies() throws {
    let v = try answer(
      dragRequestJSON(
        gesture:
          #""kind":"dragDismiss","element":"snapshot","anchor":{"x":100,"y":200},"distance":300,"pattern":"bogus","density":-1,"parameters":{"maxShrink":0.25,"response":null,"settleEpsilon":"ignored","minScale":"ignored"}"#,
        rest: #","release":{"policy":"projected"},"completion":{"speed":2,"curve":"linear"}"#))
    XCTAssertEqual(v["follow"]?["anchor"], json(#"{"x":100,"y":200}"#))
    XCTAssertEqual(v["follow"]?["distance"], .number(300))
    XCTAssertEqual(
      v["parameters"],
      json(#"{"maxShrink":0.25,"response":0.35,"dampingRatio":0.85}"#))
    XCTAssertEqual(v["reason"]?["policy"], .string("projected"))
    XCTAssertEqual(v["completion"]?["curve"], .string("linear"))
    assertNear(v["reason"]?["progress"], 210.0 / 300)

    let pending = try answer(dragRequestJSON(end: "changed"))
    XCTAssertEqual(pending["decision"], .string("pending"))
    XCTAssertEqual(pending["completion"], .null)
    XCTAssertEqual(
      keys(pending["follow"]), ["element", "layers", "anchor", "frame", "distance", "velocity"])
    XCTAssertEqual(keys(pending["actions"]), ["start"])

    let cancelled = try answer(dragRequestJSON(end: "cancelled"))
    XCTAssertEqual(cancelled["decision"], .string("cancel"))
    XCTAssertEqual(cancelled["completion"]?["spring"]?["to"]?["y"], .number(91))
  }

  // MARK: - pan unchanged

  func testPanIsTheDefaultKindByteForByte() throws {
    let plain = try PlanningService().interactionBody(Array(interactionExampleJSON.utf8)).get()
    for kind in [#""kind": "pan","#, #""kind": null,"#] {
      let spelled = interactionExampleJSON.replacingOccurrences(
        of: #""direction": "either","#, with: kind + #" "direction": "either","#)
      XCTAssertNotEqual(spelled, interactionExampleJSON)
      XCTAssertEqual(try PlanningService().interactionBody(Array(spelled.utf8)).get(), plain, kind)
    }
    // A pan ignores the other kinds' members.
    let others = interactionExampleJSON.replacingOccurrences(
      of: #""direction": "either","#,
      with: #""direction": "either", "pattern": 5, "element": [], "parameters": "x","#)
    XCTAssertEqual(try PlanningService().interactionBody(Array(others.utf8)).get(), plain)
  }

  // MARK: - errors (docs/GESTURES.md 7)

  func testUnknownKindStopsTheGestureReleaseAndCompletion() {
    XCTAssertEqual(
      errors(
        #"{"transition":{"style":"zoom","operation":"pop","container":{"width":0,"height":844}},"gesture":{"kind":"swipe","samples":5},"release":{"policy":1},"completion":{"curve":2}}"#
      ),
      [
        "/transition/container/width must be > 0 and <= 100000",
        "/transition/source required for style zoom: {\"x\", \"y\", \"width\", \"height\"}",
        "/transition/destination required for style zoom: {\"x\", \"y\", \"width\", \"height\"}",
        "/gesture/kind must be one of pan, back, dragDismiss",
      ])
    XCTAssertEqual(
      errors(backRequestJSON(gesture: #""kind":7"#)),
      ["/gesture/kind must be a string (one of pan, back, dragDismiss), not a number"])
  }

  func testRefusalsOfTheTransition() {
    let push = transitionJSON.replacingOccurrences(of: #""pop""#, with: #""push""#)
    XCTAssertEqual(
      errors(backRequestJSON(transition: push)),
      ["/transition/operation gesture kind back drives a pop or a dismiss"])
    let reversal = transitionJSON.replacingOccurrences(
      of: #""operation":"pop""#, with: #""operation":"pop","reversal":{"at":0.1}"#)
    XCTAssertEqual(
      errors(dragRequestJSON().replacingOccurrences(of: transitionJSON, with: reversal)),
      ["/transition/reversal cannot be combined with gesture kind dragDismiss"])
    XCTAssertEqual(
      errors(backRequestJSON(transition: reversal)),
      ["/transition/reversal cannot be combined with gesture kind back"])
    let reduced = transitionJSON.replacingOccurrences(
      of: #""operation":"pop""#, with: #""operation":"pop","reduceMotion":true"#)
    XCTAssertEqual(
      errors(dragRequestJSON().replacingOccurrences(of: transitionJSON, with: reduced)),
      [
        "/transition/reduceMotion must be false for gesture kind dragDismiss: a dissolve has no element to follow"
      ])
    // back over a reduced-motion dissolve plays the pattern on its two screens.
    XCTAssertEqual(errors(backRequestJSON(transition: reduced)), [])
    let expand =
      #"{"style":"expand","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170}}"#
    XCTAssertEqual(
      errors(dragRequestJSON().replacingOccurrences(of: transitionJSON, with: expand)),
      ["/gesture/kind dragDismiss needs a shared element to follow: style zoom or hero"])
    let sheet =
      #"{"style":"cartSheet","operation":"dismiss","container":{"width":390,"height":844}}"#
    XCTAssertEqual(
      errors(dragRequestJSON().replacingOccurrences(of: transitionJSON, with: sheet)),
      ["/gesture/kind dragDismiss needs a shared element to follow: style zoom or hero"])
    XCTAssertEqual(errors(backRequestJSON(transition: sheet)), [])
  }

  func testBackMembersAndParametersInReadingOrder() {
    let curves =
      "linear, easeIn, easeOut, easeInOut, default, fastOutSlowIn, linearOutSlowIn, fastOutLinearIn, backGesture, standardDecelerate, emphasized, accelerateDecelerate"
    XCTAssertEqual(
      errors(
        backRequestJSON(
          gesture:
            #""kind":"back","density":0,"parameters":{"fling":"yes","commitFraction":"x","commitCurve":3,"scrimAlpha":2,"gestureCurve":"bouncy","cornerRadius":1e999,"edgeMargin":"a","minScale":0,"flingMinProgress":-1,"maxTranslationY":-1}"#
        )),
      [
        "/gesture/density must be > 0 and <= 100",
        "/gesture/parameters/minScale must be > 0 and <= 1",
        "/gesture/parameters/edgeMargin must be a number, not a string",
        "/gesture/parameters/cornerRadius must be a finite number (the literal overflows a double)",
        "/gesture/parameters/gestureCurve must be one of \(curves)",
        "/gesture/parameters/scrimAlpha must be >= 0 and <= 1",
        "/gesture/parameters/commitCurve must be a curve name or a cubicBezier object, not a number",
        "/gesture/parameters/commitFraction must be one of accelerateDecelerate, linear",
        "/gesture/parameters/fling must be a boolean, not a string",
        "/gesture/parameters/flingMinProgress must be >= 0 and <= 1",
      ])
    // fullScreen reads its own: maxTranslationY and cancelCurve, not fling.
    XCTAssertEqual(
      errors(
        backRequestJSON(
          gesture:
            #""kind":"back","pattern":"fullScreen","parameters":{"fling":"yes","maxTranslationY":-1,"enterFadeStart":1,"cancelCurve":{"type":"springPhysics"},"commitDurationMin":0}"#
        )),
      [
        "/gesture/parameters/maxTranslationY must be >= 0 and <= 1000",
        "/gesture/parameters/enterFadeStart must be >= 0 and < 1",
        "/gesture/parameters/commitDurationMin must be > 0 and <= 10",
        "/gesture/parameters/cancelCurve/type must be one of cubicBezier",
      ])
    // With an invalid pattern no parameter is checked.
    XCTAssertEqual(
      errors(
        backRequestJSON(
          gesture: #""kind":"back","pattern":"sideways","parameters":{"minScale":7}"#)),
      ["/gesture/pattern must be one of crossActivity, fullScreen, sharedElement"])
    XCTAssertEqual(
      errors(backRequestJSON(gesture: #""kind":"back","parameters":[1]"#)),
      ["/gesture/parameters must be an object (the constants to override), not an array"])
    XCTAssertEqual(
      errors(
        backRequestJSON(
          gesture:
            #""kind":"back","parameters":{"commitCurve":{"type":"cubicBezier","x1":2,"y1":-2000,"x2":0.5}}"#
        )),
      [
        "/gesture/parameters/commitCurve/x1 must be >= 0 and <= 1",
        "/gesture/parameters/commitCurve/y1 must be >= -1000 and <= 1000",
        "/gesture/parameters/commitCurve/y2 is required; a number >= -1000 and <= 1000",
      ])
  }

  func testBackSamplesValuesThenStreamRules() {
    let samples = [
      #"{"t":0,"progress":0,"touchX":2,"touchY":400,"state":"moved"}"#,
      #"{"t":0.05,"touchX":1e8,"touchY":"a","state":"moved"}"#,
      #"{"t":0.04,"progress":2,"state":"began","swipeEdge":"top"}"#,
      #"{"t":0.06,"state":"cancelled"}"#,
      #"{"t":0.07,"state":"moved","progress":0.1}"#,
      #"{"t":0.08,"state":"flying","progress":"soon"}"#,
      #"{"t":0.09,"state":"began","progress":0.1}"#,
      #"{"t":0.1,"state":"invoked"}"#,
      #"{"t":0.1,"state":"invoked"}"#,
    ]
    XCTAssertEqual(
      errors(
        #"{"transition":\#(transitionJSON),"gesture":{"kind":"back","samples":[\#(samples.joined(separator: ","))]}}"#
      ),
      [
        "/gesture/samples/0/state must be began: a stream starts with its began sample",
        "/gesture/samples/1/progress is required; a number >= 0 and <= 1",
        "/gesture/samples/1/touchX must be >= -10000000 and <= 10000000",
        "/gesture/samples/1/touchY must be a number, not a string",
        "/gesture/samples/2/progress must be >= 0 and <= 1",
        "/gesture/samples/2/swipeEdge must be one of left, right, none",
        "/gesture/samples/2/t must be >= the previous sample's t (0.05): times never decrease",
        "/gesture/samples/2/state began is allowed only as the first sample or right after cancelled",
        "/gesture/samples/4/state moved needs an open gesture: a began before it and no invoked or cancelled since",
        "/gesture/samples/5/state must be one of began, moved, invoked, cancelled",
        // An unknown state makes nothing required, but a value given is still checked.
        "/gesture/samples/5/progress must be a number, not a string",
        "/gesture/samples/6/swipeEdge is required; one of left, right, none",
        "/gesture/samples/7/state invoked is allowed only as the last sample",
        "/gesture/samples/8/state invoked needs an open gesture: a began before it and no invoked or cancelled since",
      ])
    // A later sample's edge must be its gesture's; a new began takes its own.
    XCTAssertEqual(
      errors(
        #"{"transition":\#(transitionJSON),"gesture":{"kind":"back","samples":[{"t":0,"progress":0,"swipeEdge":"left","state":"began"},{"t":0.1,"progress":0.3,"swipeEdge":"right","state":"moved"},{"t":0.2,"swipeEdge":"left","state":"cancelled"},{"t":0.3,"progress":0,"swipeEdge":"right","state":"began"},{"t":0.4,"swipeEdge":"right","state":"invoked"}]}}"#
      ),
      ["/gesture/samples/1/swipeEdge must be left, its gesture's swipeEdge"])
    // progress null on invoked inherits; on moved it is missing.
    XCTAssertEqual(
      errors(
        #"{"transition":\#(transitionJSON),"gesture":{"kind":"back","samples":[{"t":0,"progress":0,"swipeEdge":"none","state":"began"},{"t":0.1,"progress":null,"state":"moved"},{"t":0.2,"progress":null,"state":"invoked"}]}}"#
      ),
      ["/gesture/samples/1/progress is required; a number >= 0 and <= 1"])
    XCTAssertEqual(
      errors(#"{"transition":\#(transitionJSON),"gesture":{"kind":"back","samples":[]}}"#),
      ["/gesture/samples must hold at least one sample (state began)"])
    XCTAssertEqual(
      errors(#"{"transition":\#(transitionJSON),"gesture":{"kind":"back"}}"#).first?.hasPrefix(
        "/gesture/samples is required"), true)
    let late =
      #"{"transition":\#(transitionJSON),"gesture":{"kind":"back","samples":[{"t":0,"progress":0,"swipeEdge":"left","state":"began"},{"t":700,"progress":0.5,"state":"moved"}]}}"#
    XCTAssertEqual(
      errors(late),
      ["/gesture/samples/1/t is 700.0 s after the first sample; a stream spans at most 600.0 s"])
  }

  func testDragDismissMembersInReadingOrder() {
    XCTAssertEqual(
      errors(
        dragRequestJSON(
          gesture:
            #""kind":"dragDismiss","element":"photo","anchor":3,"distance":0.5,"parameters":{"dampingRatio":3,"response":0,"maxShrink":1}"#,
          rest: #","release":{"policy":"bogus"},"completion":{"speed":0.001}"#)),
      [
        "/gesture/element must be one of snapshot",
        "/gesture/anchor must be an object ({\"x\", \"y\"}), not a number",
        "/gesture/distance must be >= 1 and <= 10000000",
        "/gesture/parameters/maxShrink must be >= 0 and < 1",
        "/gesture/parameters/response must be > 0 and <= 10",
        "/gesture/parameters/dampingRatio must be > 0 and <= 2",
        "/release/policy must be one of threshold, projected, system",
        "/completion/speed must be <= 0 (meaning 1) or from 0.01 to 100",
      ])
    XCTAssertEqual(
      errors(dragRequestJSON(gesture: #""kind":"dragDismiss","anchor":{"x":1e8}"#)),
      [
        "/gesture/anchor/x must be >= -10000000 and <= 10000000",
        "/gesture/anchor/y is required; a number >= -10000000 and <= 10000000",
      ])
    XCTAssertEqual(
      errors(
        dragRequestJSON(end: "flying").replacingOccurrences(
          of: #""x":4,"y":60"#, with: #""x":"a","y":60"#)),
      [
        "/gesture/samples/1/x must be a number, not a string",
        "/gesture/samples/3/state must be one of began, changed, ended, cancelled, failed",
      ])
  }

  func testHeroElementMustBeAPair() throws {
    let hero = String(decoding: try ExportFixtures.example("hero-grid-pop"), as: UTF8.self)
    func request(_ element: String) -> String {
      dragRequestJSON(gesture: #""kind":"dragDismiss"\#(element)"#)
        .replacingOccurrences(of: transitionJSON, with: hero)
    }
    XCTAssertEqual(
      errors(request("")),
      ["/gesture/element is required for style hero: the id of a pair (an element on both screens)"]
    )
    XCTAssertEqual(
      errors(request(#","element":null"#)),
      ["/gesture/element is required for style hero: the id of a pair (an element on both screens)"]
    )
    XCTAssertEqual(
      errors(request(#","element":"title""#)),
      ["/gesture/element must be the id of a pair: an element on both screens"])
    let v = try answer(request(#","element":"photo-3""#))
    XCTAssertEqual(v["follow"]?["element"], .string("photo-3"))
    XCTAssertEqual(
      v["follow"]?["layers"], .array([.string("photo-3@to"), .string("photo-3@from")]))
  }

  func testSamplesAndKeyframesAreBounded() {
    var limits = PlannerLimits()
    limits.maximumGestureSamples = 3
    let p = interactionProblem(backRequestJSON(), limits: limits)
    XCTAssertEqual(
      p?.errors.map { "\($0.pointer) \($0.message)" },
      ["/gesture/samples has 4 samples; at most 3 are allowed"])
    let drag = interactionProblem(dragRequestJSON(), limits: limits)
    XCTAssertEqual(
      drag?.errors.map { "\($0.pointer) \($0.message)" },
      ["/gesture/samples has 4 samples; at most 3 are allowed"])
    // The keyframe limit counts the scrim too (5 layers x the keyframe times).
    var few = PlannerLimits()
    few.maximumInteractionKeyframes = 100
    let keyframes = interactionProblem(backRequestJSON(), limits: few)
    XCTAssertEqual(keyframes?.errors.map(\.pointer), ["/transition/frameRate"])
    XCTAssertTrue(
      keyframes?.errors.first?.message.contains("over the limit of 100") ?? false,
      keyframes?.errors.first?.message ?? "")
    XCTAssertEqual(
      interactionProblem(dragRequestJSON(), limits: few)?.errors.map(\.pointer),
      ["/transition/frameRate"])
  }

  func testEveryExportPlaysBothKinds() throws {
    let names =
      ExportFixtures.interactionNames.filter { !$0.hasSuffix("slow-drag") }
      + ExportFixtures.heroInteractionNames
    for name in names
    where name.hasPrefix("interaction-back-") || name.hasPrefix("interaction-drag-dismiss") {
      let service = PlanningService()
      let plan = try service.decodeInteractionRequest(try ExportFixtures.example(name))
        .flatMap(service.interact).get()
      let json = try JSONParser.parse(ExportFormat.json.render(plan))
      let ids = json["layers"]?.array?.compactMap { $0["id"]?.text } ?? []
      XCTAssertFalse(ids.isEmpty, name)
      XCTAssertEqual(
        ids.contains("backScrim"), name.contains("cross-activity") || name.contains("retry"), name)
      // Web Animations: every layer, the whole timeline in ms, the interaction's kind first.
      let waapi = try JSONParser.parse(ExportFormat.waapi.render(plan))
      XCTAssertEqual(waapi["layers"]?.array?.compactMap { $0["id"]?.text }, ids, name)
      XCTAssertEqual(num(waapi["duration"]), plan.duration * 1000, accuracy: 1e-6, name)
      XCTAssertEqual(waapi["interaction"]?["kind"], json["kind"], name)
      XCTAssertEqual(waapi["interaction"]?["decision"], json["decision"], name)
      XCTAssertEqual(waapi["interaction"]?["reason"], json["reason"], name)
      if name.contains("back") {
        // The rounded closing screen carries its radius in every keyframe.
        let fromView = try XCTUnwrap(
          waapi["layers"]?.array?.first { $0["id"] == .string("fromView") }, name)
        XCTAssertTrue(
          fromView["keyframes"]?.array?.allSatisfy { $0["borderRadius"] != nil } ?? false, name)
      }
      // CSS: a class and keyframes per layer; Lottie: a layer per layer (and its mattes);
      // SVG: every layer drawn.
      let css = String(decoding: ExportFormat.css.render(plan), as: UTF8.self)
      let lottie = try JSONParser.parse(ExportFormat.lottie.render(plan))
      let lottieNames = Set(lottie["layers"]?.array?.compactMap { $0["nm"]?.text } ?? [])
      let svg = String(decoding: ExportFormat.svg.render(plan), as: UTF8.self)
      for id in ids {
        XCTAssertTrue(css.contains("@keyframes \(CSSIdentifier.prefixed(id))"), "\(name) \(id)")
        XCTAssertTrue(lottieNames.contains(id), "\(name) \(id)")
        XCTAssertTrue(svg.contains("data-layer=\"\(id)\""), "\(name) \(id)")
      }
      // The out point: one whole frame past the last sample, where a held player shows the end.
      let end = plan.duration * num(lottie["fr"])
      let snapped = abs(end - end.rounded()) < 1e-9 ? end.rounded() : end
      XCTAssertEqual(num(lottie["op"]), snapped.rounded(.up) + 1, name)
    }
  }

  // schemathesis found it: a container 5e-324 high makes the default distance (H / 2) 0, and
  // a drag that has not moved had progress 0 / 0, written as null.
  func testADistanceThatUnderflowsToZeroStillGivesNumbers() throws {
    let tiny =
      #"{"transition":{"container":{"height":5e-324,"width":5e-324},"destination":{"height":0,"width":0,"x":0,"y":0},"operation":"pop","source":{"height":0,"width":0,"x":0,"y":0},"style":"zoom"},"gesture":{"kind":"dragDismiss","samples":[{"state":"began","t":0,"x":0,"y":0},{"state":"ended","t":0.1,"x":3,"y":4}]}}"#
    let v = try answer(tiny)
    XCTAssertEqual(v["progress"]?.array?.map { $0["progress"] }, [.number(0), .number(1)])
    XCTAssertEqual(v["progress"]?.array?.first?["animationTime"], .number(0))
    XCTAssertEqual(v["decision"], .string("finish"))
    let pending = try answer(
      tiny.replacingOccurrences(of: #",{"state":"ended","t":0.1,"x":3,"y":4}"#, with: ""))
    XCTAssertEqual(pending["reason"]?["progress"], .number(0))
  }

  // Ranges the spec allows whose arithmetic overflows: a density of 5e-324 (touchY / density
  // is infinite for both touches, their difference NaN) and a response of 5e-324 (k = (2 pi /
  // response)^2 is infinite). The answers keep finite keyframes.
  func testOverflowingParametersKeepTheKeyframesFinite() throws {
    let back = try PlanningService().interactionBody(
      Array(backRequestJSON(gesture: #""kind":"back","density":5e-324"#).utf8)
    ).get()
    XCTAssertFalse(String(decoding: back, as: UTF8.self).contains("null"))
    let still = backRequestJSON(gesture: #""kind":"back","density":5e-324"#)
      .replacingOccurrences(of: #""touchY":450"#, with: #""touchY":400"#)
      .replacingOccurrences(of: #""touchY":500"#, with: #""touchY":400"#)
    // No vertical travel at all: the same layers as with the default density.
    let plain = backRequestJSON()
      .replacingOccurrences(of: #""touchY":450"#, with: #""touchY":400"#)
      .replacingOccurrences(of: #""touchY":500"#, with: #""touchY":400"#)
    XCTAssertEqual(try answer(still)["layers"], try answer(plain)["layers"])

    let instant = try answer(
      dragRequestJSON(gesture: #""kind":"dragDismiss","parameters":{"response":5e-324}"#))
    let spring = try XCTUnwrap(instant["completion"]?["spring"])
    // The stiffness and damping are infinite (written null, as every non-finite number); the
    // spring is at its target once the release is past, and settled at once.
    XCTAssertEqual(spring["stiffness"], .null)
    XCTAssertEqual(spring["duration"], .number(0))
    XCTAssertEqual(instant["completion"]?["duration"], instant["completion"]?["planDuration"])
    guard case .array(let layers) = instant["layers"],
      case .array(let snapshot) = layers.first(where: { $0["id"] == .string("snapshot") })?[
        "keyframes"]
    else { return XCTFail("no snapshot") }
    let afterRelease = snapshot.filter { num($0["t"]) > 0.15 }
    XCTAssertFalse(afterRelease.isEmpty)
    for frame in afterRelease { XCTAssertEqual(frame["frame"], spring["to"]) }
    XCTAssertFalse(
      snapshot.contains { keyframe in
        ["x", "y", "width", "height"].contains { keyframe["frame"]?[$0] == .null }
      })
  }

  func testEncodingIsDeterministic() throws {
    for json in [backRequestJSON(), dragRequestJSON()] {
      let a = try PlanningService().interactionBody(Array(json.utf8)).get()
      XCTAssertEqual(try PlanningService().interactionBody(Array(json.utf8)).get(), a)
    }
  }
}
