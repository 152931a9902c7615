/// An `Accept` header's media ranges with their q-values (RFC 9110 12.5.1), for choosing among
/// representations, read through the one list grammar (``WeightedList``). A type's q is the
/// q of the most specific range matching it: `text/css` over `text/*` over `*/*`, whatever
/// route asks.
struct AcceptHeader {
  struct Range {
    var type: Substring
    var subtype: Substring
    var q: Double
  }

  var ranges: [Range]

  /// nil when the header is absent, is disregarded (over ``WeightedList/maximumElements``), or
  /// has no usable range: it then imposes nothing.
  init?(_ headers: [String]) {
    guard let list = WeightedList(headers) else { return nil }
    var ranges: [Range] = []
    for element in list.elements {
      let value = Substring(element.value)
      guard let slash = value.firstIndex(of: "/"), slash > value.startIndex,
        value.index(after: slash) < value.endIndex
      else { continue }
      ranges.append(
        Range(type: value[..<slash], subtype: value[value.index(after: slash)...], q: element.q))
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

  /// Whether `headers` admit `type/subtype`: the most specific range matching it has q > 0. No
  /// header, or one imposing nothing, admits every type.
  static func admits(_ headers: [String], type: String, subtype: String) -> Bool {
    guard let header = AcceptHeader(headers) else { return true }
    return header.quality(type: type, subtype: subtype) > 0
  }
}
