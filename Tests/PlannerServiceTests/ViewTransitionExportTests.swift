import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `viewtransition` document (docs/VIEWTRANSITIONS.md): one document written out by hand
/// from the spec's rules, whole documents of every style pinned byte for byte, the spellings of
/// names and numbers, the capture keyframes and the refusals.
final class ViewTransitionExportTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/viewtransition")

  func document(_ json: String) throws -> [UInt8] {
    try PlanningService().planBody(Array(json.utf8), format: .viewtransition).get()
  }

  /// A zoom push of 0.1 s, linear, at 30 fps: four samples, each value below derived by hand
  /// from the plan (whose keyframes the test reads) and the spec's rules.
  static let tinyZoomPush =
    #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":100,"width":100,"height":100},"destination":{"x":0,"y":0,"width":390,"height":300},"timing":{"duration":0.1,"curve":{"type":"linear"}},"frameRate":30}"#

  func testADocumentWrittenByHandFromTheRules() throws {
    let plan = try ExportFixtures.plan(json: Self.tinyZoomPush)
    // The plan's own numbers, which the document carries unchanged.
    XCTAssertEqual(plan.times, [0, 0.03333333333333333, 0.06666666666666667, 0.1])
    XCTAssertEqual(plan.keyframes[1].map(\.alpha), [0, 0.33333333333336834, 0.6666666666666318, 1])
    XCTAssertEqual(
      plan.keyframes[2].map(\.frame),
      [
        Rect(x: 16, y: 100, width: 100, height: 100),
        Rect(
          x: 10.666666666666107, y: 66.66666666666316, width: 196.6666666666768,
          height: 166.66666666667368),
        Rect(
          x: 5.333333333333892, y: 33.333333333336824, width: 293.33333333332325,
          height: 233.33333333332638),
        Rect(x: 0, y: 0, width: 390, height: 300),
      ])
    // Offsets t / D (d = 0 for every group): 0.03333333333333333 / 0.1 = 0.3333333333333333,
    // and x 100 in the css: 33.33333333333333.
    XCTAssertEqual(0.03333333333333333 / 0.1, 0.3333333333333333)
    XCTAssertEqual(0.3333333333333333 * 100, 33.33333333333333)
    XCTAssertEqual(0.06666666666666667 / 0.1 * 100, 66.66666666666666)

    // 3.3: groups bottom to top by their lowest layer; fromView (old, screen from), toView
    // (new, screen to), the snapshot of `source` (old, its layer's screen) with `destination`,
    // shown again at finish and drawn by no layer, as its hidden partner on the other side.
    let groups =
      #"[{"name":"tp-from_view","class":"tp-screen","zIndex":0,"delay":0,"layers":{"old":"fromView"},"old":{"screen":"from"},"new":null},"#
      + #"{"name":"tp-to_view","class":"tp-screen","zIndex":1,"delay":0,"layers":{"new":"toView"},"old":null,"new":{"screen":"to"}},"#
      + #"{"name":"tp-snapshot","class":"tp-pair","zIndex":2,"delay":0,"layers":{"old":"snapshot","new":null},"old":{"element":"source"},"new":{"element":"destination"}}]"#
    // Section 5, line by line. fromView moves nothing: all static, transform translate() alone
    // (no keyframe has a transform). toView's opacity changes: animated, so not in baseCss.
    // The snapshot's box changes; its image is aspectFit -> contain (no clip: not cover/none);
    // the partner is fill, z-index 0, opacity 0 last.
    let base =
      "/* transition-planner viewtransition: zoom push, 100 ms */\n"
      + ":root { view-transition-name: none; }\n"
      + "::view-transition { inset: auto; left: var(--tp-container-left, 0px); top: var(--tp-container-top, 0px); width: 390px; height: 844px; overflow: clip; }\n"
      + "::view-transition-group(tp-from_view), ::view-transition-image-pair(tp-from_view), ::view-transition-old(tp-from_view) { animation: none; }\n"
      + "::view-transition-group(tp-from_view) { z-index: 0; transform-origin: 50% 50%; width: 390px; height: 844px; transform: translate(0px, 0px); }\n"
      + "::view-transition-old(tp-from_view) { mix-blend-mode: normal; z-index: 1; object-fit: fill; object-position: 50% 50%; left: 0px; top: 0px; width: 100%; height: 100%; opacity: 1; }\n"
      + "::view-transition-group(tp-to_view), ::view-transition-image-pair(tp-to_view), ::view-transition-new(tp-to_view) { animation: none; }\n"
      + "::view-transition-group(tp-to_view) { z-index: 1; transform-origin: 50% 50%; width: 390px; height: 844px; transform: translate(0px, 0px); }\n"
      + "::view-transition-new(tp-to_view) { mix-blend-mode: normal; z-index: 1; object-fit: fill; object-position: 50% 50%; left: 0px; top: 0px; width: 100%; height: 100%; }\n"
      + "::view-transition-group(tp-snapshot), ::view-transition-image-pair(tp-snapshot), ::view-transition-old(tp-snapshot), ::view-transition-new(tp-snapshot) { animation: none; }\n"
      + "::view-transition-group(tp-snapshot) { z-index: 2; transform-origin: 50% 50%; }\n"
      + "::view-transition-old(tp-snapshot) { mix-blend-mode: normal; z-index: 1; object-fit: contain; object-position: 50% 50%; left: 0px; top: 0px; width: 100%; height: 100%; opacity: 1; }\n"
      + "::view-transition-new(tp-snapshot) { mix-blend-mode: normal; z-index: 0; object-fit: fill; object-position: 50% 50%; left: 0px; top: 0px; width: 100%; height: 100%; opacity: 0; }\n"
    let animationCss =
      "::view-transition-new(tp-to_view) { animation: tpvt-new-tp-to_view 100ms linear 0ms both; }\n"
      + "@keyframes tpvt-new-tp-to_view {\n"
      + "  0% { opacity: 0; }\n"
      + "  33.33333333333333% { opacity: 0.33333333333336834; }\n"
      + "  66.66666666666666% { opacity: 0.6666666666666318; }\n"
      + "  100% { opacity: 1; }\n"
      + "}\n"
      + "::view-transition-group(tp-snapshot) { animation: tpvt-group-tp-snapshot 100ms linear 0ms both; }\n"
      + "@keyframes tpvt-group-tp-snapshot {\n"
      + "  0% { width: 100px; height: 100px; transform: translate(16px, 100px); }\n"
      + "  33.33333333333333% { width: 196.6666666666768px; height: 166.66666666667368px; transform: translate(10.666666666666107px, 66.66666666666316px); }\n"
      + "  66.66666666666666% { width: 293.33333333332325px; height: 233.33333333332638px; transform: translate(5.333333333333892px, 33.333333333336824px); }\n"
      + "  100% { width: 390px; height: 300px; transform: translate(0px, 0px); }\n"
      + "}\n"
    let animations =
      #"[{"keyframes":[{"offset":0,"opacity":"0"},{"offset":0.3333333333333333,"opacity":"0.33333333333336834"},{"offset":0.6666666666666666,"opacity":"0.6666666666666318"},{"offset":1,"opacity":"1"}],"options":{"duration":100,"easing":"linear","fill":"both","pseudoElement":"::view-transition-new(tp-to_view)"}},"#
      + #"{"keyframes":[{"offset":0,"width":"100px","height":"100px","transform":"translate(16px, 100px)"},{"offset":0.3333333333333333,"width":"196.6666666666768px","height":"166.66666666667368px","transform":"translate(10.666666666666107px, 66.66666666666316px)"},{"offset":0.6666666666666666,"width":"293.33333333332325px","height":"233.33333333332638px","transform":"translate(5.333333333333892px, 33.333333333336824px)"},{"offset":1,"width":"390px","height":"300px","transform":"translate(0px, 0px)"}],"options":{"duration":100,"easing":"linear","fill":"both","pseudoElement":"::view-transition-group(tp-snapshot)"}}]"#
    let actions =
      #"{"start":[{"target":{"element":"source"},"hidden":true},{"target":{"element":"destination"},"hidden":true}],"finish":[{"target":{"element":"source"},"hidden":false},{"target":{"element":"destination"},"hidden":false},{"target":{"layer":"snapshot"},"remove":true}],"cancel":[{"target":{"element":"source"},"hidden":false},{"target":{"element":"destination"},"hidden":false},{"target":{"layer":"snapshot"},"remove":true}]}"#
    let request =
      #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":100,"width":100,"height":100},"destination":{"x":0,"y":0,"width":390,"height":300},"timing":{"duration":0.1,"curve":{"type":"linear"}},"frameRate":30}"#
    func jsonString(_ s: String) -> String {
      s.replacingOccurrences(of: "\n", with: "\\n")
    }
    let expected =
      #"{"format":"viewtransition","formatVersion":1,"engineVersion":"1.0.0","style":"zoom","operation":"push","container":{"width":390,"height":844},"duration":100,"frameRate":30,"types":["tp-zoom","tp-push"],"groups":"#
      + groups + #","baseCss":""# + jsonString(base) + #"","css":""#
      + jsonString(base + animationCss) + #"","animations":"# + animations + #","actions":"#
      + actions + #","request":"# + request + "}"
    let bytes = try document(Self.tinyZoomPush)
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
  }

  // MARK: - Whole documents, every style

  /// The pinned requests: every style and operation's example, hero with an arc, a cascade,
  /// radius, content fit, shadows and dimming, the `none` preset, reversals and reduced motion.
  static func pinned() throws -> [(name: String, body: [UInt8])] {
    var out: [(String, [UInt8])] = []
    for name in [
      "zoom-push", "zoom-pop", "expand-push", "expand-pop", "cartSheet-present",
      "cartSheet-dismiss", "cartSheet-present-reduced", "zoom-push-reversed", "hero-avatar",
      "hero-cascade", "hero-grid-push", "hero-grid-pop", "hero-preset-cover", "hero-preset-none",
    ] {
      // 15 fps keeps the pinned files small; the rules do not depend on the frame rate.
      var root = try JSONParser.parse(try ExportFixtures.example(name))
      root = with(root, "frameRate", .number(15))
      out.append((name, encoded(root)))
    }
    var reversal = try JSONParser.parse(try ExportFixtures.example("hero-grid-push"))
    reversal = with(reversal, "frameRate", .number(15))
    reversal = with(reversal, "reversal", .object([JSONMember("at", .number(0.12))]))
    out.append(("hero-grid-push-reversed", encoded(reversal)))
    return out
  }

  static func with(_ value: JSONValue, _ key: String, _ member: JSONValue) -> JSONValue {
    guard case .object(var members) = value else { return value }
    members.removeAll { $0.key == key }
    members.append(JSONMember(key, member))
    return .object(members)
  }

  static func encoded(_ value: JSONValue) -> [UInt8] {
    var w = JSONWriter(capacity: 4096)
    w.value(value)
    return w.bytes
  }

  /// `VT_RECORD=1 swift test --filter ViewTransitionExportTests` writes the files after a
  /// change of the rules; the diff is then read against docs/VIEWTRANSITIONS.md.
  func testWholeDocumentsOfEveryStyleArePinned() throws {
    let record = ProcessInfo.processInfo.environment["VT_RECORD"] == "1"
    for (name, body) in try Self.pinned() {
      let bytes = try PlanningService().planBody(body, format: .viewtransition).get()
      let file = Self.fixtures.appendingPathComponent(name + ".json")
      if record {
        try Data(bytes).write(to: file)
        continue
      }
      let pinned = try Data(contentsOf: file)
      XCTAssertEqual(bytes, Array(pinned), "\(name): differs from \(file.path)")
      // Deterministic: a second run gives the same bytes.
      XCTAssertEqual(bytes, try PlanningService().planBody(body, format: .viewtransition).get())
    }
  }

  // MARK: - Spellings

  func testNamesEncodeIdsInjectively() {
    let cases: [(String, String)] = [
      ("photo-42", "photo-42"), ("Photo 42", "_photo_32_42"), ("fromView", "from_view"),
      ("topSlice", "top_slice"), ("snapshot", "snapshot"), ("a_b", "a__b"),
      ("\u{1F600}", "_128512_"), ("\u{E9}", "_233_"), ("e\u{301}", "e_769_"),
      ("x.y@z", "x_46_y_64_z"),
      ("cartSheet", "cart_sheet"),
    ]
    for (id, name) in cases { XCTAssertEqual(ViewTransitionText.encoded(id), name, id) }
    XCTAssertNotEqual(ViewTransitionText.encoded("Photo"), ViewTransitionText.encoded("photo"))
  }

  func testCssNumbersAreSpelledAsJavaScriptDoes() {
    func css(_ v: Double) -> String {
      var w = JSONWriter(capacity: 64)
      ViewTransitionText.number(v, &w)
      return String(decoding: w.bytes, as: UTF8.self)
    }
    let cases: [(Double, String)] = [
      (6.944444444444444e-05, "0.00006944444444444444"), (1e-7, "1e-7"), (1.5e-7, "1.5e-7"),
      (2e-6, "0.000002"), (0.0001, "0.0001"), (374.66666666666663, "374.66666666666663"),
      (470, "470"), (-0.0, "0"), (9_007_199_254_740_992, "9007199254740992"),
      (1e16, "10000000000000000"), (1e20, "100000000000000000000"), (1e21, "1e+21"),
      (1.5e21, "1.5e+21"), (-2.5e-8, "-2.5e-8"), (12.500000000000002, "12.500000000000002"),
    ]
    for (v, text) in cases { XCTAssertEqual(css(v), text, "\(v)") }
    // The JSON spelling of the same values differs below 1e-4 and from 2^53.
    var w = JSONWriter(capacity: 32)
    w.number(6.944444444444444e-05)
    XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "6.944444444444444e-05")
  }

  // MARK: - Timing and capture

  /// 4.1 on a cascade: each group's delay is its layers' smallest track delay, its animations
  /// last (D - d) x 1000 ms (D the plan's duration), the subtraction first, its window starts at
  /// the last sample at or before d, and every animation ends at D.
  func testCascadeWindows() throws {
    let plan = try ExportFixtures.plan("hero-cascade")
    let doc = try JSONParser.parse(
      try document(String(decoding: try ExportFixtures.example("hero-cascade"), as: UTF8.self)))
    let duration = plan.duration
    var delays: Set<Double> = []
    for entry in doc["animations"]!.array! {
      let options = entry["options"]!
      let pseudo = options["pseudoElement"]!.text!
      let name = String(pseudo.split(separator: "(")[1].dropLast())
      let group = doc["groups"]!.array!.first { $0["name"]!.text == name }!
      let dMs = group["delay"]!.number!
      guard case .object(let layerMembers) = group["layers"]! else { return XCTFail(name) }
      let layerIDs = layerMembers.compactMap { $0.value.text }
      let d = layerIDs.map { id in
        plan.choreography.layers.first { $0.id == id }!.tracks.map(\.delay).min() ?? 0
      }.min()!
      XCTAssertEqual(dMs, d * 1000, name)
      delays.insert(d)
      XCTAssertEqual(options["duration"]!.number!, (duration - d) * 1000, name)
      XCTAssertEqual(options["delay"]?.number, d > 0 ? d * 1000 : nil, name)
      let keyframes = entry["keyframes"]!.array!
      let start = plan.times.lastIndex { $0 <= d }!
      XCTAssertEqual(keyframes.count, plan.times.count - start, name)
      XCTAssertEqual(keyframes.first!["offset"]!.number, 0)
      XCTAssertEqual(keyframes.last!["offset"]!.number, 1)
      for (k, i) in (start + 1..<plan.times.count - 1).enumerated() {
        XCTAssertEqual(
          keyframes[k + 1]["offset"]!.number!, (plan.times[i] - d) / (duration - d), name)
      }
    }
    XCTAssertGreaterThan(delays.count, 2, "the cascade gives several delays")
  }

  /// 3.5: at its capture keyframe an image with a content frame fills its group exactly; a
  /// reversal's old images are captured at the forward plan's last keyframe, not its first.
  func testContentBoxesAtTheCaptureKeyframe() throws {
    var checked = 0
    var reversedChecked = 0
    for (name, body) in try Self.pinned() where name.hasPrefix("hero") {
      let plan = try PlanningService().decodePlanRequest(body).flatMap(PlanningService().plan)
        .get()
      let doc = try JSONParser.parse(
        try PlanningService().planBody(body, format: .viewtransition).get())
      let css = doc["css"]!.text!
      for group in doc["groups"]!.array! {
        for side in ["old", "new"] {
          guard let id = group["layers"]?[side]?.text,
            let l = plan.choreography.layers.firstIndex(where: { $0.id == id }),
            plan.choreography.layers[l].contentFrame != nil
          else { continue }
          let last = plan.times.count - 1
          let reversedOld = plan.reversal != nil && side == "old"
          let k = side == "new" ? last : 0
          let frame = plan.keyframes[l][k].frame
          // The animation's keyframe at the capture sample (or baseCss's static values).
          let entry = doc["animations"]!.array!.first {
            $0["options"]!["pseudoElement"]!.text
              == "::view-transition-\(side)(\(group["name"]!.text!))"
          }
          func value(_ property: String) -> String? {
            if let entry,
              let kf =
                (side == "new"
                  ? entry["keyframes"]!.array!.last : entry["keyframes"]!.array!.first),
              let v = kf[property]?.text
            {
              return v
            }
            // Static: written once in baseCss.
            let rule = css.split(separator: "\n").first {
              $0.hasPrefix("::view-transition-\(side)(\(group["name"]!.text!)) { mix")
            }
            guard let rule, let range = rule.range(of: " \(property): ") else { return nil }
            return String(rule[range.upperBound...].prefix { $0 != ";" })
          }
          guard let left = value("left"), let width = value("width") else { continue }
          checked += 1
          if reversedOld { reversedChecked += 1 }
          if reversedOld {
            // Laid out at the forward transition's end: not stretched over the reversal's
            // first frame.
            XCTAssertFalse(
              left == "0px" && width == "\(frame.width)px",
              "\(name) \(id): placed by the first keyframe")
          } else {
            XCTAssertEqual(left, "0px", "\(name) \(id) \(side)")
            XCTAssertEqual(value("top"), "0px", "\(name) \(id) \(side)")
            var w = JSONWriter(capacity: 32)
            ViewTransitionText.number(frame.width, &w)
            XCTAssertEqual(width, String(decoding: w.bytes, as: UTF8.self) + "px", "\(name) \(id)")
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 10)
    XCTAssertGreaterThan(reversedChecked, 0)
  }

  // MARK: - Refusals

  func testRetargetIsRefusedAloneOnceValid() throws {
    let retargeted = try ExportFixtures.example("zoom-push-retargeted")
    let problem = PlanningService().planBody(retargeted, format: .viewtransition)
    guard case .failure(let p) = problem else { return XCTFail("answered a retarget") }
    let body = try JSONParser.parse(p.encoded())
    XCTAssertEqual(body["status"]?.number, 422)
    XCTAssertEqual(body["type"]?.text, "/problems/invalid-request")
    let errors = try XCTUnwrap(body["errors"]?.array)
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(errors[0]["pointer"]?.text, "/retarget")
    XCTAssertEqual(
      errors[0]["message"]?.text,
      "cannot be played as a view transition: it captures the page, not a transition in flight; ask for waapi (player.js retarget())"
    )
    // The same request as waapi is answered: the refusal is this format's.
    XCTAssertNoThrow(try PlanningService().planBody(retargeted, format: .waapi).get())
    // An invalid retarget request gets its own errors, not this one.
    var root = try JSONParser.parse(retargeted)
    guard let r = root["retarget"]
    else { return XCTFail("no retarget") }
    root = Self.with(root, "retarget", Self.with(r, "at", .number(-1)))
    guard
      case .failure(let invalid) = PlanningService().planBody(
        Self.encoded(root), format: .viewtransition)
    else { return XCTFail("answered an invalid retarget") }
    let pointers = try JSONParser.parse(invalid.encoded())["errors"]!.array!.map {
      $0["pointer"]!.text!
    }
    XCTAssertEqual(pointers, ["/retarget/at"])
  }

  func testReversalAndReducedMotionAreAnswered() throws {
    let reversed = try JSONParser.parse(
      try PlanningService().planBody(
        try ExportFixtures.example("zoom-push-reversed"), format: .viewtransition
      ).get())
    XCTAssertEqual(
      reversed["types"]?.array?.compactMap(\.text), ["tp-zoom", "tp-push", "tp-reversal"])
    XCTAssertNotNil(reversed["reversal"])
    let reduced = try JSONParser.parse(
      try PlanningService().planBody(
        try ExportFixtures.example("cartSheet-present-reduced"), format: .viewtransition
      ).get())
    XCTAssertEqual(
      reduced["types"]?.array?.compactMap(\.text),
      ["tp-cart_sheet", "tp-present", "tp-reduced-motion"])
    XCTAssertEqual(
      reduced["groups"]?.array?.compactMap { $0["name"]?.text }, ["tp-from_view", "tp-to_view"])
  }
}
