import JSON
import TransitionEngine
import XCTest

@testable import PlannerService

/// A style's declared inputs are decoded, validated, canonicalised and documented from the
/// declaration alone: a declaration no style has yet is handled like the seeds' own.
final class StyleInputWireTests: XCTestCase {
  let declaration = [
    StyleInput("card", .rect, required: true, summary: "the card"),
    StyleInput(
      "look",
      .object([
        StyleInput("radius", .number(.closed(0, 40), defaultValue: 8), summary: "corner radius"),
        StyleInput("lift", .number(.leftOpen(0, 1), defaultValue: nil), summary: "shadow"),
      ]), summary: "how the card looks"),
  ]
  let wire = StyleInputWire(limits: PlannerLimits())

  func decode(_ json: String) throws -> (StyleValues, [FieldError]) {
    var reader = FieldReader()
    let values = wire.decode(
      declaration, in: try JSONParser.parse(Array(json.utf8)), at: .root, styleName: "card",
      reader: &reader)
    return (values, reader.errors)
  }

  func canonical(_ values: StyleValues) -> String {
    var w = JSONWriter(capacity: 64)
    StyleInputWire.writeCanonical(declaration, values, &w)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  func testDefaultsAreFilledInAndWrittenInDeclarationOrder() throws {
    let (values, errors) = try decode(
      #"{"look": {"lift": 0.5}, "card": {"x": 1, "y": 2, "width": 3, "height": 4}}"#)
    XCTAssertEqual(errors, [])
    XCTAssertEqual(values.rect("card"), Rect(x: 1, y: 2, width: 3, height: 4))
    XCTAssertEqual(values.object("look").number("radius"), 8)
    XCTAssertEqual(
      canonical(values),
      #","card":{"x":1,"y":2,"width":3,"height":4},"look":{"radius":8,"lift":0.5}"#)
    // An absent object still has its defaults; an absent number without one stays absent.
    let (bare, _) = try decode(#"{"card": {"x": 0, "y": 0, "width": 1, "height": 1}}"#)
    XCTAssertEqual(
      canonical(bare), #","card":{"x":0,"y":0,"width":1,"height":1},"look":{"radius":8}"#)
  }

  func testEveryBadFieldIsReportedAtItsPointerWithWhatIsAllowed() throws {
    let (_, errors) = try decode(#"{"look": {"radius": 41, "lift": 0}}"#)
    XCTAssertEqual(
      errors,
      [
        FieldError(
          pointer: "/card",
          message: "required for style card: {\"x\", \"y\", \"width\", \"height\"}"),
        FieldError(pointer: "/look/radius", message: "must be >= 0 and <= 40"),
        FieldError(pointer: "/look/lift", message: "must be > 0 and <= 1"),
      ])
    let (_, wrongType) = try decode(
      #"{"card": {"x": 0, "y": 0, "width": 1, "height": 1}, "look": 3}"#)
    XCTAssertEqual(
      wrongType,
      [
        FieldError(
          pointer: "/look", message: "must be an object ({\"radius\", \"lift\"}), not a number")
      ])
  }

  func testTheDescriptionStatesTypesRangesAndDefaults() throws {
    var w = JSONWriter(capacity: 256)
    wire.describe(declaration, &w)
    let described = try JSONParser.parse(w.bytes)
    let look = try XCTUnwrap(described[1])
    XCTAssertEqual(look["type"], .string("object"))
    let radius = try XCTUnwrap(look["members"]?[0])
    XCTAssertEqual(radius["minimum"], .number(0))
    XCTAssertEqual(radius["maximum"], .number(40))
    XCTAssertEqual(radius["default"], .number(8))
    XCTAssertEqual(look["members"]?[1]?["exclusiveMinimum"], .number(0))
    XCTAssertNil(look["members"]?[1]?["default"])
    XCTAssertEqual(described[0]?["required"], .bool(true))
  }

  func testAMissingContainerSaysWhatIsRequired() {
    let p = problem(#"{"style": "cartSheet", "operation": "present"}"#)
    XCTAssertEqual(
      p?.errors,
      [FieldError(pointer: "/container", message: "required: an object with width and height")])
  }
}
