import Foundation
import HTTP1
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `svg` filmstrip, read back with Foundation's XMLParser: well-formed, the moments, and
/// every layer's shape at its keyframe state.
final class SVGExportTests: XCTestCase {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
    /// The index of the enclosing `tp-moment` group, if any.
    var moment: Int?
  }

  /// Collects elements in document order; fails the test on a parse error.
  final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var open: [Int] = []
    var moment: Int? = nil
    var moments = 0
    var error: Error?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if name == "g", attributes["class"] == "tp-moment" {
        moment = moments
        moments += 1
      }
      elements.append(Element(name: name, attributes: attributes, moment: moment))
      open.append(elements.count - 1)
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { elements[last].text += string }
    }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      let index = open.removeLast()
      if name == "g", elements[index].attributes["class"] == "tp-moment" { moment = nil }
    }
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
  }

  func parse(_ bytes: [UInt8]) throws -> [Element] {
    let parser = XMLParser(data: Data(bytes))
    let collector = Collector()
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "\(String(describing: collector.error))")
    XCTAssertNil(collector.error)
    return collector.elements
  }

  func assertMatches(
    _ bytes: [UInt8], _ timeline: Timeline, moments: Int = 5, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let elements = try parse(bytes)
    XCTAssertEqual(elements.first?.name, "svg", file: file, line: line)
    XCTAssertEqual(
      elements.first?.attributes["xmlns"], "http://www.w3.org/2000/svg", file: file, line: line)
    let panels = elements.filter { $0.attributes["class"] == "tp-moment" }
    XCTAssertEqual(panels.count, moments, file: file, line: line)
    for (m, panel) in panels.enumerated() {
      // The sample nearest to m/(n-1) of the duration.
      let sample = try XCTUnwrap(Int(panel.attributes["data-sample"] ?? ""))
      let target = timeline.duration * Double(m) / Double(moments - 1)
      let nearest = timeline.times.map { abs($0 - target) }.min()!
      XCTAssertEqual(abs(timeline.times[sample] - target), nearest, file: file, line: line)
      XCTAssertEqual(Double(panel.attributes["data-t"] ?? ""), timeline.times[sample])
      let caption = try XCTUnwrap(
        elements.first { $0.moment == m && $0.attributes["class"] == "tp-time" })
      XCTAssertTrue(caption.text.hasPrefix("t = ") && caption.text.hasSuffix(" ms"), caption.text)
      XCTAssertEqual(
        try XCTUnwrap(Double(caption.text.dropFirst(4).dropLast(3))),
        timeline.times[sample] * 1000, accuracy: 0.05, file: file, line: line)
      let shapes = elements.filter { $0.moment == m && $0.attributes["class"] == "tp-layer" }
      let labels = elements.filter { $0.moment == m && $0.attributes["class"] == "tp-label" }
      // Bottom to top, each labelled with its id.
      XCTAssertEqual(shapes.map { $0.attributes["data-layer"] }, timeline.layers.map(\.id))
      XCTAssertEqual(labels.map(\.text), timeline.layers.map(\.id))
      // Labels sit inside the container (over the visible part of their layer).
      for label in labels {
        let x = try XCTUnwrap(Double(label.attributes["x"] ?? ""))
        let y = try XCTUnwrap(Double(label.attributes["y"] ?? ""))
        XCTAssertTrue((0...timeline.container.width).contains(x), "\(x)", file: file, line: line)
        XCTAssertTrue((0...timeline.container.height).contains(y), "\(y)", file: file, line: line)
      }
      // No two labels cover each other (boxes of the exporter's line height and glyph width).
      let boxes = try labels.map { label in
        (
          x: try XCTUnwrap(Double(label.attributes["x"] ?? "")),
          y: try XCTUnwrap(Double(label.attributes["y"] ?? "")),
          half: Double(label.text.count) * SVGExporter.labelCharacterWidth / 2
        )
      }
      for i in boxes.indices {
        for j in boxes.indices where j > i {
          let apart =
            abs(boxes[i].y - boxes[j].y) >= SVGExporter.labelLineHeight
            || abs(boxes[i].x - boxes[j].x) >= boxes[i].half + boxes[j].half
          XCTAssertTrue(
            apart, "labels \(labels[i].text) and \(labels[j].text) overlap at moment \(m)",
            file: file, line: line)
        }
      }
      for (l, shape) in shapes.enumerated() {
        let state = timeline.keyframes[l][sample]
        XCTAssertEqual(
          shape.attributes["fill"], ContentPalette.hex(timeline.layers[l].content), file: file,
          line: line)
        XCTAssertEqual(Double(shape.attributes["fill-opacity"] ?? ""), state.alpha)
        if state.transform.isIdentity {
          XCTAssertEqual(shape.name, "rect", file: file, line: line)
          XCTAssertEqual(
            ["x", "y", "width", "height"].map { Double(shape.attributes[$0] ?? "") },
            [state.frame.x, state.frame.y, state.frame.width, state.frame.height], file: file,
            line: line)
        } else {
          XCTAssertEqual(shape.name, "polygon", file: file, line: line)
          let points = try XCTUnwrap(shape.attributes["points"]).split(separator: " ").map {
            $0.split(separator: ",").map { Double($0)! }
          }
          let corners = timeline.geometry(layer: l, sample: sample).projectedCorners
          XCTAssertEqual(points, corners.map { [$0.x, $0.y] }, file: file, line: line)
        }
      }
    }
  }

  func testEveryExampleDrawsFiveMoments() throws {
    for name in ExportFixtures.exampleNames {
      let timeline = try ExportFixtures.plan(name).timeline
      try assertMatches(SVGExporter.export(timeline), timeline)
    }
  }

  func testTiltedLayerIsThePolygonOfItsProjectedCorners() throws {
    let timeline = try ExportFixtures.plan(json: ExportFixtures.cartSheetPerspectiveJSON).timeline
    let bytes = SVGExporter.export(timeline)
    try assertMatches(bytes, timeline)
    XCTAssertTrue(try parse(bytes).contains { $0.name == "polygon" })
  }

  func testInteractionsAndOtherMomentCounts() throws {
    // A back pattern's rounded, posed screens are drawn as hero radii are (GestureWireTests
    // checks those filmstrips).
    for name in ExportFixtures.interactionNames where !name.hasPrefix("interaction-back-") {
      let timeline = try ExportFixtures.interaction(name).timeline
      try assertMatches(SVGExporter.export(timeline), timeline)
      try assertMatches(SVGExporter.export(timeline, moments: 12), timeline, moments: 12)
    }
    let timeline = try ExportFixtures.plan("zoom-pop").timeline
    try assertMatches(SVGExporter.export(timeline, moments: 2), timeline, moments: 2)
  }

  func testIdsAreEscaped() throws {
    let state = LayerState(
      frame: Rect(x: 1, y: 2, width: 3, height: 4), alpha: 0.25, transform: .identity)
    let id = "a<b>&\"c'\u{1}"
    let timeline = Timeline(
      style: "zoom", operation: .push, container: Size(width: 10, height: 10), duration: 1,
      frameRate: 1,
      layers: [.init(id: id, content: .color("#123456"), anchor: Point(x: 0.5, y: 0.5))],
      times: [0, 1], keyframes: [[state, state]])
    let elements = try parse(SVGExporter.export(timeline))
    let shape = try XCTUnwrap(elements.first { $0.attributes["class"] == "tp-layer" })
    // The control character, which XML 1.0 cannot carry, becomes U+FFFD.
    XCTAssertEqual(shape.attributes["data-layer"], "a<b>&\"c'\u{FFFD}")
    XCTAssertEqual(
      elements.first { $0.attributes["class"] == "tp-label" }?.text, "a<b>&\"c'\u{FFFD}")
    XCTAssertEqual(shape.attributes["fill"], "#123456")
  }

  func testMomentsParameterOverHTTP() throws {
    let app = PlannerApp()
    func post(_ query: String) -> HTTPResponse {
      app.handle(
        HTTPRequest(
          head: HTTPRequestHead(
            method: "POST", target: "/v1/plans" + query,
            headers: HTTPHeaders([("Content-Type", "application/json")]),
            framing: .contentLength(zoomPushJSON.utf8.count)), body: Array(zoomPushJSON.utf8)))
    }
    let three = post("?format=svg&moments=3")
    XCTAssertEqual(three.status, 200)
    XCTAssertEqual(try parse(three.body).filter { $0.attributes["class"] == "tp-moment" }.count, 3)
    XCTAssertTrue(
      three.headers.first(name: "Content-Location")?.hasSuffix("&format=svg&moments=3") ?? false)
    XCTAssertNotEqual(three.body, post("?format=svg").body)
    XCTAssertNotEqual(
      three.headers.first(name: "ETag"), post("?format=svg").headers.first(name: "ETag"))
    for bad in ["1", "13", "x", "2.5", ""] {
      let r = post("?format=svg&moments=\(bad)")
      XCTAssertEqual(r.status, 400, bad)
      XCTAssertEqual(try JSONParser.parse(r.body)["type"], .string("/problems/invalid-parameter"))
    }
  }
}
