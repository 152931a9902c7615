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
      var header = header
      header.withUTF8 { Self.parse($0, into: &ranges, budget: &budget) }
    }
    if ranges.isEmpty { return nil }
    self.ranges = ranges
  }

  // Read as bytes: the same parse on `Substring`s (split, trim, lowercased) walked the header
  // by `Character` and cost 200 µs of the event loop per request for the 64 elements of a
  // 14 KB Accept (perf record on wrk; GET /v1/plans went from 245 to 60 µs of server CPU).
  // Through the header's own storage (`withUTF8`, the only pointer taken here) rather than a
  // copy into an array: with copies such a request took 123-135 µs against 86-98 µs (wrk -t2
  // -c64 -d5s with that Accept, the same build otherwise, 3 rounds).
  /// Appends the ranges of the first `budget` non-empty elements and lowers `budget` by the
  /// elements read.
  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, into ranges: inout [Range], budget: inout Int
  ) {
    var start = 0
    while start < bytes.count, budget > 0 {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
      if end > start {
        budget -= 1
        if let range = element(bytes, start..<end) { ranges.append(range) }
      }
      start = end + 1
    }
  }

  /// `type/subtype` (lowercased) and its q from `;q=` (1 when absent or unreadable); nil for an
  /// element that names no media range.
  private static func element(_ bytes: UnsafeBufferPointer<UInt8>, _ element: Swift.Range<Int>)
    -> Range?
  {
    var pieces: [Swift.Range<Int>] = []
    var start = element.lowerBound
    for i in element where bytes[i] == UInt8(ascii: ";") {
      pieces.append(start..<i)
      start = i + 1
    }
    pieces.append(start..<element.upperBound)
    let media = trimmed(bytes, pieces[0])
    guard let slash = media.first(where: { bytes[$0] == UInt8(ascii: "/") }),
      slash > media.lowerBound, slash + 1 < media.upperBound
    else { return nil }
    var q = 1.0
    for parameter in pieces.dropFirst() {
      guard let equals = parameter.first(where: { bytes[$0] == UInt8(ascii: "=") }) else {
        continue
      }
      let name = trimmed(bytes, parameter.lowerBound..<equals)
      guard name.count == 1, bytes[name.lowerBound] | 0x20 == UInt8(ascii: "q") else { continue }
      q = Double(text(bytes, trimmed(bytes, (equals + 1)..<parameter.upperBound))) ?? 1
    }
    return Range(
      type: Substring(text(bytes, media.lowerBound..<slash, lowercased: true)),
      subtype: Substring(text(bytes, (slash + 1)..<media.upperBound, lowercased: true)), q: q)
  }

  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Swift.Range<Int>)
    -> Swift.Range<Int>
  {
    func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  private static func text(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Swift.Range<Int>, lowercased: Bool = false
  ) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    guard lowercased, slice.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    else { return String(decoding: slice, as: UTF8.self) }
    return String(
      decoding: slice.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
      as: UTF8.self)
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
