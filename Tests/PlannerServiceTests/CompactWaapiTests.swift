import Foundation
import JSON
import TestSupport
import TransitionEngine
import XCTest

@testable import PlannerService

/// `keyframes=compact`: played as Web Animations plays it (the model below: fill both, the
/// delay, the easing of the local progress, keyframes interpolated), every layer at arbitrary
/// times, not only at samples, is within 0.1 px (opacity 0.001) of the engine's exact state.
final class CompactWaapiTests: XCTestCase {
  /// Plans with every curve kind, arcs, cascades, content fit, shadows, a reversal and the
  /// reduced-motion dissolve.
  static func plans() throws -> [(String, Plan)] {
    var plans: [(String, Plan)] = []
    let names = try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "examples"
        ).path
    ).filter { $0.hasSuffix(".json") && !$0.hasPrefix("interaction-") }.sorted()
    for name in names {
      let stem = String(name.dropLast(5))
      plans.append((stem, try ExportFixtures.plan(stem)))
    }
    let curves = [
      #"{"type": "spring", "dampingRatio": 0.4, "initialVelocity": 2}"#,
      #"{"type": "springPhysics", "mass": 1, "stiffness": 300, "damping": 8}"#,
      #"{"type": "springResponse", "response": 0.4, "dampingRatio": 0.5}"#,
      #"{"type": "springBounce", "duration": 0.5, "bounce": 0.4}"#,
      #"{"type": "cubicBezier", "x1": 0.3, "y1": -0.6, "x2": 0.6, "y2": 1.6}"#,
    ]
    for curve in curves {
      plans.append(
        (
          "zoom " + curve,
          try ExportFixtures.plan(
            json:
              #"{"style": "zoom", "operation": "push", "container": {"width": 390, "height": 844}, "#
              + #""source": {"x": 16, "y": 220, "width": 170, "height": 170}, "#
              + #""destination": {"x": 0, "y": 91, "width": 390, "height": 390}, "timing": {"curve": "#
              + curve + "}}")
        ))
      let hero = try String(decoding: ExportFixtures.example("hero-avatar"), as: UTF8.self)
      let withCurve = hero.replacingOccurrences(
        of: #""style""#, with: #""timing": {"curve": "# + curve + #"}, "style""#)
      plans.append(("hero-avatar " + curve, try ExportFixtures.plan(json: withCurve)))
    }
    return plans
  }

  func testTheBrowserDrawsThePlanBetweenSamples() throws {
    var checked = 0
    for (name, plan) in try Self.plans() {
      let document = try JSONParser.parse(CompactWaapiExporter.export(plan))
      let evaluator = ChoreographyEvaluator(plan.choreography, timing: plan.timing)
      let layers = try XCTUnwrap(document["layers"]?.array)
      XCTAssertEqual(layers.count, plan.choreography.layers.count, name)
      var generator = SeededGenerator(state: 7)
      var times = (0..<150).map { _ in Double(generator.next() % 1_000_000) / 1e6 * plan.duration }
      times += [0, plan.duration, plan.duration * 0.999_999]
      // A retarget's spring and offset tracks are played a keyframe per frame: exact at the
      // plan's samples (docs/API.md "Retargeting"), linear between them.
      if plan.retarget != nil { times = plan.times }
      for t in times {
        let clock = { (k: Int) in evaluator.progress(ofClock: k, at: t, timing: plan.timing) }
        for (l, layer) in layers.enumerated() {
          let played = try BrowserModel.play(layer, at: t * 1000)
          let exact = evaluator.state(ofLayer: l, at: t, progressOfDelay: clock)
          let detail = evaluator.detail(ofLayer: l, at: t, progressOfDelay: clock)
          let place = "\(name) layer \(l) at \(t)"
          XCTAssertEqual(played.left, exact.frame.x, accuracy: 0.1, place)
          XCTAssertEqual(played.top, exact.frame.y, accuracy: 0.1, place)
          XCTAssertEqual(played.width, exact.frame.width, accuracy: 0.1, place)
          XCTAssertEqual(played.height, exact.frame.height, accuracy: 0.1, place)
          XCTAssertEqual(
            played.left + played.width, exact.frame.x + exact.frame.width, accuracy: 0.1, place)
          XCTAssertEqual(played.opacity, exact.alpha, accuracy: 0.001, place)
          let geometry = { (frame: Rect, transform: Transform3D) in
            LayerGeometry(
              frame: frame, anchor: plan.choreography.layers[l].anchor, transform: transform
            ).projectedCorners
          }
          let playedFrame = Rect(
            x: played.left, y: played.top, width: played.width, height: played.height)
          for (a, b) in zip(
            geometry(playedFrame, played.transform), geometry(exact.frame, exact.transform))
          {
            XCTAssertEqual(a.x, b.x, accuracy: 0.1, place + " (corner)")
            XCTAssertEqual(a.y, b.y, accuracy: 0.1, place + " (corner)")
          }
          let info = plan.timeline.layers[l]
          if info.reportsCornerRadius {
            XCTAssertEqual(
              try XCTUnwrap(played.borderRadius), detail.cornerRadius, accuracy: 0.1, place)
          }
          if info.hasContentFrame {
            let content = try XCTUnwrap(played.content, place)
            XCTAssertEqual(content.x, detail.contentFrame.x, accuracy: 0.1, place)
            XCTAssertEqual(content.y, detail.contentFrame.y, accuracy: 0.1, place)
            XCTAssertEqual(content.width, detail.contentFrame.width, accuracy: 0.1, place)
            XCTAssertEqual(content.height, detail.contentFrame.height, accuracy: 0.1, place)
          }
          if info.shadow != nil {
            XCTAssertEqual(
              try XCTUnwrap(played.shadowAlpha), detail.shadowOpacity, accuracy: 0.001, place)
          }
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 20_000)
  }

  func testItIsSmallerThanTheSampledDocumentAndKeepsItsActions() throws {
    for (name, plan) in try Self.plans() where !name.contains(" ") {
      let compact = CompactWaapiExporter.export(plan)
      let sampled = WaapiExporter.export(plan)
      // A retarget's springs keep a keyframe per frame: no smaller than the sampled document.
      if plan.retarget == nil { XCTAssertLessThan(compact.count * 3, sampled.count, name) }
      let c = try JSONParser.parse(compact)
      let s = try JSONParser.parse(sampled)
      XCTAssertEqual(c["keyframes"]?.text, "compact")
      for key in ["style", "operation", "container", "duration", "actions", "request"] {
        XCTAssertEqual(c[key], s[key], "\(name): \(key)")
      }
    }
  }

  func testStaticValuesAreWrittenOnceAndBeziersUseTheBrowsersCurve() throws {
    let plan = try ExportFixtures.plan(
      json: #"{"style": "zoom", "operation": "push", "container": {"width": 390, "height": 844}, "#
        + #""source": {"x": 16, "y": 220, "width": 170, "height": 170}, "#
        + #""destination": {"x": 0, "y": 91, "width": 390, "height": 390}, "#
        + #""timing": {"duration": 0.5, "curve": {"type": "easeInOut"}}}"#)
    let document = try JSONParser.parse(CompactWaapiExporter.export(plan))
    let from = try XCTUnwrap(document["layers"]?[0])
    XCTAssertEqual(from["animations"]?.array?.count, 0)
    XCTAssertEqual(from["style"]?["width"]?.text, "390px")
    XCTAssertEqual(from["style"]?["opacity"]?.number, 1)
    for layer in try XCTUnwrap(document["layers"]?.array) {
      for animation in try XCTUnwrap(layer["animations"]?.array) {
        XCTAssertEqual(animation["keyframes"]?.array?.count, 2)
        XCTAssertEqual(animation["options"]?["easing"]?.text, "cubic-bezier(0.42, 0, 0.58, 1)")
        XCTAssertEqual(animation["options"]?["duration"]?.number, 500)
        // The property the animation changes is not repeated in the static style.
        let member = try XCTUnwrap(animation["keyframes"]?[0]?.objectKeys.first)
        XCTAssertNil(layer["style"]?[member], member)
      }
    }
  }

  func testSpringPointsFollowTheTrackSize() throws {
    // The same spring moving 20 times further needs more points for the same 0.1 px.
    func points(_ width: Double) throws -> Int {
      let plan = try ExportFixtures.plan(
        json:
          #"{"style": "zoom", "operation": "push", "container": {"width": \#(width), "height": 844}, "#
          + #""source": {"x": 16, "y": 220, "width": 170, "height": 170}, "#
          + #""destination": {"x": 0, "y": 91, "width": \#(width), "height": 390}, "#
          + #""timing": {"curve": {"type": "springResponse", "response": 0.5, "dampingRatio": 0.3}}}"#
      )
      let document = try JSONParser.parse(CompactWaapiExporter.export(plan))
      var most = 0
      for layer in try XCTUnwrap(document["layers"]?.array) {
        for animation in try XCTUnwrap(layer["animations"]?.array) {
          let easing = try XCTUnwrap(animation["options"]?["easing"]?.text)
          most = max(most, easing.split(separator: ",").count)
        }
      }
      return most
    }
    let small = try points(200)
    let large = try points(4000)
    // Points go as one over the square root of the tolerance: sqrt(20) = 4.5 times as many.
    XCTAssertGreaterThan(large, small * 3)
    XCTAssertLessThan(large, small * 6)
  }
}

/// What `element.animate(keyframes, {duration, delay, easing, fill: "both"})` shows, as the
/// Web Animations and CSS Easing specifications define it, for the members a compact document
/// uses.
enum BrowserModel {
  struct Played {
    var left = 0.0
    var top = 0.0
    var width = 0.0
    var height = 0.0
    var opacity = 1.0
    var transform = Transform3D.identity
    var borderRadius: Double?
    var content: Rect?
    var shadowAlpha: Double?
  }

  static func play(_ layer: JSONValue, at ms: Double) throws -> Played {
    var values: [String: JSONValue] = [:]
    var content: [String: JSONValue] = [:]
    if case .object(let members) = layer["style"] ?? .null {
      for m in members { values[m.key] = m.value }
    }
    if case .object(let members) = layer["contentStyle"] ?? .null {
      for m in members { content[m.key] = m.value }
    }
    var numbers: [String: Double] = [:]
    var transforms: [String: Transform3D] = [:]
    var contentNumbers: [String: Double] = [:]
    for animation in layer["animations"]?.array ?? [] {
      let options = try XCTUnwrap(animation["options"])
      let duration = try XCTUnwrap(options["duration"]?.number)
      let delay = options["delay"]?.number ?? 0
      let x = duration > 0 ? min(max((ms - delay) / duration, 0), 1) : 1
      let p = try easing(try XCTUnwrap(options["easing"]?.text))(x)
      let frames = try XCTUnwrap(animation["keyframes"]?.array)
      // Keyframes with offsets (an arc's path) are evenly spaced otherwise.
      let offsets = frames.enumerated().map { i, f in
        f["offset"]?.number ?? Double(i) / Double(max(frames.count - 1, 1))
      }
      // At progress 1 with several keyframes at offset 1 the last one holds (Web Animations
      // 4.4.3, the interval endpoints).
      var k = 0
      while k < frames.count - 2, p > offsets[k + 1] || (p >= 1 && offsets[k + 1] >= 1) {
        k += 1
      }
      let span = offsets[k + 1] - offsets[k]
      let local = span > 0 ? (p - offsets[k]) / span : 1
      let toContent = animation["target"]?.text == "content"
      for key in frames[k].objectKeys where key != "offset" {
        let a = try XCTUnwrap(frames[k][key])
        let b = try XCTUnwrap(frames[k + 1][key])
        if key == "transform" {
          transforms[key] = try blend(a, b, local)
        } else if key == "boxShadow" {
          numbers[key] = lerp(try shadowAlpha(a), try shadowAlpha(b), local)
        } else {
          let v = lerp(try number(a), try number(b), local)
          if toContent { contentNumbers[key] = v } else { numbers[key] = v }
        }
      }
    }
    func value(_ key: String) throws -> Double {
      if let v = numbers[key] { return v }
      return try number(try XCTUnwrap(values[key], key))
    }
    var played = Played()
    played.left = try value("left")
    played.top = try value("top")
    played.width = max(try value("width"), 0)
    played.height = max(try value("height"), 0)
    played.opacity = min(max(try value("opacity"), 0), 1)
    if let t = transforms["transform"] {
      played.transform = t
    } else {
      played.transform = try transform(try XCTUnwrap(values["transform"]))
    }
    if numbers["borderRadius"] != nil || values["borderRadius"] != nil {
      played.borderRadius = max(try value("borderRadius"), 0)
    }
    if let shadow = numbers["boxShadow"] {
      played.shadowAlpha = min(max(shadow, 0), 1)
    } else if let shadow = values["boxShadow"] {
      played.shadowAlpha = try shadowAlpha(shadow)
    }
    if !contentNumbers.isEmpty || !content.isEmpty {
      func c(_ key: String) throws -> Double {
        if let v = contentNumbers[key] { return v }
        return try number(try XCTUnwrap(content[key], key))
      }
      played.content = Rect(
        x: try c("left"), y: try c("top"), width: max(try c("width"), 0),
        height: max(try c("height"), 0))
    }
    return played
  }

  static func number(_ v: JSONValue) throws -> Double {
    if let n = v.number { return n }
    return try XCTUnwrap(pixels(v), "\(v)")
  }

  static func transform(_ v: JSONValue) throws -> Transform3D {
    let text = try XCTUnwrap(v.text)
    if text == "none" { return .identity }
    return Transform3D(try XCTUnwrap(matrix3d(text), text))
  }

  /// Decomposed-matrix interpolation, as CSS Transforms 2 specifies for `matrix3d` pairs.
  static func blend(_ a: JSONValue, _ b: JSONValue, _ p: Double) throws -> Transform3D {
    let (from, to) = (try transform(a), try transform(b))
    guard let da = DecomposedTransform(from), let db = DecomposedTransform(to) else {
      return p < 0.5 ? from : to
    }
    if p == 0 { return from }
    if p == 1 { return to }
    return DecomposedTransform.interpolate(da, db, p).recomposed
  }

  /// The alpha of `"Xpx Ypx Bpx rgba(r, g, b, a)"`.
  static func shadowAlpha(_ v: JSONValue) throws -> Double {
    let text = try XCTUnwrap(v.text)
    let inside = try XCTUnwrap(text.split(separator: "(").last?.dropLast())
    return try XCTUnwrap(
      Double(try XCTUnwrap(inside.split(separator: ",").last).trimmingCharacters(in: .whitespaces)))
  }

  /// `linear`, `cubic-bezier(...)` or `linear(...)` (CSS Easing 2).
  static func easing(_ text: String) throws -> (Double) -> Double {
    if text == "linear" { return { $0 } }
    if text.hasPrefix("cubic-bezier(") {
      let v = text.dropFirst(13).dropLast().split(separator: ",").compactMap {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      XCTAssertEqual(v.count, 4, text)
      let bezier = UnitBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
      return { x in x <= 0 ? 0 : x >= 1 ? 1 : bezier.value(at: x) }
    }
    XCTAssert(text.hasPrefix("linear("), text)
    var points: [(x: Double?, y: Double)] = []
    for part in text.dropFirst(7).dropLast().split(separator: ",") {
      let words = part.split(separator: " ")
      let y = try XCTUnwrap(Double(words[0]), text)
      let x = words.count > 1 ? Double(words[1].dropLast()).map { $0 / 100 } : nil
      points.append((x, y))
    }
    // The first and last inputs default to 0 and 1; the compact documents give the others.
    let xs = points.enumerated().map { i, p in
      p.x ?? (i == 0 ? 0 : i == points.count - 1 ? 1 : .nan)
    }
    XCTAssertFalse(xs.contains { $0.isNaN }, text)
    let ys = points.map(\.y)
    return { x in
      var k = 0
      while k < xs.count - 2, x > xs[k + 1] { k += 1 }
      let span = xs[k + 1] - xs[k]
      return span > 0 ? lerp(ys[k], ys[k + 1], (x - xs[k]) / span) : ys[k + 1]
    }
  }
}

extension JSONValue {
  /// An object's member names, in order.
  var objectKeys: [String] {
    guard case .object(let members) = self else { return [] }
    return members.map(\.key)
  }
}

/// `keyframes` over HTTP: negotiated with the format, refused where it means nothing, and a
/// representation of its own (cache key, Content-Location).
final class CompactWaapiRouteTests: XCTestCase {
  func testCompactIsARepresentationOfItsOwn() throws {
    let app = PlannerApp()
    let json = [("Content-Type", "application/json")]
    let sampled = app.handle("POST", "/v1/plans?format=waapi", json, body: zoomPushJSON)
    let compact = app.handle(
      "POST", "/v1/plans?format=waapi&keyframes=compact", json, body: zoomPushJSON)
    XCTAssertEqual(sampled.status, 200)
    XCTAssertEqual(compact.status, 200)
    XCTAssertNotEqual(sampled.body, compact.body)
    XCTAssertEqual(try JSONParser.parse(compact.body)["keyframes"]?.text, "compact")
    XCTAssertNotEqual(
      sampled.headers.first(name: "ETag"), compact.headers.first(name: "ETag"))
    // The canonical GET form names it, and answers the same bytes (from the cache or not).
    let location = try XCTUnwrap(compact.headers.first(name: "Content-Location"))
    XCTAssertTrue(location.hasSuffix("&format=waapi&keyframes=compact"), location)
    XCTAssertEqual(app.handle("GET", location).body, compact.body)
    // Asked again, the sampled document is still the sampled one (the cache keeps both).
    XCTAssertEqual(
      app.handle("POST", "/v1/plans?format=waapi", json, body: zoomPushJSON).body, sampled.body)
    // keyframes=sampled is the default's own name.
    XCTAssertEqual(
      app.handle("POST", "/v1/plans?format=waapi&keyframes=sampled", json, body: zoomPushJSON)
        .body, sampled.body)
    // The Accept header may choose waapi instead of the query.
    let accepted = app.handle(
      "POST", "/v1/plans?keyframes=compact",
      json + [("Accept", "application/vnd.transition-planner.waapi+json")], body: zoomPushJSON)
    XCTAssertEqual(accepted.body, compact.body)
  }

  func testKeyframesIsRefusedWhereItMeansNothing() throws {
    let app = PlannerApp()
    let json = [("Content-Type", "application/json")]
    func detail(_ target: String, body: String = zoomPushJSON) throws -> String {
      let r = app.handle("POST", target, json, body: body)
      XCTAssertEqual(r.status, 400, target)
      return try XCTUnwrap(try JSONParser.parse(r.body)["detail"]?.text)
    }
    XCTAssertEqual(
      try detail("/v1/plans?format=waapi&keyframes=dense"),
      "keyframes 'dense' is not one of sampled, compact")
    XCTAssertEqual(
      try detail("/v1/plans?format=css&keyframes=compact"),
      "keyframes=compact shapes only format=waapi; this request gets css")
    for native in ["coreanimation", "android"] {
      XCTAssertEqual(
        try detail("/v1/plans?format=\(native)&keyframes=compact"),
        "keyframes=compact shapes only format=waapi; this request gets \(native)")
    }
    XCTAssertEqual(
      try detail("/v1/plans?keyframes=compact"),
      "keyframes=compact shapes only format=waapi; this request gets json")
    XCTAssertEqual(
      try detail("/v1/plans?format=waapi&keyframes=compact&keyframes=compact"),
      "the query gives keyframes more than once; give it once")
    let interaction = """
      {"transition": \(zoomPushJSON),
       "gesture": {"samples": [{"t": 0, "x": 0, "y": 0, "state": "began"},
                               {"t": 0.2, "x": 200, "y": 0, "state": "ended"}]}}
      """
    XCTAssertTrue(
      try detail("/v1/interactions?format=waapi&keyframes=compact", body: interaction)
        .hasPrefix("keyframes=compact describes a plan's tracks"))
  }
}

/// What a review found: springs the fit cannot follow, transforms a browser would decompose
/// otherwise, and documents whose cost has no bound.
final class CompactWaapiLimitTests: XCTestCase {
  /// The plan's sample times, where a frame-rate fallback is exact.
  func assertExactAtSamples(_ plan: Plan, _ name: String) throws {
    let document = try JSONParser.parse(CompactWaapiExporter.export(plan))
    let evaluator = ChoreographyEvaluator(plan.choreography, timing: plan.timing)
    let layers = try XCTUnwrap(document["layers"]?.array)
    // Every 37th sample and the last: a 60 s plan has 3,601.
    for (i, t) in plan.times.enumerated() where i > 0 && (i % 37 == 0 || i == plan.times.count - 1)
    {
      let clock = { (k: Int) in evaluator.progress(ofClock: k, at: t, timing: plan.timing) }
      for (l, layer) in layers.enumerated() {
        let played = try BrowserModel.play(layer, at: t * 1000)
        let exact = evaluator.state(ofLayer: l, progressOfDelay: clock)
        let geometry = { (frame: Rect, transform: Transform3D) in
          LayerGeometry(
            frame: frame, anchor: plan.choreography.layers[l].anchor, transform: transform
          ).projectedCorners
        }
        let frame = Rect(x: played.left, y: played.top, width: played.width, height: played.height)
        for (a, b) in zip(geometry(frame, played.transform), geometry(exact.frame, exact.transform))
        {
          XCTAssertEqual(a.x, b.x, accuracy: 0.1, "\(name) layer \(l) at \(t)")
          XCTAssertEqual(a.y, b.y, accuracy: 0.1, "\(name) layer \(l) at \(t)")
        }
      }
    }
  }

  func testASpringTooLongForThePointsFallsBackToTheFrameRate() throws {
    let plan = try ExportFixtures.plan(
      json: #"{"style": "zoom", "operation": "push", "container": {"width": 390, "height": 844}, "#
        + #""source": {"x": 16, "y": 220, "width": 170, "height": 170}, "#
        + #""destination": {"x": 0, "y": 91, "width": 390, "height": 390}, "#
        + #""timing": {"duration": 60, "curve": {"type": "springPhysics", "damping": 0.01}}}"#)
    try assertExactAtSamples(plan, "undamped")
  }

  func testAReversalsTransformTheBrowserWouldDecomposeOtherwiseIsPlayedPerFrame() throws {
    // At 0.25 s the forward progress is 1.34 and the scale about -0.2: recomposed, that matrix
    // decomposes into a positive scale and a half turn.
    let plan = try ExportFixtures.plan(
      json:
        #"{"style": "cartSheet", "operation": "present", "container": {"width": 390, "height": 844}, "#
        + #""options": {"scale": {"x": 0.1, "y": 0.1}}, "#
        + #""timing": {"duration": 2, "curve": {"type": "springPhysics", "stiffness": 300, "#
        + #""damping": 2}}, "reversal": {"at": 0.25}}"#
    )
    let document = try JSONParser.parse(CompactWaapiExporter.export(plan))
    let frames = try XCTUnwrap(
      document["layers"]?.array?.compactMap { $0["animations"]?.array }.joined().first {
        $0["property"]?.text == "transform"
      })
    XCTAssertGreaterThan(frames["keyframes"]?.array?.count ?? 0, 2)
    try assertExactAtSamples(plan, "reversal")
  }

  func testADocumentOverTheLimitIsRefusedWithoutBeingBuilt() throws {
    // 25 pairs keep the plan under the keyframe limit at 60 fps for 60 s; the spring's
    // paths then fall back to a point per frame, megabytes past a 1 MiB limit.
    let elements = (0..<25).map {
      #"{"id": "e\#($0)", "frame": {"x": \#($0 % 16 * 20), "y": \#($0 / 16 * 20), "width": 10, "height": 10}}"#
    }.joined(separator: ",")
    let to = (0..<25).map {
      #"{"id": "e\#($0)", "frame": {"x": \#($0 % 16 * 24), "y": \#(400 + $0 / 16 * 24), "width": 20, "height": 20}}"#
    }.joined(separator: ",")
    let request =
      #"{"style": "hero", "operation": "push", "container": {"width": 390, "height": 844}, "#
      + #""screens": {"from": {"elements": [\#(elements)]}, "to": {"elements": [\#(to)]}}, "#
      + #""timing": {"duration": 60, "curve": {"type": "springPhysics", "stiffness": 1000000, "damping": 0.01}}}"#
    var limits = PlannerLimits()
    limits.maximumResponseBytes = 1 << 20
    let service = PlanningService(limits: limits)
    let result = service.planBody(
      Array(request.utf8), format: .waapi, options: ExportOptions(keyframes: .compact))
    guard case .failure(let problem) = result else { return XCTFail("answered") }
    XCTAssertEqual(problem.status, 422)
    XCTAssertEqual(problem.errors.first?.pointer, "/timing")
    XCTAssertTrue(problem.errors.first?.message.contains("keyframes=sampled") ?? false)
  }
}
