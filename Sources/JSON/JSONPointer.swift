/// An RFC 6901 JSON Pointer, built segment by segment while validating.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  public private(set) var description: String

  public init(_ text: String = "") { description = text }

  public static let root = JSONPointer()

  /// Appends one reference token, escaping `~` as `~0` and `/` as `~1`.
  public func appending(_ token: String) -> JSONPointer {
    let escaped = token.replacingTildeAndSlash()
    return JSONPointer(description + "/" + escaped)
  }

  public func appending(_ index: Int) -> JSONPointer {
    JSONPointer(description + "/" + String(index))
  }

  public static func + (lhs: JSONPointer, rhs: String) -> JSONPointer { lhs.appending(rhs) }

  public init(segments: [String]) {
    self = segments.reduce(JSONPointer.root) { $0.appending($1) }
  }
}

extension String {
  fileprivate func replacingTildeAndSlash() -> String {
    // Scanning bytes: `contains(_: String)` is a generic substring search, and this runs for
    // every field of every request while decoding.
    guard utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
      return self
    }
    var out = ""
    for c in self {
      switch c {
      case "~": out += "~0"
      case "/": out += "~1"
      default: out.append(c)
      }
    }
    return out
  }
}
