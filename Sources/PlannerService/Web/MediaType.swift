/// Just enough media-type handling for the 415 and 406 rules of API.md.
enum MediaType {
  /// `application/json` (charset utf-8 or none) or any `*/*+json`; a missing type is refused.
  static func isAcceptableJSONBody(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    // What nearly every client sends, answered without splitting and lowercasing.
    if contentType == "application/json" { return true }
    let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
    let type = parts[0].trimmingSpaces.lowercased()
    let slash = type.firstIndex(of: "/")
    guard let slash, type[type.index(after: slash)...].count > 0 else { return false }
    let subtype = type[type.index(after: slash)...]
    guard type == "application/json" || subtype.hasSuffix("+json") else { return false }
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      if pair[0].trimmingSpaces.lowercased() == "charset" {
        let value = pair[1].trimmingSpaces.lowercased().trimmingCharacters(in: "\"")
        if value != "utf-8" && value != "utf8" { return false }
      }
    }
    return true
  }

  /// Whether an `Accept` header admits `type/subtype` (q = 0 excludes). No header accepts all.
  static func accepts(_ accept: [String], type: String, subtype: String) -> Bool {
    if accept.isEmpty { return true }
    var anyRange = false
    for header in accept {
      for range in header.split(separator: ",") {
        let parts = range.split(separator: ";")
        let media = parts.first.map { $0.trimmingSpaces.lowercased() } ?? ""
        if media.isEmpty { continue }
        anyRange = true
        var q = 1.0
        for p in parts.dropFirst() {
          let kv = p.split(separator: "=", maxSplits: 1)
          if kv.count == 2, kv[0].trimmingSpaces.lowercased() == "q" {
            q = Double(kv[1].trimmingSpaces) ?? 1
          }
        }
        if q <= 0 { continue }
        let pieces = media.split(separator: "/", maxSplits: 1)
        guard pieces.count == 2 else { continue }
        let (t, s) = (pieces[0], pieces[1])
        if (t == "*" && s == "*") || (t == type && (s == "*" || s == subtype)) { return true }
      }
    }
    // A header with no usable range at all (e.g. empty) imposes nothing.
    return !anyRange
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var s = self
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return s
  }
}

extension StringProtocol {
  func trimmingCharacters(in set: Character) -> Substring {
    var s = Substring(self)
    while s.first == set { s = s.dropFirst() }
    while s.last == set { s = s.dropLast() }
    return s
  }
}
