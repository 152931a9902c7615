/// Just enough media-type handling for the 415 rule of docs/API.md (the 406 rules read
/// `Accept` through ``AcceptHeader``).
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
