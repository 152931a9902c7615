import TransitionEngine

/// What an export leaves out of a plan, in words: every format draws frames, alphas and
/// transforms; the shared-element properties reach the formats with the front-end work, and
/// until then each document says what it lacks rather than dropping it silently.
enum ExportOmissions {
  /// One sentence, or nil when the export carries the whole plan.
  static func sentence(_ timeline: Timeline) -> String? {
    let names: [String: String] = [
      "cornerRadius": "corner radii (cornerRadius)",
      "contentFrame": "content frames (contentFrame: the content fit inside element layers)",
      "shadow": "shadows (shadow, shadowOpacity)",
    ]
    let properties = timeline.leftOut.compactMap { names[$0] }
    var parts: [String] = []
    if !properties.isEmpty {
      parts.append("leaves out the plan's " + ListFormat.and(properties))
    }
    if timeline.leftOut.contains("delay") {
      parts.append(
        "carries the tracks' delays (cascades) only in the sampled values, not as delays of their own"
      )
    }
    guard !parts.isEmpty else { return nil }
    return "This export " + parts.joined(separator: " and ")
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
