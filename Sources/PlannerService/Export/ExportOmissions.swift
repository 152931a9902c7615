import TransitionEngine

/// What an export leaves out of a plan, in words: every format draws frames, alphas and
/// transforms, and tracks' delays through its samples; a format that cannot draw a
/// shared-element property says so in its document rather than dropping it silently.
enum ExportOmissions {
  /// What of ``Timeline/leftOut`` a format does not carry.
  static func missing(_ timeline: Timeline, carried: Set<String>) -> [String] {
    timeline.leftOut.filter { !carried.contains($0) }
  }

  /// One sentence, or nil when the export carries the whole plan.
  static func sentence(_ timeline: Timeline, carried: Set<String>) -> String? {
    let missing = missing(timeline, carried: carried)
    let names: [String: String] = [
      "cornerRadius": "corner radii (cornerRadius)",
      "contentFrame": "content frames (contentFrame: the content fit inside element layers)",
      "shadow": "shadows (shadow, shadowOpacity)",
    ]
    let properties = missing.compactMap { names[$0] }
    guard !properties.isEmpty else { return nil }
    return "This export leaves out the plan's " + ListFormat.and(properties)
      + ". The JSON plan (format=json) has them."
  }
}

enum ListFormat {
  /// "a", "a and b", "a, b and c".
  static func and(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}
