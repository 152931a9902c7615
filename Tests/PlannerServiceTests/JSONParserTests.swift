import XCTest

@testable import PlannerService

final class JSONParserTests: XCTestCase {
  func testParsesEveryValueKindKeepingMemberOrder() throws {
    let v = try JSONParser.parse(
      #"{"b": [1, -2.5e3, true, false, null], "a": "x\n\u00e9\ud83d\ude00", "c": {}}"#)
    guard case .object(let members) = v else { return XCTFail("not an object") }
    XCTAssertEqual(members.map(\.key), ["b", "a", "c"])
    XCTAssertEqual(v["b"], .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
    XCTAssertEqual(v["a"], .string("x\né😀"))
    XCTAssertEqual(v["c"], .object([]))
  }

  func testReportsTheByteOffsetOfTheError() {
    let cases: [(String, Int)] = [
      (#"{"a": 1,}"#, 8), (#"{"a" 1}"#, 5), ("[1, 2", 5), ("", 0), ("{\"a\": tru}", 6), ("[01]", 2),
      ("[1.]", 3), ("[1] x", 4), ("{\"a\": \"\u{01}\"}", 7), (#"["\q"]"#, 2), ("[-]", 2),
    ]
    for (text, offset) in cases {
      XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
        XCTAssertEqual((error as? JSONSyntaxError)?.offset, offset, text)
      }
    }
  }

  func testRejectsDuplicateKeysAtTheSecondKey() {
    XCTAssertThrowsError(try JSONParser.parse(#"{"style": "zoom", "style": "expand"}"#)) { error in
      let e = error as! JSONSyntaxError
      XCTAssertEqual(e.offset, 18)
      XCTAssertTrue(e.message.contains("duplicate key \"style\""))
    }
  }

  func testRejectsNestingDeeperThan32() throws {
    let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    XCTAssertNoThrow(try JSONParser.parse(ok))
    let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
    XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
      XCTAssertEqual((error as? JSONSyntaxError)?.offset, 32)
    }
    // A hostile depth never overflows the stack: the limit stops it first.
    let hostile = String(repeating: "{\"a\":", count: 100_000)
    XCTAssertThrowsError(try JSONParser.parse(hostile))
  }

  func testOverflowingNumbersParseAsInfinityForValidationToReport() throws {
    XCTAssertEqual(try JSONParser.parse("[1e999]"), .array([.number(.infinity)]))
  }

  func testRejectsInvalidUTF8AndLoneSurrogates() {
    XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]))
    XCTAssertThrowsError(try JSONParser.parse(#""\udc00""#))
    XCTAssertThrowsError(try JSONParser.parse(#""\ud800x""#))
    XCTAssertThrowsError(try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x31]))
  }
}

final class JSONWriterTests: XCTestCase {
  func text(_ v: Double) -> String {
    var w = JSONWriter()
    w.number(v)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  func testNumbersUseTheShortestRoundTripForm() {
    XCTAssertEqual(text(1), "1")
    XCTAssertEqual(text(-0.0), "0")
    XCTAssertEqual(text(0.1), "0.1")
    XCTAssertEqual(text(115.62183950967554), "115.62183950967554")
    XCTAssertEqual(text(-844), "-844")
    XCTAssertEqual(text(9_007_199_254_740_991), "9007199254740991")
    XCTAssertEqual(text(1e-7), "1e-07")
    XCTAssertEqual(text(0.016666666666666666), "0.016666666666666666")
    for v in [0.1, 1.0 / 3, 2.5e-300, 1.7976931348623157e308, 12345.678, -0.000123] {
      XCTAssertEqual(Double(text(v)), v, "round trip of \(v)")
    }
  }

  func testStringsAreEscaped() {
    var w = JSONWriter()
    w.string("a\"b\\c\n\u{01}é")
    XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #""a\"b\\c\n\u0001é""#)
  }

  func testWrittenValuesParseBack() throws {
    let v = try JSONParser.parse(#"{"k": [1, 2.5, "s", null, {"n": false}]}"#)
    var w = JSONWriter()
    w.value(v)
    XCTAssertEqual(try JSONParser.parse(w.bytes), v)
    var p = JSONWriter()
    p.pretty(v)
    XCTAssertEqual(try JSONParser.parse(p.bytes), v)
    XCTAssertTrue(String(decoding: p.bytes, as: UTF8.self).contains("\n  \"k\": ["))
  }
}
