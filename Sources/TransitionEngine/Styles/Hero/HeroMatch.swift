/// The elements of two screens matched by id (compared by UTF-8 bytes, so two ids that are
/// canonically equivalent Unicode but spelled differently stay apart).
struct HeroMatch {
  /// Indices into `from` and `to`, in `to` order.
  var pairs: [(from: Int, to: Int)] = []
  /// Indices into `from` of elements only there.
  var exits: [Int] = []
  /// Indices into `to` of elements only there.
  var entries: [Int] = []
  /// For each `from` element, its pair's `to` index (nil for an exit).
  var partnerOfFrom: [Int?]

  init(from: [HeroElement], to: [HeroElement]) {
    var fromIndex: [[UInt8]: Int] = [:]
    fromIndex.reserveCapacity(from.count)
    for (i, e) in from.enumerated() { fromIndex[Array(e.id.utf8)] = i }
    partnerOfFrom = Array(repeating: nil, count: from.count)
    for (j, e) in to.enumerated() {
      if let i = fromIndex[Array(e.id.utf8)] {
        pairs.append((i, j))
        partnerOfFrom[i] = j
      } else {
        entries.append(j)
      }
    }
    exits = from.indices.filter { partnerOfFrom[$0] == nil }
  }
}
