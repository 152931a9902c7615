/// Strong entity tags for plans: the 64-bit FNV-1a hash of the response body, in hex, quoted.
/// Plans are deterministic, so equal requests always give equal bytes and equal tags, on every
/// replica.
public enum ETag {
  public static func of(_ body: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }

  /// RFC 9110 section 13.1.2: `*` or a list of tags; compared weakly (a `W/` prefix is ignored).
  public static func matches(_ ifNoneMatch: [String], _ tag: String) -> Bool {
    for header in ifNoneMatch {
      for candidate in header.split(separator: ",") {
        var c = candidate.trimmingSpaces
        if c == "*" { return true }
        if c.hasPrefix("W/") { c = c.dropFirst(2) }
        if c == tag { return true }
      }
    }
    return false
  }
}
