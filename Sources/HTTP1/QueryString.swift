/// `application/x-www-form-urlencoded` query strings, as `curl -G --data-urlencode` writes them.
public enum QueryString {
  /// The decoded value of the first parameter `name`, or nil when absent. `+` is a space.
  /// Returns `.failure` for a malformed percent escape (with its offset in the query).
  public static func value(of name: String, in query: Substring) -> Result<[UInt8], Malformed>? {
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard case .success(let key) = decode(kv[0]), key == Array(name.utf8) else { continue }
      return kv.count == 2 ? decode(kv[1]) : .success([])
    }
    return nil
  }

  /// How many parameters are named `name` (a parameter given twice is ambiguous: which one the
  /// server read would be a guess for the client, so the routes refuse it).
  public static func occurrences(of name: String, in query: Substring) -> Int {
    var n = 0
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let key = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
      if case .success(let k) = decode(key), k.elementsEqual(name.utf8) { n += 1 }
    }
    return n
  }

  public struct Malformed: Error, Sendable {
    public var offset: Int
  }

  public static func decode(_ text: Substring) -> Result<[UInt8], Malformed> {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) else {
          return .failure(Malformed(offset: i))
        }
        out.append(h << 4 | l)
        i += 3
      } else {
        out.append(b == UInt8(ascii: "+") ? 0x20 : b)
        i += 1
      }
    }
    return .success(out)
  }

  /// Percent-encodes everything but RFC 3986 unreserved characters.
  public static func encode(_ bytes: [UInt8]) -> String {
    encode(bytes, after: "")
  }

  /// `prefix` followed by `bytes` percent-encoded, built in one buffer: every plan answered
  /// from the workers carries such a URL (`Content-Location`), and byte-wise appends to an
  /// array, then a copy into a string and another for the prefix, cost as much as its ETag.
  public static func encode(_ bytes: [UInt8], after prefix: StaticString) -> String {
    let prefixCount = prefix.utf8CodeUnitCount
    return String(unsafeUninitializedCapacity: prefixCount + 3 * bytes.count) { out in
      let base = out.baseAddress!
      base.update(from: prefix.utf8Start, count: prefixCount)
      var n = prefixCount
      let hex: StaticString = "0123456789ABCDEF"
      let digits = hex.utf8Start
      for b in bytes {
        if isUnreserved(b) {
          base[n] = b
          n += 1
        } else {
          base[n] = UInt8(ascii: "%")
          base[n + 1] = digits[Int(b >> 4)]
          base[n + 2] = digits[Int(b & 0xF)]
          n += 3
        }
      }
      return n
    }
  }

  @inline(__always)
  private static func isUnreserved(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - 0x30
    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - 0x61 + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - 0x41 + 10
    default: nil
    }
  }
}
