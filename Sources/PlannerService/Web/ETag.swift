/// Strong entity tags for plans: the ``StableHash`` of the response body as 16 hex digits,
/// quoted. Plans are deterministic, so equal requests always give equal bytes and equal tags,
/// on every replica.
public enum ETag {
  public static func of(_ body: [UInt8]) -> String {
    let hex = String(StableHash.of(body), radix: 16)
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
