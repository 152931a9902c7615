/// Appends JSON text to a byte buffer. Purpose-built for plans: thousands of numbers written
/// without intermediate objects, in API.md's number format.
public struct JSONWriter: Sendable {
  public var bytes: [UInt8]

  public init(capacity: Int = 4096) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  @inline(__always)
  public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  public mutating func byte(_ b: UInt8) { bytes.append(b) }

  /// `"key":` for a key known to need no escaping.
  @inline(__always)
  public mutating func key(_ name: StaticString) {
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  public mutating func string(_ s: String) {
    bytes.append(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x08: raw("\\b")
      case 0x0C: raw("\\f")
      case 0..<0x20:
        raw("\\u00")
        bytes.append(Self.hexDigits[Int(b >> 4)])
        bytes.append(Self.hexDigits[Int(b & 0xF)])
      default: bytes.append(b)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// API.md's number format: the shortest text that round-trips; an integral value below 2^53
  /// in magnitude has no fraction or exponent; `-0` is `0`. Non-finite values have no JSON
  /// form and are written as `null` (validation keeps them out of plans).
  public mutating func number(_ value: Double) {
    if value == 0 {
      bytes.append(UInt8(ascii: "0"))
      return
    }
    if abs(value) < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
      integer(Int64(value))
      return
    }
    guard value.isFinite else {
      raw("null")
      return
    }
    // Swift's shortest round-tripping form (e.g. `0.1`, `1e-07`, `1e+16`), streamed through
    // `_writeASCII` below: half the cost of `description`, which builds a String per number.
    value.write(to: &self)
  }

  public mutating func integer(_ value: Int64) {
    var v = value
    if v < 0 {
      bytes.append(UInt8(ascii: "-"))
      if v == .min {
        bytes.append(contentsOf: "9223372036854775808".utf8)
        return
      }
      v = -v
    }
    if v < 10 {
      bytes.append(UInt8(truncatingIfNeeded: v) + 0x30)
      return
    }
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var n = 0
    withUnsafeMutableBytes(of: &digits) { buf in
      while v > 0 {
        buf[n] = UInt8(truncatingIfNeeded: v % 10) + 0x30
        v /= 10
        n += 1
      }
      for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(buf[i]) }
    }
  }

  public mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Any parsed value, compact; keys in their stored order.
  public mutating func value(_ v: JSONValue) {
    switch v {
    case .null: raw("null")
    case .bool(let b): bool(b)
    case .number(let d): number(d)
    case .string(let s): string(s)
    case .array(let items):
      byte(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        value(item)
      }
      byte(UInt8(ascii: "]"))
    case .object(let members):
      byte(UInt8(ascii: "{"))
      for (i, m) in members.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        string(m.key)
        byte(UInt8(ascii: ":"))
        value(m.value)
      }
      byte(UInt8(ascii: "}"))
    }
  }

  /// Human-readable form: two-space indentation, one member or element per line.
  public mutating func pretty(_ v: JSONValue, indent: Int = 0) {
    func newline(_ level: Int) {
      byte(0x0A)
      for _ in 0..<(level * 2) { byte(0x20) }
    }
    switch v {
    case .array(let items) where !items.isEmpty:
      byte(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        newline(indent + 1)
        pretty(item, indent: indent + 1)
      }
      newline(indent)
      byte(UInt8(ascii: "]"))
    case .object(let members) where !members.isEmpty:
      byte(UInt8(ascii: "{"))
      for (i, m) in members.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        newline(indent + 1)
        string(m.key)
        raw(": ")
        pretty(m.value, indent: indent + 1)
      }
      newline(indent)
      byte(UInt8(ascii: "}"))
    default:
      value(v)
    }
  }
}

extension JSONWriter: TextOutputStream {
  public mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

  /// The standard library's floating-point `write(to:)` formats into a stack buffer and hands
  /// the ASCII bytes here; overriding the default (which wraps them in a String) avoids an
  /// allocation per number.
  public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }
}
