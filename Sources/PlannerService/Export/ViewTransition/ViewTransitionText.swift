import JSON

/// The spellings of the `viewtransition` document (docs/VIEWTRANSITIONS.md, conventions and
/// 3.2): names built from ids, and numbers inside CSS text as JavaScript's `String(x)` writes
/// them.
enum ViewTransitionText {
  /// 3.2's injective encoding of an id into lowercase ASCII: `a`-`z`, `0`-`9`, `-` stay; an
  /// uppercase letter is `_` and its lowercase; `_` is `__`; any other Unicode scalar is `_`,
  /// its code point in decimal and `_`.
  static func encoded(_ id: String) -> String {
    var out = ""
    out.reserveCapacity(id.utf8.count + 4)
    for scalar in id.unicodeScalars {
      switch scalar.value {
      case 0x61...0x7A, 0x30...0x39, 0x2D: out.unicodeScalars.append(scalar)
      case 0x41...0x5A:
        out.append("_")
        out.unicodeScalars.append(Unicode.Scalar(scalar.value + 0x20)!)
      case 0x5F: out.append("__")
      default:
        out.append("_")
        out.append(String(scalar.value))
        out.append("_")
      }
    }
    return out
  }

  /// A number inside CSS text. Where the plan's JSON spelling and JavaScript's agree (zero, and
  /// every magnitude from 1e-4 below 2^53) the JSON writer writes it; elsewhere the shortest
  /// digits are re-spelled by ECMA-262 Number::toString.
  static func number(_ value: Double, _ w: inout JSONWriter) {
    let magnitude = abs(value)
    if value == 0 || (magnitude >= 1e-4 && magnitude < 9_007_199_254_740_992) {
      w.number(value)
    } else {
      w.append(utf8: javaScript(value))
    }
  }

  /// ECMA-262 Number::toString of a finite double, from Swift's shortest round-trip digits.
  static func javaScript(_ value: Double) -> String {
    if value == 0 { return "0" }
    guard value.isFinite else {
      return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity")
    }
    var text = Substring(abs(value).description)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...])!
      text = text[..<e]
    }
    // digits d1...dk with the point after position n (value = 0.d1...dk x 10^n).
    var digits = ""
    var n = 0
    var seenPoint = false
    for c in text {
      if c == "." {
        seenPoint = true
        continue
      }
      if !seenPoint { n += 1 }
      digits.append(c)
    }
    n += exponent
    while digits.first == "0" {
      digits.removeFirst()
      n -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    let k = digits.count
    var out = value < 0 ? "-" : ""
    if k <= n && n <= 21 {
      out += digits + String(repeating: "0", count: n - k)
    } else if 0 < n && n <= 21 {
      out += digits.prefix(n) + "." + digits.dropFirst(n)
    } else if -6 < n && n <= 0 {
      out += "0." + String(repeating: "0", count: -n) + digits
    } else {
      let e = n - 1
      out += digits.prefix(1)
      if k > 1 { out += "." + digits.dropFirst(1) }
      out += "e" + (e >= 0 ? "+" : "-") + String(abs(e))
    }
    return out
  }
}
