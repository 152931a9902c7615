/// The order in which a cascade starts unmatched elements (docs/STYLES.md "hero": Cascade).
public enum CascadeDirection: String, Sendable, Hashable, CaseIterable {
  case topToBottom, bottomToTop, leftToRight, rightToLeft, leading, trailing, radial,
    inverseRadial

  /// The ranks (from 0) of `frames`, listed in layer order: ascending by this direction's key,
  /// ties kept in layer order.
  public func ranks(of frames: [Rect], center: Point, layout: LayoutDirection) -> [Int] {
    let keys = frames.map { key($0, center: center, layout: layout) }
    let order = frames.indices.sorted { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
    var ranks = [Int](repeating: 0, count: frames.count)
    for (rank, index) in order.enumerated() { ranks[index] = rank }
    return ranks
  }

  /// Ascending key; descending orders negate theirs.
  private func key(_ f: Rect, center: Point, layout: LayoutDirection) -> Double {
    switch self {
    case .topToBottom: f.y
    case .bottomToTop: -(f.y + f.height)
    case .leftToRight: f.x
    case .rightToLeft: -(f.x + f.width)
    case .leading:
      (layout == .ltr ? CascadeDirection.leftToRight : .rightToLeft).key(
        f, center: center, layout: layout)
    case .trailing:
      (layout == .ltr ? CascadeDirection.rightToLeft : .leftToRight).key(
        f, center: center, layout: layout)
    case .radial: hypot(f.center.x - center.x, f.center.y - center.y)
    case .inverseRadial: -hypot(f.center.x - center.x, f.center.y - center.y)
    }
  }
}
