/// Byte classes of RFC 9110 section 5.6 (token, field-vchar) as lookup tables, because the
/// parser classifies every byte of every head and a table load beats a chain of comparisons.
@usableFromInline
enum ASCII {
  static let cr: UInt8 = 13
  static let lf: UInt8 = 10
  static let sp: UInt8 = 32
  static let htab: UInt8 = 9
  static let colon: UInt8 = 58
  static let semicolon: UInt8 = 59
  static let comma: UInt8 = 44
  static let slash: UInt8 = 47
  static let asterisk: UInt8 = 42

  /// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|"
  ///       / "~" / DIGIT / ALPHA
  static let tokenTable: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for b in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(b)] = true }
    for b in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(b)] = true }
    for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(b)] = true }
    for c in "!#$%&'*+-.^_`|~".utf8 { table[Int(c)] = true }
    return table
  }()

  @inline(__always)
  static func isToken(_ b: UInt8) -> Bool { tokenTable[Int(b)] }

  /// field-vchar / SP / HTAB: VCHAR, obs-text (0x80-0xFF), space and tab. Excludes every other
  /// control character, notably NUL, a bare CR and DEL.
  @inline(__always)
  static func isFieldValueByte(_ b: UInt8) -> Bool {
    b == htab || (b >= 0x20 && b != 0x7F)
  }

  @inline(__always)
  static func isOWS(_ b: UInt8) -> Bool { b == sp || b == htab }

  @inline(__always)
  static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }

  @inline(__always)
  static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 }

  @inlinable @inline(__always)
  static func lower(_ b: UInt8) -> UInt8 {
    b &- 65 < 26 ? b | 0x20 : b
  }

  /// Value of a hexadecimal digit, or nil.
  @inline(__always)
  static func hexValue(_ b: UInt8) -> Int? {
    if b &- 48 < 10 { return Int(b &- 48) }
    let l = b | 0x20
    if l &- 97 < 6 { return Int(l &- 87) }
    return nil
  }
}
