import Foundation
import HTTP1
import JSON
import XCTest

@testable import PlannerService
@testable import TransitionEngine

/// Requests built as JSON objects, so that a retarget can nest one in another.
enum RetargetFixtures {
  typealias Object = [String: Any]

  static func object(_ json: String) -> Object {
    try! JSONSerialization.jsonObject(with: Data(json.utf8)) as! Object
  }

  static func text(_ object: Object) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  static var zoomPush: Object { object(zoomPushJSON) }
  /// The zoom push with the seed's own timing (no `timing` member): reduced motion then
  /// dissolves with its default easeInOut 0.25 s.
  static var zoomPushSeed: Object {
    var o = zoomPush
    o["timing"] = nil
    return o
  }
  static var zoomPop: Object {
    object(
      #"{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}}"#
    )
  }
  static var hero: Object { object(heroAPIExample) }
  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Object {
    ["x": x, "y": y, "width": width, "height": height]
  }

  static func retarget(_ new: Object, from: Object, at: Double, policy: String? = nil) -> Object {
    var r = new
    var spec: Object = ["from": from, "at": at]
    if let policy { spec["policy"] = policy }
    r["retarget"] = spec
    return r
  }

  /// The hero example with its photo's destination and its body moved.
  static func heroMoved(_ base: Object) -> Object {
    var r = base
    var screens = r["screens"] as! Object
    var to = screens["to"] as! Object
    var elements = to["elements"] as! [Object]
    elements[0]["frame"] = rect(0, 131, 390, 300)
    elements[2]["frame"] = rect(20, 600, 350, 200)
    to["elements"] = elements
    screens["to"] = to
    r["screens"] = screens
    return r
  }
}

/// `retarget` on the wire (docs/API.md "Retargeting"), with every reference value of
/// RETARGET.md section 11 and the errors of its section 10.
final class RetargetWireTests: XCTestCase {
  typealias F = RetargetFixtures

  func plan(_ object: F.Object) throws -> JSONValue {
    switch PlanningService().planBody(Array(F.text(object).utf8)) {
    case .success(let bytes): return try JSONParser.parse(bytes)
    case .failure(let p): throw NSError(domain: "plan", code: p.status, userInfo: ["p": "\(p)"])
    }
  }

  func errors(_ object: F.Object) -> [FieldError] { problem(F.text(object))?.errors ?? [] }

  func layer(_ plan: JSONValue, _ id: String) throws -> JSONValue {
    guard case .array(let layers) = plan["layers"],
      let layer = layers.first(where: { $0["id"] == .string(id) })
    else { throw NSError(domain: "no layer \(id)", code: 0) }
    return layer
  }

  func track(_ layer: JSONValue, _ property: String) throws -> JSONValue {
    guard case .array(let tracks) = layer["tracks"],
      let track = tracks.first(where: { $0["property"] == .string(property) })
    else { throw NSError(domain: "no \(property) track", code: 0) }
    return track
  }

  /// The keyframe at time `t`.
  func keyframe(_ layer: JSONValue, at t: Double) throws -> JSONValue {
    guard case .array(let frames) = layer["keyframes"],
      let frame = frames.first(where: { abs(number($0["t"]) - t) < 1e-12 })
    else { throw NSError(domain: "no keyframe at \(t)", code: 0) }
    return frame
  }

  func number(_ value: JSONValue?) -> Double {
    if case .number(let n) = value { return n }
    return .nan
  }

  func rect(_ value: JSONValue?) -> [Double] {
    ["x", "y", "width", "height"].map { number(value?[$0]) }
  }

  func assertClose(
    _ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: tolerance, file: file, line: line) }
  }

  // MARK: - Reference values (RETARGET.md section 11)

  func testR1SpringRetargetOfTheZoomPush() throws {
    var new = F.zoomPush
    new["destination"] = F.rect(0, 131, 390, 390)
    let plan = try plan(F.retarget(new, from: F.zoomPush, at: 0.1))
    let snapshot = try layer(plan, "snapshot")
    let frame = try track(snapshot, "frame")
    assertClose(
      rect(frame["from"]),
      [9.506525983507236, 167.6463657420271, 259.2852677267755, 259.2852677267755])
    assertClose(
      rect(frame["velocity"]),
      [-86.21371549607139, -695.0980811870755, 1185.4385880709815, 1185.4385880709815])
    let alpha = try track(try layer(plan, "toView"), "alpha")
    XCTAssertEqual(number(alpha["from"]), 0.4058421260307977, accuracy: 1e-12)
    XCTAssertEqual(number(alpha["velocity"]), 5.388357218504462, accuracy: 1e-9)
    assertClose(
      rect(try keyframe(snapshot, at: 0.2)["frame"]),
      [-1.1770425663929602, 114.98799883139888, 406.1843352879032, 406.1843352879032])
    // The toView alpha at s = 0.2 unclamped is the original p(0.3): the engine's track says so.
    let request = try PlanningService().decodePlanRequest(
      Array(F.text(F.retarget(new, from: F.zoomPush, at: 0.1)).utf8)
    ).get()
    let prepared = try Planner.prepare(request)
    let toView = prepared.choreography.layers.first { $0.id == "toView" }!
    guard
      case .number(let a) = toView.state(of: .alpha, at: 0.2, planTiming: prepared.timing)?.value
    else { return XCTFail("no alpha") }
    XCTAssertEqual(a, 1.07356516039956, accuracy: 1e-12)
    XCTAssertEqual(number(frame["duration"]), 1.1190721916600161, accuracy: 1e-11)
    XCTAssertEqual(number(alpha["duration"]), 1)
    XCTAssertEqual(number(plan["duration"]), 1.1190721916600161, accuracy: 1e-11)
    XCTAssertEqual(plan["retarget"]?["at"], .number(0.1))
    XCTAssertEqual(plan["retarget"]?["policy"], .string("spring"))
    XCTAssertEqual(plan["retarget"]?["fromDuration"], .number(1))
    // The settling times of each component (0.1 pt; the alpha's 0.001 before T).
    guard case .spring(let motion) = snapshotTrack(prepared).motion else {
      return XCTFail("the snapshot's frame is not a spring")
    }
    let settled = settlingTimes(snapshotTrack(prepared), motion, prepared.timing)
    assertClose(
      settled, [0.7128138734837052, 1.0032046309853788, 1.1190721916600161, 1.1190721916600161],
      1e-11)
  }

  func snapshotTrack(_ prepared: Planner.Prepared) -> Track {
    prepared.choreography.layers.first { $0.id == "snapshot" }!.tracks[0]
  }

  func settlingTimes(_ track: Track, _ motion: SpringMotion, _ timing: Timing) -> [Double] {
    let y0 = track.change.ends.from.vector!
    let y1 = track.change.ends.to.vector!
    let spring = SpringParameters(timing)!
    return y0.indices.map {
      SpringOscillator(e0: y0[$0] - y1[$0], velocity: motion.velocity[$0], spring)
        .settlingTime(epsilon: 0.1, rule: .envelope)
    }
  }

  func testR3AdditiveRetargetOfTheZoomPop() throws {
    var new = F.zoomPop
    new["source"] = F.rect(204, 220, 170, 170)
    let plan = try plan(F.retarget(new, from: F.zoomPop, at: 0.1))
    let snapshot = try layer(plan, "snapshot")
    let frame = try track(snapshot, "frame")
    assertClose(
      rect(frame["from"]),
      [5.310141921562336, 133.81301924259634, 316.98554857851786, 316.98554857851786])
    assertClose(
      rect(try keyframe(snapshot, at: 0.1)["frame"]),
      [77.0876098781031, 209.46587854169923, 187.96516837849742, 187.96516837849742], 1e-9)
    XCTAssertEqual(number(plan["duration"]), 0.25)
    XCTAssertEqual(plan["retarget"]?["policy"], .string("additive"))
    // The in-flight track, with its timing always given.
    let inner = frame["additive"]?["track"]
    XCTAssertEqual(frame["additive"]?["at"], .number(0.1))
    XCTAssertEqual(rect(inner?["to"]), [16, 220, 170, 170])
    XCTAssertEqual(inner?["timing"]?["duration"], .number(0.25))
    XCTAssertEqual(inner?["timing"]?["curve"]?["type"], .string("easeInOut"))
  }

  func testR4AdditiveUnderTheDefaultCurveJumpsInVelocity() throws {
    let timing: F.Object = ["duration": 0.4, "curve": ["type": "default"]]
    var old = F.zoomPop
    old["timing"] = timing
    var new = old
    new["source"] = F.rect(204, 220, 170, 170)
    let text = F.text(F.retarget(new, from: old, at: 0.15))
    let prepared = try Planner.prepare(
      try PlanningService().decodePlanRequest(Array(text.utf8)).get())
    let inFlight = try Planner.prepare(
      try PlanningService().decodePlanRequest(Array(F.text(old).utf8)).get())
    let before = inFlight.choreography.layers.first { $0.id == "snapshot" }!
      .state(of: .frame, at: 0.15, planTiming: inFlight.timing)!
    XCTAssertEqual(before.velocity[0], 62.14873810292964, accuracy: 1e-9)
    let after = TrackKinematics(snapshotTrack(prepared), planTiming: prepared.timing)
      .state(at: 1e-13)
    XCTAssertEqual(after.velocity[0], 250.14873810292964, accuracy: 1e-6)
    let plan = try plan(F.retarget(new, from: old, at: 0.15))
    assertClose(
      rect(try keyframe(try layer(plan, "snapshot"), at: 0.1)["frame"]),
      [91.22187564597775, 207.27644354875414, 191.69908852150456, 191.69908852150456], 1e-9)
  }

  func testR5SpringRetargetOfACartSheetTilt() throws {
    let old = F.object(
      #"{"style":"cartSheet","operation":"present","container":{"width":390,"height":844},"options":{"tilt":0.1,"perspective":400},"timing":{"curve":{"type":"springPhysics","mass":1.5,"stiffness":260,"damping":14}}}"#
    )
    var new = old
    new["options"] = ["tilt": 0.3, "perspective": 400]
    let plan = try plan(F.retarget(new, from: old, at: 0.2))
    let snapshot = try layer(plan, "fromSnapshot")
    let transform = try track(snapshot, "transform")
    XCTAssertEqual(
      number(transform["parts"]?["from"]?["quaternion"]?[0]), 0.06373631275748566, accuracy: 1e-12)
    XCTAssertEqual(
      number(transform["velocity"]?["quaternion"]?[0]), 0.18266906681378556, accuracy: 1e-12)
    XCTAssertEqual(
      number(transform["velocity"]?["scale"]?[0]), -0.5218549372143654, accuracy: 1e-12)
    let m = try keyframe(snapshot, at: 0.25)["transform"]
    XCTAssertEqual(number(m?[5]), 0.8930221763157613, accuracy: 1e-12)
    XCTAssertEqual(number(m?[6]), 0.34840278300417576, accuracy: 1e-12)
    XCTAssertEqual(number(transform["duration"]), 1.5491069027848232, accuracy: 1e-11)
    XCTAssertEqual(number(plan["duration"]), 1.7516863682521615, accuracy: 1e-11)
    // Members in order: property, from, to, duration, velocity, parts.
    guard case .object(let members) = transform else { return XCTFail() }
    XCTAssertEqual(members.map(\.key), ["property", "from", "to", "duration", "velocity", "parts"])
    guard case .object(let parts) = transform["velocity"] else { return XCTFail() }
    XCTAssertEqual(parts.map(\.key), ["perspective", "translate", "scale", "skew", "quaternion"])
  }

  func testR6HeroRetargetedJustAfterItsStart() throws {
    let plan = try plan(F.retarget(F.heroMoved(F.hero), from: F.hero, at: 0.01))
    let body = try layer(plan, "body@to")
    let alpha = try track(body, "alpha")
    XCTAssertEqual(number(alpha["delay"]), 0.01, accuracy: 1e-15)
    XCTAssertNil(alpha["velocity"])
    XCTAssertNil(try track(body, "frame")["delay"])
    XCTAssertEqual(
      number(try keyframe(try layer(plan, "photo-42@to"), at: 0.1)["frame"]?["y"]),
      163.83599481127175, accuracy: 1e-9)
    XCTAssertEqual(number(plan["duration"]), 0.36, accuracy: 1e-15)
  }

  func testR7ReducedMotionDissolvesFromTheTauState() throws {
    var new = F.zoomPushSeed
    new["destination"] = F.rect(0, 131, 390, 390)
    new["reduceMotion"] = true
    let plan = try plan(F.retarget(new, from: F.zoomPush, at: 0.25))
    let snapshot = try layer(plan, "snapshot")
    let k = try keyframe(snapshot, at: 8.0 / 60)
    XCTAssertEqual(number(k["frame"]?["y"]), 90.54683312409063, accuracy: 1e-9)
    XCTAssertEqual(number(k["alpha"]), 0.4426912228121046, accuracy: 1e-9)
    XCTAssertEqual(
      number(try track(try layer(plan, "toView"), "alpha")["from"]), 1.0035129215186773,
      accuracy: 1e-12)
    XCTAssertEqual(plan["retarget"]?["policy"], .string("dissolve"))
    let actions = String(
      decoding: JSONWriter.collect(capacity: 256) {
        PlanEncoderTestWriter.write(plan["actions"]!, &$0)
      }, as: UTF8.self)
    XCTAssertEqual(
      actions,
      #"{"start":[{"target":{"element":"source"},"hidden":false},{"target":{"element":"destination"},"hidden":false}],"finish":[{"target":{"layer":"snapshot"},"remove":true}],"cancel":[{"target":{"layer":"snapshot"},"remove":true}]}"#
    )
  }

  func testR8AdditiveRetargetOfADelayedCascade() throws {
    var old = F.hero
    old["timing"] = [
      "duration": 0.58, "curve": ["type": "spring", "dampingRatio": 0.7, "initialVelocity": 0],
    ]
    var options = old["options"] as! F.Object
    options["cascade"] = ["delta": 0.02, "direction": "topToBottom", "delayMatched": true]
    old["options"] = options
    let plan = try plan(F.retarget(F.heroMoved(old), from: old, at: 0.0284, policy: "additive"))
    let photo = try layer(plan, "photo-42@to")
    let frame = try track(photo, "frame")
    XCTAssertEqual(number(frame["delay"]), 0.0116, accuracy: 1e-15)
    XCTAssertNil(frame["additive"])
    XCTAssertEqual(number(plan["duration"]), 0.5915999999999999)
    guard case .array(let frames) = photo["keyframes"] else { return XCTFail() }
    XCTAssertEqual(rect(frames.last?["frame"]), [0, 131, 390, 300])
  }

  func testR9ASpringThatWouldSettleTooLateIsRefused() throws {
    var old = F.zoomPush
    old["timing"] = [
      "duration": 2,
      "curve": ["type": "springPhysics", "mass": 1, "stiffness": 100, "damping": 0.2],
    ]
    var new = old
    new["destination"] = F.rect(0, 131, 390, 390)
    XCTAssertEqual(
      errors(F.retarget(new, from: old, at: 0.5)),
      [
        FieldError(
          pointer: "/retarget", message: "would last 76.46262641846573 s, over the 60 s limit")
      ])
    XCTAssertEqual(
      number(try plan(F.retarget(new, from: old, at: 0.5, policy: "additive"))["duration"]), 2)
  }

  // MARK: - Errors (RETARGET.md section 10)

  func testEveryBadMemberIsPointedAtInOrder() {
    let z = F.zoomPush
    func with(_ retarget: Any) -> F.Object {
      var r = z
      r["retarget"] = retarget
      return r
    }
    XCTAssertEqual(
      errors(with(3)).map(\.pointer), ["/retarget"])
    XCTAssertTrue(errors(with(3))[0].message.contains("must be an object"))
    XCTAssertEqual(
      errors(with([String: Any]())).map { "\($0.pointer) \($0.message)" },
      [
        "/retarget/at is required; a finite number",
        "/retarget/from required: the plan request in flight",
      ])
    XCTAssertEqual(
      errors(with(["at": "x", "from": 4, "policy": "bouncy"])).map {
        "\($0.pointer) \($0.message)"
      },
      [
        "/retarget/at must be a number, not a string",
        "/retarget/policy must be spring or additive",
        "/retarget/from must be an object (a plan request), not a number",
      ])
    var expand = z
    expand["style"] = "expand"
    XCTAssertEqual(
      errors(with(["at": 0.1, "from": expand])),
      [FieldError(pointer: "/retarget/from/style", message: "must be the request's style, zoom")])
    var pop = z
    pop["operation"] = "pop"
    XCTAssertEqual(
      errors(with(["at": 0.1, "from": pop])),
      [
        FieldError(
          pointer: "/retarget/from/operation", message: "must be the request's operation, push")
      ])
    // One error per pointer: an invalid in-flight style gets its own error, not the mismatch.
    var nope = z
    nope["style"] = "nope"
    XCTAssertEqual(
      errors(with(["at": 0.1, "from": nope])).map(\.pointer), ["/retarget/from/style"])
    var broken = z
    broken["container"] = ["width": -1]
    broken["reversal"] = ["at": "a"]
    XCTAssertEqual(
      errors(with(["at": 0.1, "from": broken])).map(\.pointer),
      [
        "/retarget/from/container/width", "/retarget/from/container/height",
        "/retarget/from/reversal/at",
      ])
    var newBroken = with(["at": "x", "from": z])
    newBroken["frameRate"] = 0
    XCTAssertEqual(errors(newBroken).map(\.pointer), ["/frameRate", "/retarget/at"])
  }

  func testWhatNeedsThePlansIsCheckedLast() {
    let z = F.zoomPush
    for at in [0.0, -1, 1.0000001, 2] {
      XCTAssertEqual(
        errors(F.retarget(z, from: z, at: at)),
        [
          FieldError(
            pointer: "/retarget/at",
            message: "must be > 0 and <= the in-flight plan's duration, 1 s")
        ],
        "\(at)")
    }
    // Up to the fourth double past the duration counts as the end.
    var d = 1.0
    for _ in 0..<4 { d = d.nextUp }
    XCTAssertTrue(errors(F.retarget(z, from: z, at: d)).isEmpty)
    XCTAssertEqual(errors(F.retarget(z, from: z, at: d.nextUp)).map(\.pointer), ["/retarget/at"])
    XCTAssertEqual(
      errors(F.retarget(F.zoomPop, from: F.zoomPop, at: 0.1, policy: "spring")),
      [FieldError(pointer: "/retarget/policy", message: "spring needs a spring timing")])
    var reduced = F.zoomPop
    reduced["reduceMotion"] = true
    XCTAssertTrue(errors(F.retarget(reduced, from: F.zoomPop, at: 0.1, policy: "spring")).isEmpty)
    // The in-flight request's engine errors keep their place, prefixed.
    var settlesNever = z
    settlesNever["timing"] = ["curve": ["type": "springPhysics", "damping": 0]]
    XCTAssertEqual(
      errors(F.retarget(z, from: settlesNever, at: 0.1)).map(\.pointer),
      ["/retarget/from/timing/curve"])
    var reversal = z
    reversal["reversal"] = ["at": 5]
    XCTAssertEqual(
      errors(F.retarget(z, from: reversal, at: 0.1)),
      [
        FieldError(
          pointer: "/retarget/from/reversal/at",
          message: "must be > 0 and <= the plan's duration, 1 s")
      ])
    // A null retarget plans the new request alone; a null member is missing.
    var null = z
    null["retarget"] = NSNull()
    XCTAssertTrue(errors(null).isEmpty)
    XCTAssertEqual(
      errors(
        F.retarget(z, from: z, at: 0.1).merging(["retarget": ["at": NSNull(), "from": z]]) { $1 }
      ).map(\.pointer), ["/retarget/at"])
  }

  func testRetargetsNestAtMostFourDeep() throws {
    let z = F.zoomPush
    var chain = z
    for _ in 0..<4 { chain = F.retarget(z, from: chain, at: 0.1) }
    XCTAssertTrue(errors(chain).isEmpty)
    XCTAssertEqual(
      errors(F.retarget(z, from: chain, at: 0.1)),
      [
        FieldError(
          pointer: "/retarget/from/retarget/from/retarget/from/retarget/from/retarget",
          message: "retargets nest at most 4 deep")
      ])
  }

  func testInteractionsRefuseARetarget() throws {
    let body = try ExportFixtures.example("interaction-slow-drag")
    var object = try JSONSerialization.jsonObject(with: Data(body)) as! F.Object
    var transition = object["transition"] as! F.Object
    transition["retarget"] = ["at": 0.1, "from": transition]
    object["transition"] = transition
    guard case .failure(let p) = PlanningService().interactionBody(Array(F.text(object).utf8))
    else {
      return XCTFail("accepted")
    }
    XCTAssertEqual(
      p.errors,
      [FieldError(pointer: "/transition/retarget", message: "not supported in interactions")])
  }

  // MARK: - Canonical form, echo, listing, exports

  func canonical(_ object: F.Object) throws -> String {
    let request = try PlanningService().decodePlanRequest(Array(F.text(object).utf8)).get()
    return String(decoding: CanonicalRequest.json(request), as: UTF8.self)
  }

  func testTheCanonicalFormNestsTheInFlightRequest() throws {
    let plain = try canonical(F.zoomPush)
    var reversed = F.zoomPush
    reversed["reversal"] = ["at": 0.3]
    reversed["reduceMotion"] = true
    let text = try canonical(
      F.retarget(reversed, from: F.zoomPop.merging(["operation": "push"]) { $1 }, at: 0.1))
    XCTAssertTrue(
      text.hasPrefix(
        #"{"style":"zoom","operation":"push","reduceMotion":true,"reversal":{"at":0.3},"retarget":{"at":0.1,"from":{"style":"zoom","operation":"push","container":"#
      ), text)
    XCTAssertTrue(
      try canonical(F.retarget(F.zoomPush, from: F.zoomPush, at: 0.1, policy: "additive")).contains(
        #""retarget":{"at":0.1,"policy":"additive","from":"#))
    // The in-flight request is canonical too: key order and ignored members do not matter.
    var shuffled = F.zoomPush
    shuffled["ignored"] = true
    XCTAssertEqual(
      try canonical(F.retarget(F.zoomPush, from: shuffled, at: 0.1)),
      try canonical(F.retarget(F.zoomPush, from: F.zoomPush, at: 0.1)))
    XCTAssertEqual(
      try canonical(F.retarget(F.zoomPush, from: F.zoomPush, at: 0.1)),
      String(plain.dropLast()).replacingOccurrences(
        of: #""operation":"push","#,
        with: #""operation":"push","retarget":{"at":0.1,"from":\#(plain)},"#) + "}")
  }

  func testTheEchoAndTheTrackMembersAreInOrder() throws {
    var new = F.zoomPush
    new["destination"] = F.rect(0, 131, 390, 390)
    new["reversal"] = ["at": 0.5]
    let text = String(
      decoding: try PlanningService().planBody(
        Array(F.text(F.retarget(new, from: F.zoomPush, at: 0.1)).utf8)
      ).get(),
      as: UTF8.self)
    XCTAssertTrue(
      text.hasPrefix(
        #"{"engineVersion":"1.0.0","style":"zoom","operation":"push","reversal":{"at":0.5,"progress":"#
      ),
      String(text.prefix(200)))
    XCTAssertTrue(
      text.contains(#"},"retarget":{"at":0.1,"policy":"spring","fromDuration":1},"container":"#),
      String(text.prefix(300)))
  }

  func testTheStylesListRetargetAfterReversal() throws {
    let app = PlannerApp()
    let styles = try JSONParser.parse(app.handle("GET", "/v1/styles").body)
    guard case .array(let common) = styles["common"] else { return XCTFail("no common") }
    XCTAssertEqual(
      common.map { $0["name"] },
      [.string("reduceMotion"), .string("reversal"), .string("retarget")])
    let retarget = common[2]
    XCTAssertEqual(retarget["type"], .string("option"))
    guard case .array(let fields) = retarget["members"] else { return XCTFail("no members") }
    XCTAssertEqual(fields.map { $0["name"] }, [.string("at"), .string("from"), .string("policy")])
  }

  func testCompactWaapiPlaysSpringAndAdditiveTracksFrameByFrame() throws {
    var new = F.zoomPush
    new["destination"] = F.rect(0, 131, 390, 390)
    for policy in ["spring", "additive"] {
      let object = F.retarget(new, from: F.zoomPush, at: 0.1, policy: policy)
      let plan = try ExportFixtures.plan(json: F.text(object))
      let document = try JSONParser.parse(CompactWaapiExporter.export(plan))
      let snapshot = plan.choreography.layers.firstIndex { $0.id == "snapshot" }!
      guard case .array(let layers) = document["layers"],
        case .array(let animations) = layers[snapshot]["animations"],
        case .array(let frames) = animations[0]["keyframes"]
      else { return XCTFail("no snapshot animation") }
      let end = number(animations[0]["options"]?["duration"]) / 1000
      XCTAssertEqual(animations[0]["options"]?["easing"], .string("linear"))
      // A keyframe per frame of the plan, each exact.
      for (j, t) in plan.times.enumerated() where t <= end {
        let frame = frames[j]
        XCTAssertEqual(number(frame["offset"]) * end, t, accuracy: 1e-9)
        XCTAssertEqual(
          pixels(frame["left"]) ?? .nan, plan.keyframes[snapshot][j].frame.x, accuracy: 1e-9,
          "\(policy) \(t)")
        XCTAssertEqual(
          pixels(frame["top"]) ?? .nan, plan.keyframes[snapshot][j].frame.y, accuracy: 1e-9)
      }
      // The request a player sends as the next `from`.
      XCTAssertEqual(document["request"]?["retarget"]?["at"], .number(0.1))
    }
  }
}

/// Writes a parsed value back as compact JSON (member order kept), for comparing lists.
enum PlanEncoderTestWriter {
  static func write(_ value: JSONValue, _ w: inout JSONWriter) {
    switch value {
    case .object(let members):
      w.raw("{")
      for (i, member) in members.enumerated() {
        if i > 0 { w.raw(",") }
        w.string(member.key)
        w.raw(":")
        write(member.value, &w)
      }
      w.raw("}")
    case .array(let items):
      w.raw("[")
      for (i, v) in items.enumerated() {
        if i > 0 { w.raw(",") }
        write(v, &w)
      }
      w.raw("]")
    case .string(let s): w.string(s)
    case .number(let n): w.number(n)
    case .bool(let b): w.bool(b)
    case .null: w.raw("null")
    }
  }
}
