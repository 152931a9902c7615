import JSON

// The recursive-descent parser the service used before ``JSONTape`` (issue 36), kept unchanged
// but for its name as the reference the tape is checked against: the decoder oracle tests and
// the planner fuzz target parse every input with both. Not linked by the server or the client.

/// A strict RFC 8259 parser over UTF-8 bytes that reports the byte offset of the first error,
/// rejects nesting deeper than `maximumDepth` and duplicate keys in an object.
public struct ReferenceJSONParser {
  public static let defaultMaximumDepth = 32

  private let bytes: [UInt8]
  private var index = 0
  private let maximumDepth: Int

  private init(_ bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth)
    throws(JSONSyntaxError)
    -> JSONValue
  {
    var parser = ReferenceJSONParser(bytes, maximumDepth: maximumDepth)
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONSyntaxError(offset: 0, message: "a byte order mark is not allowed")
    }
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw JSONSyntaxError(offset: parser.index, message: "unexpected data after the JSON value")
    }
    return value
  }

  public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth)
    throws(JSONSyntaxError)
    -> JSONValue
  {
    try parse(Array(text.utf8), maximumDepth: maximumDepth)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? index, message: message)
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw fail("unexpected character, expected a value")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let start = index
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { lit in
      guard start + count <= bytes.count else { return false }
      for i in 0..<count where bytes[start + i] != lit[i] { return false }
      return true
    }
    guard matches else { throw fail("invalid literal, expected \(literal)") }
    index += count
  }

  /// Objects up to this many members are checked for duplicates by a scan.
  static let scannedMembers = 8

  /// Whether `key` is already among `members`, comparing UTF-8 bytes as JSON does (Swift's
  /// `String ==` is canonical equivalence: "\u{e9}" and "e\u{301}" would be the same key).
  static func isDuplicate(_ key: String, in members: [JSONMember], seen: inout Set<KeyBytes>?)
    -> Bool
  {
    if members.count < scannedMembers {
      // The lengths first (constant time for native strings): most keys differ in length,
      // and the generic byte comparison was 5 % of decoding a hero request (callgrind).
      let length = key.utf8.count
      return members.contains {
        $0.key.utf8.count == length && $0.key.utf8.elementsEqual(key.utf8)
      }
    }
    if seen == nil { seen = Set(members.map { KeyBytes($0.key) }) }
    return !seen!.insert(KeyBytes(key)).inserted
  }

  /// A key hashed and compared by its UTF-8 bytes.
  struct KeyBytes: Hashable {
    let key: String
    init(_ key: String) { self.key = key }
    static func == (a: KeyBytes, b: KeyBytes) -> Bool { a.key.utf8.elementsEqual(b.key.utf8) }
    func hash(into hasher: inout Hasher) {
      var key = key
      key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
    index += 1
    var members: [JSONMember] = []
    // Keys seen, by their UTF-8 bytes, once an object has more than a few (a linear scan is
    // cheaper for the small objects of real requests; a hostile object of 100,000 keys stays
    // linear as a whole instead of quadratic).
    var seen: Set<KeyBytes>? = nil
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail(
          index < bytes.count ? "expected a string key" : "unexpected end of input in an object")
      }
      let keyOffset = index
      let key = try parseString()
      if Self.isDuplicate(key, in: members, seen: &seen) {
        throw fail("duplicate key \"\(key)\"", at: keyOffset)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail(
          index < bytes.count ? "expected ':' after a key" : "unexpected end of input in an object")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONMember(key, value))
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of input in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw fail("expected ',' or '}' in an object")
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of input in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      throw fail("expected ',' or ']' in an array")
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
    // The digits without the point, while they fit (19 digits always do), for the fast path.
    var mantissa: UInt64 = 0
    var digitCount = 0
    var fractionDigits = 0
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zeros are not allowed") }
    } else {
      while index < bytes.count, isDigit(bytes[index]) {
        if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
        digitCount += 1
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw fail("expected a digit after '.'")
      }
      while index < bytes.count, isDigit(bytes[index]) {
        if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
        digitCount += 1
        fractionDigits += 1
        index += 1
      }
    }
    var hasExponent = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      hasExponent = true
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw fail("expected a digit in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    // Clinger's fast path: an integer of at most 2^53 and a power of ten of at most 10^22 are
    // both exact doubles, and one IEEE division of exact operands is correctly rounded, so
    // this is the value `strtod` gives, without building a string for it (which cost about
    // 900 instructions a number).
    if !hasExponent, digitCount <= 19, mantissa <= 1 << 53, fractionDigits <= 22 {
      let magnitude = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
      return negative ? -magnitude : magnitude
    }
    // The grammar is checked; the conversion rounds correctly (overflow gives infinity).
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw fail("invalid number", at: start) }
    return value
  }

  /// 10^0 ... 10^22: every one an exact double.
  static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  @inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        let slice = bytes[start..<index]
        index += 1
        return try decodeUTF8(slice, startOffset: start)
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw fail("control characters must be escaped in strings") }
      index += 1
    }
    var out: [UInt8] = Array(bytes[start..<index])
    while index < bytes.count {
      let b = bytes[index]
      switch b {
      case UInt8(ascii: "\""):
        index += 1
        return try decodeUTF8(out[...], startOffset: start)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw fail("unexpected end of input in a string") }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("a high surrogate must be followed by a low surrogate") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw fail("invalid low surrogate", at: index - 6)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(scalar) {
            throw fail("a lone low surrogate is not a character", at: index - 6)
          }
          out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
          throw fail("invalid escape sequence", at: index - 2)
        }
      default:
        if b < 0x20 { throw fail("control characters must be escaped in strings") }
        out.append(b)
        index += 1
      }
    }
    throw fail("unexpected end of input in a string")
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("expected 4 hex digits after \\u") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let d: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - 0x41 + 10)
      default: throw fail("expected 4 hex digits after \\u")
      }
      v = v << 4 | d
      index += 1
    }
    return v
  }

  private func decodeUTF8(_ slice: ArraySlice<UInt8>, startOffset: Int) throws(JSONSyntaxError)
    -> String
  {
    // Strict validation: String(validating:) rejects overlong forms and surrogates.
    if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
    guard let s = String(validating: slice, as: UTF8.self) else {
      throw fail("invalid UTF-8 in a string", at: startOffset)
    }
    return s
  }
}
