import Foundation
import HTTP1
import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// The API.md hero example with a cascade (docs/API.md "Shared-element plans").
let heroAPIExample = """
  {
    "style": "hero", "operation": "push",
    "container": {"width": 390, "height": 844},
    "screens": {
      "from": {"elements": [
        {"id": "photo-42", "frame": {"x": 16, "y": 220, "width": 170, "height": 170}, "cornerRadius": 12,
         "content": {"width": 1200, "height": 800}, "contentMode": "aspectFill"},
        {"id": "title-42", "frame": {"x": 16, "y": 398, "width": 170, "height": 22}},
        {"id": "searchBar", "frame": {"x": 16, "y": 100, "width": 358, "height": 36}, "effect": "fade"}]},
      "to": {"elements": [
        {"id": "photo-42", "frame": {"x": 0, "y": 91, "width": 390, "height": 390}, "contentMode": "aspectFit", "arc": 1},
        {"id": "title-42", "frame": {"x": 20, "y": 500, "width": 350, "height": 30}},
        {"id": "body", "frame": {"x": 20, "y": 540, "width": 350, "height": 200}}]}
    },
    "options": {"preset": "push", "direction": "leading", "unmatched": {"enter": "fade"},
                "cascade": {"delta": 0.02, "direction": "topToBottom"}}
  }
  """

/// A hero request with `screens` and `options` replaced.
func heroRequest(screens: String, options: String = "{}") -> String {
  #"{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":\#(screens),"options":\#(options)}"#
}

func element(_ id: String, _ extra: String = "") -> String {
  #"{"id":"\#(id)","frame":{"x":0,"y":0,"width":10,"height":10}\#(extra)}"#
}

final class HeroWireTests: XCTestCase {
  func planText(_ json: String) throws -> String {
    switch PlanningService().planBody(Array(json.utf8)) {
    case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .failure(let p):
      throw NSError(domain: "plan", code: p.status, userInfo: ["detail": "\(p.errors)"])
    }
  }

  func testTheAPIExamplePlansWithTheWireMembersInOrder() throws {
    let text = try planText(heroAPIExample)
    let plan = try JSONParser.parse(Array(text.utf8))
    guard case .array(let layers) = plan["layers"] else { return XCTFail("no layers") }
    XCTAssertEqual(
      layers.compactMap { if case .string(let s) = $0["id"] { s } else { nil } },
      [
        "fromView", "fromDimming", "toView", "searchBar@from", "photo-42@from", "photo-42@to",
        "title-42@from", "title-42@to", "body@to",
      ])
    // Layer members: shadow after anchor; keyframes carry shadowOpacity.
    XCTAssertTrue(
      text.contains(
        ##""id":"toView","content":{"kind":"screen","screen":"to"},"anchor":{"x":0.5,"y":0.5},"shadow":{"color":"#000000","radius":5,"offset":{"x":0,"y":0}},"frame":{"x":0,"y":0,"width":390,"height":844},"alpha":1,"transform":[1,0,0,0,0,1,0,0,0,0,1,0,390,0,0,1],"tracks":[{"property":"transform""##
      ))
    XCTAssertTrue(text.contains(#"{"property":"shadowOpacity","from":0,"to":0.5}"#))
    // Element content and the arc's control point in the frame track.
    XCTAssertTrue(
      text.contains(
        #""id":"photo-42@from","content":{"kind":"element","screen":"from","element":"photo-42","contentMode":"aspectFill"}"#
      ))
    XCTAssertTrue(
      text.contains(
        #"{"property":"frame","from":{"x":16,"y":220,"width":170,"height":170},"to":{"x":0,"y":91,"width":390,"height":390},"path":{"control":{"x":195,"y":305}}}"#
      ))
    XCTAssertTrue(
      text.contains(
        #"{"property":"contentFrame","from":{"x":-42.5,"y":0,"width":255,"height":170},"to":{"x":0,"y":65,"width":390,"height":260}}"#
      ))
    // The cascade's delay: body is the second ranked layer.
    XCTAssertTrue(text.contains(#"{"property":"alpha","from":0,"to":1,"delay":0.02}"#))
    // Keyframe members in order; the first keyframe of the photo holds its starting values.
    XCTAssertTrue(
      text.contains(
        #""keyframes":[{"t":0,"frame":{"x":16,"y":220,"width":170,"height":170},"alpha":1,"cornerRadius":12,"contentFrame":{"x":-42.5,"y":0,"width":255,"height":170}}"#
      ))
    XCTAssertTrue(
      text.contains(
        #""alpha":1,"transform":[1,0,0,0,0,1,0,0,0,0,1,0,390,0,0,1],"shadowOpacity":0}"#))
    // Actions target screen elements.
    XCTAssertTrue(
      text.contains(
        #""start":[{"target":{"screen":"from","element":"photo-42"},"hidden":true},{"target":{"screen":"from","element":"title-42"},"hidden":true}"#
      ))
    XCTAssertEqual(plan["duration"], .number(0.37))
    XCTAssertEqual(plan["timing"]?["duration"], .number(0.35))
    XCTAssertEqual(plan["timing"]?["curve"]?["type"], .string("linearOutSlowIn"))
    // Deterministic bytes.
    XCTAssertEqual(try planText(heroAPIExample), text)
  }

  func testEveryFieldIsValidatedAtItsPointer() {
    let screens =
      #"{"from":{"elements":[\#(element("a")),\#(element("b")),\#(element("a"))]},"to":{"elements":[\#(element("x","," + #""cornerRadius":-1,"alpha":1.5,"arc":5,"opaque":1,"contentMode":"fill","effect":"spin","zIndex":"top""#))]}}"#
    let options =
      #"{"preset":"swirl","direction":"north","layoutDirection":"ttb","crossfade":"maybe","unmatched":{"enter":"glow","exit":"none"},"cascade":{"delta":2,"direction":"spiral","center":{"x":1},"delayMatched":"yes"},"dimming":1.5}"#
    XCTAssertEqual(
      pointers(heroRequest(screens: screens, options: options)),
      [
        "/screens/from/elements/2/id",
        "/screens/to/elements/0/cornerRadius", "/screens/to/elements/0/alpha",
        "/screens/to/elements/0/opaque", "/screens/to/elements/0/contentMode",
        "/screens/to/elements/0/zIndex", "/screens/to/elements/0/arc",
        "/screens/to/elements/0/effect",
        "/options/preset", "/options/direction", "/options/layoutDirection", "/options/crossfade",
        "/options/unmatched/enter", "/options/cascade/delta", "/options/cascade/direction",
        "/options/cascade/center/y", "/options/cascade/delayMatched", "/options/dimming",
      ])
    let p = problem(heroRequest(screens: screens, options: options))
    XCTAssertEqual(p?.status, 422)
    XCTAssertEqual(
      p?.errors.first,
      FieldError(
        pointer: "/screens/from/elements/2/id",
        message: "must be unique within the array: item 0 has the same id"))
    XCTAssertEqual(
      p?.errors.first { $0.pointer == "/options/preset" }?.message,
      "must be one of none, fade, push, pull, cover, uncover, slide, zoomSlide, pageIn, pageOut, zoom, zoomOut"
    )
    XCTAssertEqual(
      p?.errors.first { $0.pointer == "/screens/to/elements/0/arc" }?.message,
      "must be >= -4 and <= 4")
  }

  func testElementShapesAndCounts() {
    XCTAssertEqual(
      pointers(
        heroRequest(
          screens:
            #"{"from":{"elements":[{"frame":{"x":0,"y":0,"width":1,"height":1}},{"id":""},5,{"id":"\#(String(repeating: "é", count: 65))","frame":{"x":0,"y":0,"width":1,"height":1},"content":{"width":0}}]}}"#
        )),
      [
        "/screens/from/elements/0/id", "/screens/from/elements/1/id",
        "/screens/from/elements/1/frame", "/screens/from/elements/2",
        "/screens/from/elements/3/id", "/screens/from/elements/3/content/width",
        "/screens/from/elements/3/content/height",
      ])
    XCTAssertEqual(
      problem(
        heroRequest(
          screens:
            #"{"from":{"elements":[{"id":"\#(String(repeating: "é", count: 65))","frame":{"x":0,"y":0,"width":1,"height":1}}]}}"#
        ))?.errors.first?.message,
      "must be 1 to 128 UTF-8 bytes long, not 130")
    let many = (0...256).map { element("e\($0)") }.joined(separator: ",")
    let p = problem(heroRequest(screens: #"{"to":{"elements":[\#(many)]}}"#))
    XCTAssertEqual(
      p?.errors,
      [FieldError(pointer: "/screens/to/elements", message: "must have at most 256 items, not 257")]
    )
    XCTAssertEqual(
      pointers(heroRequest(screens: #"{"to":{"elements":{}}}"#)), ["/screens/to/elements"])
    XCTAssertEqual(pointers(heroRequest(screens: #"[]"#)), ["/screens"])
    // 256 on each screen is fine; empty and absent screens too.
    let full = (0..<256).map { element("e\($0)") }.joined(separator: ",")
    XCTAssertEqual(
      pointers(
        heroRequest(screens: #"{"from":{"elements":[\#(full)]},"to":{"elements":[\#(full)]}}"#)), []
    )
    XCTAssertEqual(pointers(heroRequest(screens: #"{"from":{"elements":[]}}"#)), [])
    XCTAssertEqual(
      pointers(#"{"style":"hero","operation":"dismiss","container":{"width":390,"height":844}}"#),
      [])
    // Ids are compared by bytes: composed and decomposed "café" are two ids.
    XCTAssertEqual(
      pointers(
        heroRequest(
          screens: #"{"from":{"elements":[\#(element("caf\u{E9}")),\#(element("cafe\u{301}"))]}}"#)),
      [])
  }

  func testACascadeOverSixtySecondsIsRefusedAtItsDelta() {
    let entries = (0..<100).map { element("e\($0)") }.joined(separator: ",")
    let p = problem(
      heroRequest(
        screens: #"{"to":{"elements":[\#(entries)]}}"#,
        options: #"{"unmatched":{"enter":"fade"},"cascade":{"delta":1}}"#))
    XCTAssertEqual(p?.status, 422)
    XCTAssertEqual(p?.errors.map(\.pointer), ["/options/cascade/delta"])
  }

  func testTheCanonicalRequestLeavesDefaultsOut() throws {
    func canonical(_ json: String) throws -> String {
      guard case .success(let r) = PlanningService().decodePlanRequest(Array(json.utf8)) else {
        throw NSError(domain: "decode", code: 1)
      }
      return String(decoding: CanonicalRequest.json(r), as: UTF8.self)
    }
    let bare = heroRequest(screens: #"{"from":{"elements":[\#(element("a"))]}}"#)
    let explicit = heroRequest(
      screens:
        #"{"from":{"elements":[\#(element("a", #","cornerRadius":0,"alpha":1,"opaque":true,"contentMode":"scaleToFill","zIndex":0,"arc":0"#))]},"to":{"elements":[]}}"#,
      options:
        #"{"preset":"fade","direction":"leading","layoutDirection":"ltr","crossfade":"auto","unmatched":{"enter":"none","exit":"none"},"dimming":0.1}"#
    )
    XCTAssertEqual(try canonical(bare), try canonical(explicit))
    XCTAssertEqual(
      try canonical(bare),
      #"{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":{"from":{"elements":[{"id":"a","frame":{"x":0,"y":0,"width":10,"height":10}}]}},"frameRate":60}"#
    )
    // A cascade's presence matters even with every member at its default.
    let cascade = try canonical(heroRequest(screens: "{}", options: #"{"cascade":{}}"#))
    XCTAssertTrue(cascade.contains(#""options":{"cascade":{}}"#), cascade)
    XCTAssertNotEqual(cascade, try canonical(heroRequest(screens: "{}")))
    // Members come in declaration order whatever the request's order.
    XCTAssertEqual(
      try canonical(
        heroRequest(
          screens:
            #"{"from":{"elements":[{"arc":2,"frame":{"x":0,"y":0,"width":1,"height":1},"id":"z"}]}}"#,
          options: #"{"dimming":0.5,"preset":"push"}"#)),
      #"{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":{"from":{"elements":[{"id":"z","frame":{"x":0,"y":0,"width":1,"height":1},"arc":2}]}},"options":{"preset":"push","dimming":0.5},"frameRate":60}"#
    )
  }

  func testExportsCarryTheModelOrSayWhatTheyLeaveOut() throws {
    let request = try PlanningService().decodePlanRequest(Array(heroAPIExample.utf8)).get()
    let plan = try PlanningService().plan(request).get()
    let waapi = try JSONParser.parse(WaapiExporter.export(plan))
    // Web Animations carries radii, content frames and shadows: nothing to leave out.
    XCTAssertNil(waapi["leavesOut"])
    guard case .array(let layers) = waapi["layers"] else { return XCTFail("no layers") }
    let photo = try XCTUnwrap(layers.first { $0["id"] == .string("photo-42@from") })
    XCTAssertEqual(photo["keyframes"]?[0]?["borderRadius"], .string("12px"))
    XCTAssertEqual(
      photo["keyframes"]?[photo["keyframes"]!.array!.count - 1]?["borderRadius"], .string("0px"))
    XCTAssertEqual(photo["contentBox"]?[0]?["left"], .string("-42.5px"))
    XCTAssertEqual(photo["contentBox"]?[0]?["width"], .string("255px"))
    let last = try XCTUnwrap(photo["contentBox"]?.array?.last)
    XCTAssertEqual(last["top"], .string("65px"))
    XCTAssertEqual(last["height"], .string("260px"))
    let toView = try XCTUnwrap(layers.first { $0["id"] == .string("toView") })
    XCTAssertEqual(toView["keyframes"]?[0]?["boxShadow"], .string("0px 0px 10px rgba(0, 0, 0, 0)"))
    XCTAssertEqual(
      toView["keyframes"]?.array?.last?["boxShadow"], .string("0px 0px 10px rgba(0, 0, 0, 0.5)"))
    XCTAssertNil(toView["contentBox"])
    XCTAssertNil(toView["keyframes"]?[0]?["borderRadius"])
    // The stylesheet too: radius, shadow, and the clipped content child.
    let css = String(decoding: CSSExporter.export(plan.timeline), as: UTF8.self)
    XCTAssertFalse(css.contains("leaves out"))
    XCTAssertTrue(css.contains("border-radius: 12px; "), css)
    XCTAssertTrue(css.contains("box-shadow: 0px 0px 10px rgba(0, 0, 0, 0.5); "))
    XCTAssertTrue(css.contains("  overflow: hidden;\n"))
    XCTAssertTrue(css.contains("-content {\n  position: absolute;\n  animation: "))
    XCTAssertTrue(css.contains("% { left: -42.5px; top: 0px; width: 255px; height: 170px; }"))
    // SVG draws radii, content and shadows for every layer without perspective: no note here.
    let svg = String(decoding: SVGExporter.export(plan.timeline), as: UTF8.self)
    XCTAssertFalse(svg.contains("<desc>"), svg)
    XCTAssertTrue(
      svg.contains(
        #"<rect class="tp-frame" x="16" y="220" width="170" height="170" rx="12" ry="12""#), svg)
    XCTAssertTrue(
      svg.contains(#"<rect class="tp-content" x="-26.5" y="220" width="255" height="170""#))
    XCTAssertTrue(
      svg.contains(
        ##"<feDropShadow dx="0" dy="0" stdDeviation="5" flood-color="#000000" flood-opacity="0.5"/>"##
      ))
    // Lottie says it leaves out shadows only; the content is a rectangle under a track matte.
    let lottie = try JSONParser.parse(LottieExporter.export(plan.timeline))
    guard case .string(let d) = lottie["meta"]?["d"] else { return XCTFail("no meta") }
    XCTAssertTrue(d.contains("shadows (shadow"), d)
    XCTAssertFalse(d.contains("content frames"), d)
    XCTAssertFalse(d.contains("corner radii"), d)
    XCTAssertFalse(d.contains("delays"), d)
    // Lottie draws the radius as the rectangle's animated roundness.
    guard case .array(let lottieLayers) = lottie["layers"] else { return XCTFail("no layers") }
    let photoLayer = try XCTUnwrap(lottieLayers.first { $0["nm"] == .string("photo-42@from") })
    let matte = try XCTUnwrap(lottieLayers.first { $0["nm"] == .string("photo-42@from matte") })
    let content = try XCTUnwrap(
      lottieLayers.first { $0["nm"] == .string("photo-42@from content") })
    XCTAssertEqual(matte["td"], .number(1))
    XCTAssertEqual(content["tt"], .number(1))
    XCTAssertEqual(matte["parent"], photoLayer["ind"])
    XCTAssertEqual(content["parent"], photoLayer["ind"])
    XCTAssertEqual(
      content["shapes"]?[0]?["it"]?[0]?["s"]?["k"]?[0]?["s"], .array([.number(255), .number(170)]))
    let roundness = try XCTUnwrap(photoLayer["shapes"]?[0]?["it"]?[0]?["r"])
    XCTAssertEqual(roundness["a"], .number(1))
    XCTAssertEqual(roundness["k"]?[0]?["s"], .array([.number(12)]))
    XCTAssertEqual(roundness["k"]?.array?.last?["s"], .array([.number(0)]))
  }

  func testTheServiceAnswersHeroPlansAndDescribesTheStyle() throws {
    let app = PlannerApp()
    let small = app.handle(
      "POST", "/v1/plans", [("Content-Type", "application/json")], body: heroAPIExample)
    XCTAssertEqual(small.status, 200)
    let location = try XCTUnwrap(small.headers.first(name: "Content-Location"))
    XCTAssertTrue(location.hasPrefix("/v1/plans?request="))
    // The GET form answers the same bytes.
    let get = app.handle("GET", location)
    XCTAssertEqual(get.status, 200)
    XCTAssertEqual(get.body, small.body)
    // A request whose canonical URL is over the target limit has no GET form, so no location.
    let many = (0..<200).map { element("element-\($0)") }.joined(separator: ",")
    let large = app.handle(
      "POST", "/v1/plans", [("Content-Type", "application/json")],
      body: heroRequest(screens: #"{"from":{"elements":[\#(many)]}}"#))
    XCTAssertEqual(large.status, 200)
    XCTAssertNil(large.headers.first(name: "Content-Location"))
    XCTAssertNotNil(large.headers.first(name: "ETag"))
    // The limit is the server's, given with the head (HTTPHeadContext).
    var tight = HTTPParserLimits()
    tight.maximumTargetBytes = 100
    XCTAssertNil(
      PlannerApp().handle(
        "POST", "/v1/plans", [("Content-Type", "application/json")], body: heroAPIExample,
        limits: tight
      )
      .headers.first(name: "Content-Location"))

    let styles = try JSONParser.parse(app.handle("GET", "/v1/styles").body)
    guard case .array(let list) = styles["styles"],
      let hero = list.first(where: { $0["name"] == .string("hero") })
    else { return XCTFail("no hero") }
    XCTAssertEqual(
      hero["inputs"], .array([.string("container"), .string("screens"), .string("options")]))
    guard case .array(let operations) = hero["operations"], let push = operations.first else {
      return XCTFail("no operations")
    }
    XCTAssertEqual(operations.count, 4)
    guard case .string(let rule) = push["timing"]?["rule"] else { return XCTFail("no rule") }
    XCTAssertTrue(rule.contains("linearOutSlowIn") && rule.contains("/ 3000"), rule)
    XCTAssertEqual(push["timing"]?["example"]?["curve"]?["type"], .string("linearOutSlowIn"))
    let text = String(decoding: app.handle("GET", "/v1/styles").body, as: UTF8.self)
    XCTAssertTrue(
      text.contains(
        #"{"name":"elements","type":"list","maximumItems":256,"uniqueKey":"id","members":[{"name":"id","type":"identifier","maximumBytes":128,"required":true"#
      ), text)
    XCTAssertTrue(
      text.contains(
        #"{"name":"preset","type":"choice","values":["none","fade","push","pull","cover","uncover","slide","zoomSlide","pageIn","pageOut","zoom","zoomOut"],"default":"fade""#
      ))
    XCTAssertTrue(
      text.contains(
        #"{"name":"cascade","type":"option","members":[{"name":"delta","type":"number","minimum":0,"maximum":1,"default":0.02"#
      ))
  }
}
