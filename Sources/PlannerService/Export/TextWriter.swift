import JSON

/// Text output for the non-JSON formats (CSS, SVG): a byte buffer with the plan's number
/// format (shortest round-trip, integral values without a fraction, `-0` as `0`), so every
/// format writes the same digits for the same value.
struct TextWriter: ~Copyable {
  var json: JSONWriter

  init(capacity: Int) { json = JSONWriter(capacity: capacity) }

  var bytes: [UInt8] { json.bytes }

  mutating func raw(_ text: StaticString) { json.raw(text) }
  mutating func text(_ s: String) { json.append(utf8: s) }
  mutating func number(_ value: Double) { json.number(value) }

  /// XML character data or attribute text: `& < > " '` escaped; characters XML 1.0 forbids
  /// (C0 controls but tab, newline and carriage return) become U+FFFD.
  mutating func xml(_ s: String) {
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": raw("&amp;")
      case "<": raw("&lt;")
      case ">": raw("&gt;")
      case "\"": raw("&quot;")
      case "'": raw("&apos;")
      case "\t", "\n", "\r": json.byte(UInt8(scalar.value))
      default:
        let allowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
        // Encoded in place: a String per character would allocate for every non-ASCII one.
        UTF8.encode(allowed ? scalar : "\u{FFFD}") { json.byte($0) }
      }
    }
  }
}
