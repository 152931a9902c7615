import XCTest

@testable import JSON

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

  // Keys are compared by their UTF-8 bytes, as JSON does: precomposed and decomposed "é" are
  // two keys (Swift's String == would call them equal).
  func testKeysThatAreCanonicallyEquivalentButDifferInBytesAreNotDuplicates() throws {
    let v = try JSONParser.parse(#"{"\u00e9": 1, "e\u0301": 2}"#)
    guard case .object(let members) = v else { return XCTFail("not an object") }
    XCTAssertEqual(members.count, 2)
    // The same in an object large enough for the hashed check.
    let many = (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ")
    XCTAssertNoThrow(try JSONParser.parse(Array("{\(many), \"\u{e9}\": 1, \"e\u{301}\": 2}".utf8)))
  }

  // Objects past the scanned size are checked through a set of the keys' bytes: every
  // duplicate is still found, at the later key, wherever it stands.
  func testDuplicatesInLargeObjectsAreFoundAtTheLaterKey() throws {
    let keys = (0..<5000).map { "\"key\($0)\": \($0)" }
    for duplicate in [1, 7, 8, 9, 4999] {
      let text = "{" + keys.joined(separator: ",") + ",\"key\(duplicate)\": 0}"
      XCTAssertThrowsError(try JSONParser.parse(Array(text.utf8))) { error in
        let e = error as! JSONSyntaxError
        XCTAssertEqual(e.offset, text.utf8.count - "\"key\(duplicate)\": 0}".utf8.count)
        XCTAssertTrue(e.message.contains("duplicate key \"key\(duplicate)\""), e.message)
      }
    }
    let distinct = try JSONParser.parse(Array(("{" + keys.joined(separator: ",") + "}").utf8))
    guard case .object(let members) = distinct else { return XCTFail("not an object") }
    XCTAssertEqual(members.count, 5000)
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

  // Short decimals take a fast path (an exact integer over an exact power of ten); every
  // number must still parse to the very double the standard library's strtod gives.
  func testNumbersParseToTheCorrectlyRoundedDouble() throws {
    var texts = [
      "0", "-0", "0.1", "-0.1", "0.30000000000000004", "9007199254740992", "9007199254740993",
      "9007199254740991.5", "18446744073709551615", "99999999999999999999.5",
      "0.0000000000000000000001", "0.00000000000000000000001", "1.7976931348623157",
      "123456789012345678901234567890", "170.25", "-1.451102592299182", "82.42972965621959",
      "2.5e-3", "1E22", "4.9e-324", "1e400",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {  // splitmix64: a fixed sequence, so a failure reproduces
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    for _ in 0..<20_000 {
      let integerDigits = Int(next() % 12)
      let fractionDigits = Int(next() % 24)
      var text = next() % 2 == 0 ? "-" : ""
      text += integerDigits == 0 ? "0" : String(next() % 9 + 1)
      for _ in 1..<max(1, integerDigits) { text += String(next() % 10) }
      if fractionDigits > 0 {
        text += "."
        for _ in 0..<fractionDigits { text += String(next() % 10) }
      }
      texts.append(text)
    }
    for text in texts {
      let parsed = try JSONParser.parse("[" + text + "]")
      guard case .array(let items) = parsed, case .number(let value) = items.first else {
        return XCTFail(text)
      }
      let expected = try XCTUnwrap(Double(text), text)
      XCTAssertEqual(value.bitPattern, expected.bitPattern, text)
    }
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
    // Strings without escapes are copied whole (also past the capacity, and after or before
    // escaped ones); each character that needs an escape sends the string the long way.
    let long = String(repeating: "snapshot-é-", count: 40)
    var v = JSONWriter(capacity: 8)
    for piece in ["", "fromView", long, "tab\there", "x/y", "\u{7F}", "quote\"", "end"] {
      v.string(piece)
      v.byte(UInt8(ascii: ","))
    }
    XCTAssertEqual(
      String(decoding: v.bytes, as: UTF8.self),
      #""","fromView",""# + long + #"","tab\there","x/y","\#u{7F}","quote\"","end","#)
    for code in 0..<0x20 {
      var e = JSONWriter()
      e.string(String(UnicodeScalar(UInt8(code))))
      XCTAssertEqual(try JSONParser.parse(e.bytes), .string(String(UnicodeScalar(UInt8(code)))))
    }
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
