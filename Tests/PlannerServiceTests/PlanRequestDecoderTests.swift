import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

let zoomPushJSON = """
  {
    "style": "zoom",
    "operation": "push",
    "container": {"width": 390, "height": 844},
    "source": {"x": 16, "y": 220, "width": 170, "height": 170},
    "destination": {"x": 0, "y": 91, "width": 390, "height": 390},
    "timing": {"duration": 1.0, "curve": {"type": "spring", "dampingRatio": 0.6, "initialVelocity": 1.0}},
    "frameRate": 60
  }
  """

func problem(_ json: String, limits: PlannerLimits = .init()) -> Problem? {
  if case .failure(let p) = PlanningService(limits: limits).planBody(Array(json.utf8)) { return p }
  return nil
}

func pointers(_ json: String) -> [String] { problem(json)?.errors.map(\.pointer) ?? [] }

final class PlanRequestDecoderTests: XCTestCase {
  func testDecodesTheAPIExample() throws {
    let request = try PlanningService().decodePlanRequest(Array(zoomPushJSON.utf8)).get()
    XCTAssertEqual(request.style, "zoom")
    XCTAssertEqual(request.operation, .push)
    XCTAssertEqual(request.scene.container, Size(width: 390, height: 844))
    XCTAssertEqual(request.scene.source, Rect(x: 16, y: 220, width: 170, height: 170))
    XCTAssertEqual(
      request.timing, TimingSpec(duration: 1, curve: .spring(dampingRatio: 0.6, initialVelocity: 1))
    )
    XCTAssertEqual(request.frameRate, 60)
  }

  func testReportsEveryInvalidFieldByPointer() {
    let json = """
      {"style": "zoom", "operation": "present", "container": {"width": 0, "height": "tall"},
       "destination": {"x": 0, "y": 0, "width": -1, "height": 10},
       "timing": {"duration": 61, "curve": {"type": "cubicBezier", "x1": 1.5, "y1": 0, "x2": 0.5}},
       "frameRate": 60.5}
      """
    let p = problem(json)
    XCTAssertEqual(p?.status, 422)
    XCTAssertEqual(p?.type, "/problems/invalid-request")
    XCTAssertEqual(
      p?.errors,
      [
        FieldError(pointer: "/operation", message: "must be one of push, pop for style zoom"),
        FieldError(pointer: "/container/width", message: "must be > 0 and <= 100000"),
        FieldError(pointer: "/container/height", message: "must be a number, not a string"),
        FieldError(
          pointer: "/source",
          message: "required for style zoom: {\"x\", \"y\", \"width\", \"height\"}"),
        FieldError(pointer: "/destination/width", message: "must be >= 0 and <= 10000000"),
        FieldError(pointer: "/timing/duration", message: "must be > 0 and <= 60"),
        FieldError(pointer: "/timing/curve/x1", message: "must be >= 0 and <= 1"),
        FieldError(
          pointer: "/timing/curve/y2", message: "is required; a number >= -1000 and <= 1000"),
        FieldError(pointer: "/frameRate", message: "must be an integer from 1 to 240"),
      ])
    XCTAssertEqual(p?.detail, "9 fields are invalid")
  }

  func testRequiredFieldsAndTypes() {
    XCTAssertEqual(pointers("{}"), ["/style", "/operation", "/container"])
    XCTAssertEqual(
      problem("[]")?.errors,
      [FieldError(pointer: "", message: "must be a JSON object (a plan request), not an array")])
    XCTAssertEqual(
      problem(#"{"style": "slide", "operation": "push", "container": {"width": 1, "height": 1}}"#)?
        .errors.first?.message,
      "must be one of zoom, expand, cartSheet, hero")
    XCTAssertEqual(
      pointers(
        #"{"style": "cartSheet", "operation": "present", "container": {"width": 1, "height": 1}, "timing": {"curve": {"type": "bouncy"}}}"#
      ),
      ["/timing/curve/type"])
    XCTAssertEqual(
      pointers(
        #"{"style": "cartSheet", "operation": "present", "container": 5, "options": {"scale": {"x": 0}, "perspective": -1}}"#
      ),
      ["/container", "/options/scale/x", "/options/perspective"])
  }

  func testOverflowingLiteralIsA422AtItsPointer() {
    let p = problem(
      #"{"style": "cartSheet", "operation": "present", "container": {"width": 1e999, "height": 1}}"#
    )
    XCTAssertEqual(p?.status, 422)
    XCTAssertEqual(p?.errors.first?.pointer, "/container/width")
    XCTAssertTrue(p?.errors.first?.message.contains("finite") ?? false)
  }

  func testSyntaxErrorsAre400WithTheOffset() {
    let p = problem(#"{"style": "zoom",, }"#)
    XCTAssertEqual(p?.status, 400)
    XCTAssertEqual(p?.offset, 17)
    XCTAssertEqual(problem(#"{"style": "zoom", "style": "zoom"}"#)?.status, 400)
  }

  func testASpringThatNeverSettlesIsA422AtTheCurve() {
    let json =
      #"{"style": "cartSheet", "operation": "present", "container": {"width": 1, "height": 1}, "timing": {"curve": {"type": "springPhysics", "damping": 0}}}"#
    XCTAssertEqual(problem(json)?.errors.map(\.pointer), ["/timing/curve"])
  }

  func testTheKeyframeLimitIsA422AtFrameRate() {
    var limits = PlannerLimits()
    limits.maximumKeyframes = 100
    XCTAssertEqual(problem(zoomPushJSON, limits: limits)?.errors.map(\.pointer), ["/frameRate"])
  }

  func testUnknownFieldsAreIgnoredAndNullMeansAbsent() throws {
    let json =
      #"{"style": "expand", "operation": "pop", "container": {"width": 390, "height": 844}, "source": {"x": 0, "y": 100, "width": 390, "height": 44}, "timing": null, "extra": [1, 2]}"#
    let request = try PlanningService().decodePlanRequest(Array(json.utf8)).get()
    XCTAssertEqual(request.timing, TimingSpec())
  }

  func testErrorPointersEscapeTildeAndSlash() {
    XCTAssertEqual(
      JSONPointer.root.appending("a/b").appending("m~n").appending(3).description, "/a~1b/m~0n/3")
  }
}
