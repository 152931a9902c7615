/// Layer ids as CSS identifiers (CSS Syntax 3, "serialize an identifier"): the id follows the
/// fixed prefix `tp-`, so it never starts the identifier and a leading digit or hyphen needs no
/// escape. Letters, digits, `-`, `_` and non-ASCII stay; other printable ASCII is escaped with a
/// backslash; control characters become a hex escape; NUL becomes U+FFFD.
enum CSSIdentifier {
  static func prefixed(_ id: String) -> String {
    var out = "tp-"
    for scalar in id.unicodeScalars {
      switch scalar.value {
      case 0:
        out += "\u{FFFD}"
      case 0x01...0x1F, 0x7F:
        // A hex escape ends with a space so that a following hex digit is not taken in.
        out += "\\" + String(scalar.value, radix: 16) + " "
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x80...:
        out.unicodeScalars.append(scalar)
      default:
        out += "\\"
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
