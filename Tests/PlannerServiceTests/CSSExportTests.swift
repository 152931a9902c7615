import Foundation
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The `css` document, read back with a small parser of its own rules: per layer the
/// percentages and declarations against the plan's keyframes.
final class CSSExportTests: XCTestCase {
  /// `selector -> declarations` of every rule block directly inside `@keyframes name`.
  func keyframes(_ css: String, _ name: String) throws -> [(
    percent: Double, decls: [String: String]
  )] {
    let start = try XCTUnwrap(css.range(of: "@keyframes \(name) {\n"), name)
    let rest = css[start.upperBound...]
    let body = rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)]
    var out: [(Double, [String: String])] = []
    for line in body.split(separator: "\n") where line.contains("% {") {
      let parts = line.split(separator: "{", maxSplits: 1)
      let selector = parts[0].trimmingCharacters(in: .whitespaces)
      let percent = try XCTUnwrap(Double(selector.dropLast()), selector)
      var decls: [String: String] = [:]
      for decl in parts[1].dropLast().split(separator: ";") {
        let kv = decl.split(separator: ":", maxSplits: 1)
        guard kv.count == 2 else { continue }
        decls[kv[0].trimmingCharacters(in: .whitespaces)] = kv[1].trimmingCharacters(
          in: .whitespaces)
      }
      out.append((percent, decls))
    }
    return out
  }

  /// The declarations of the rule `selector { ... }` at top level.
  func rule(_ css: String, _ selector: String) throws -> [String: String] {
    let start = try XCTUnwrap(css.range(of: "\n\(selector) {\n"), selector)
    let body = css[start.upperBound...].prefix { $0 != "}" }
    var decls: [String: String] = [:]
    for line in body.split(separator: "\n") {
      let kv = line.dropLast().split(separator: ":", maxSplits: 1)
      decls[kv[0].trimmingCharacters(in: .whitespaces)] = kv[1].trimmingCharacters(in: .whitespaces)
    }
    return decls
  }

  func px(_ s: String?) -> Double? {
    guard let s, s.hasSuffix("px") else { return nil }
    return Double(s.dropLast(2))
  }

  func assertMatches(
    _ css: String, _ timeline: Timeline, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let container = try rule(css, ".tp-container")
    XCTAssertEqual(container["position"], "relative", file: file, line: line)
    XCTAssertEqual(px(container["width"]), timeline.container.width, file: file, line: line)
    XCTAssertEqual(px(container["height"]), timeline.container.height, file: file, line: line)
    XCTAssertEqual(container["overflow"], "hidden", file: file, line: line)
    for (l, layer) in timeline.layers.enumerated() {
      let name = "tp-" + layer.id
      let cls = try rule(css, "." + name)
      XCTAssertEqual(cls["position"], "absolute", file: file, line: line)
      XCTAssertEqual(
        cls["animation"], "\(name) \(formatted(timeline.duration * 1000))ms linear both",
        file: file, line: line)
      XCTAssertEqual(
        cls["transform-origin"],
        "\(formatted(layer.anchor.x * 100))% \(formatted(layer.anchor.y * 100))%", file: file,
        line: line)
      let frames = try keyframes(css, name)
      XCTAssertEqual(frames.count, timeline.times.count, file: file, line: line)
      XCTAssertEqual(frames.first?.percent, 0, file: file, line: line)
      XCTAssertEqual(frames.last?.percent, 100, file: file, line: line)
      for i in ExportFixtures.someSamples(timeline.times.count) {
        let (percent, d) = frames[i]
        let state = timeline.keyframes[l][i]
        // The selector is offset * 100 written to round-trip exactly.
        if i > 0 && i < timeline.times.count - 1 {
          XCTAssertEqual(
            percent, timeline.times[i] / timeline.duration * 100, file: file, line: line)
        }
        XCTAssertEqual(px(d["left"]), state.frame.x, file: file, line: line)
        XCTAssertEqual(px(d["top"]), state.frame.y, file: file, line: line)
        XCTAssertEqual(px(d["width"]), state.frame.width, file: file, line: line)
        XCTAssertEqual(px(d["height"]), state.frame.height, file: file, line: line)
        XCTAssertEqual(d["opacity"].flatMap(Double.init), state.alpha, file: file, line: line)
        if state.transform.isIdentity {
          XCTAssertEqual(d["transform"], "none", file: file, line: line)
        } else {
          XCTAssertEqual(
            matrix3d(try XCTUnwrap(d["transform"])), state.transform.values, file: file,
            line: line)
        }
      }
    }
  }

  func formatted(_ v: Double) -> String {
    var w = JSONWriter()
    w.number(v)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  func css(_ timeline: Timeline) -> String {
    String(decoding: CSSExporter.export(timeline), as: UTF8.self)
  }

  func testEveryExampleMatchesItsKeyframes() throws {
    for name in ExportFixtures.exampleNames {
      let plan = try ExportFixtures.plan(name)
      try assertMatches(css(plan.timeline), plan.timeline)
    }
    let perspective = try ExportFixtures.plan(json: ExportFixtures.cartSheetPerspectiveJSON)
    try assertMatches(css(perspective.timeline), perspective.timeline)
  }

  func testInteractionsUseTheWholeTimeline() throws {
    for name in ExportFixtures.interactionNames {
      let plan = try ExportFixtures.interaction(name)
      try assertMatches(css(plan.timeline), plan.timeline)
    }
  }

  func testHeaderSaysWhatTheDocumentIs() throws {
    let text = css(try ExportFixtures.plan("zoom-push").timeline)
    let header = try XCTUnwrap(text.components(separatedBy: "*/").first)
    XCTAssertTrue(header.hasPrefix("/* transition-planner: zoom push, 1000ms"), header)
    XCTAssertTrue(header.contains("dense keyframes sampled at the\n * plan's frame rate (60 fps)"))
    XCTAssertTrue(header.contains("linear easing"))
    XCTAssertTrue(text.hasSuffix("}\n"))
    // The spring overshoots: some percentage holds a width above the destination's 390.
    let widths = try keyframes(text, "tp-snapshot").compactMap { px($0.decls["width"]) }
    XCTAssertGreaterThan(try XCTUnwrap(widths.max()), 390)
  }

  func testIdsBecomeValidIdentifiers() throws {
    XCTAssertEqual(CSSIdentifier.prefixed("toView"), "tp-toView")
    XCTAssertEqual(CSSIdentifier.prefixed("9a-b_c"), "tp-9a-b_c")
    XCTAssertEqual(CSSIdentifier.prefixed("a b.c#1"), "tp-a\\ b\\.c\\#1")
    XCTAssertEqual(CSSIdentifier.prefixed("x\u{1}y"), "tp-x\\1 y")
    XCTAssertEqual(CSSIdentifier.prefixed("é{}"), "tp-é\\{\\}")
    let state = LayerState(
      frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 1, transform: .identity)
    let timeline = Timeline(
      style: "zoom", operation: .push, container: Size(width: 10, height: 10), duration: 0.5,
      frameRate: 2,
      layers: [.init(id: "a b*/{", content: .color("#00FF00"), anchor: Point(x: 0, y: 0))],
      times: [0, 0.5], keyframes: [[state, state]])
    let text = css(timeline)
    XCTAssertTrue(text.contains("@keyframes tp-a\\ b\\*\\/\\{ {\n"), text)
    XCTAssertTrue(text.contains("\n.tp-a\\ b\\*\\/\\{ {\n"), text)
    XCTAssertTrue(text.contains("background-color: #00FF00;"))
    // The id in the comment cannot end it early.
    XCTAssertEqual(
      text.components(separatedBy: "*/").count, text.components(separatedBy: "/*").count)
  }

  func testDeterministic() throws {
    let a = CSSExporter.export(try ExportFixtures.plan("expand-pop").timeline)
    let b = CSSExporter.export(try ExportFixtures.plan("expand-pop").timeline)
    XCTAssertEqual(a, b)
  }
}
