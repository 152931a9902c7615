/// A FIFO of cache keys with the bytes they stand for: an array read from a moving head,
/// compacted once the consumed half is large, so pushes and pops are amortised O(1).
struct KeyQueue<Key> {
  private var items: [(key: Key, size: Int)] = []
  private var head = 0
  private(set) var bytes = 0

  var isEmpty: Bool { head == items.count }
  var count: Int { items.count - head }

  mutating func push(_ key: Key, size: Int) {
    items.append((key, size))
    bytes += size
  }

  mutating func pop() -> (Key, Int)? {
    guard head < items.count else { return nil }
    let item = items[head]
    head += 1
    bytes -= item.size
    if head > 1024 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return (item.key, item.size)
  }

  /// Gives a queued key its new size (an entry that gained its other coding); false when the
  /// key is not in this queue. Linear, and rare: once per answer and coding.
  mutating func resize(_ key: Key, to size: Int) -> Bool where Key: Equatable {
    for i in head..<items.count where items[i].key == key {
      bytes += size - items[i].size
      items[i].size = size
      return true
    }
    return false
  }
}
