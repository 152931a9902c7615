/// An `Accept` header's media ranges with their q-values (RFC 9110 12.5.1), for choosing among
/// several representations. A range's q is decided by the most specific range matching a type:
/// `text/css` over `text/*` over `*/*`.
struct AcceptHeader {
  struct Range {
    var type: Substring
    var subtype: Substring
    var q: Double
  }

  var ranges: [Range]

  /// Only the first this many elements of the `Accept` fields count; the rest are ignored
  /// unread. Real clients send fewer than ten, and the header is read on the event loop: a
  /// legal 14 KB header of 1,200 ranges cost 4.2 ms there, stalling every connection of the
  /// loop.
  static let maximumElements = 64

  /// nil when the header is absent or has no usable range (it then imposes nothing).
  init?(_ headers: [String]) {
    var ranges: [Range] = []
    var budget = Self.maximumElements
    for header in headers where budget > 0 {
      // At most `budget` elements: the piece after the last split holds the unread rest.
      let elements = header.split(separator: ",", maxSplits: budget)
      for element in elements.prefix(budget) {
        let parts = element.split(separator: ";")
        guard let media = parts.first?.trimmingSpaces.lowercased(), !media.isEmpty else {
          continue
        }
        let pieces = media.split(separator: "/", maxSplits: 1)
        guard pieces.count == 2 else { continue }
        var q = 1.0
        for p in parts.dropFirst() {
          let kv = p.split(separator: "=", maxSplits: 1)
          if kv.count == 2, kv[0].trimmingSpaces.lowercased() == "q" {
            q = Double(kv[1].trimmingSpaces) ?? 1
          }
        }
        ranges.append(Range(type: pieces[0], subtype: pieces[1], q: q))
      }
      budget -= min(elements.count, budget)
    }
    if ranges.isEmpty { return nil }
    self.ranges = ranges
  }

  /// The q-value the header gives `type/subtype` (0 when no range matches).
  func quality(type: String, subtype: String) -> Double {
    var best = (specificity: 0, q: 0.0)
    for r in ranges {
      let specificity: Int
      if r.type == type && r.subtype == subtype {
        specificity = 3
      } else if r.type == type && r.subtype == "*" {
        specificity = 2
      } else if r.type == "*" && r.subtype == "*" {
        specificity = 1
      } else {
        continue
      }
      // Equally specific ranges (a repeated type): the higher q wins.
      if specificity > best.specificity || (specificity == best.specificity && r.q > best.q) {
        best = (specificity, r.q)
      }
    }
    return best.q
  }
}
