/// The first item of a list that holds each identifier, identifiers compared by their UTF-8
/// bytes (not by Unicode equivalence, as `String ==` would): an open-addressed table of the
/// identifiers seen, two arrays for a list. A dictionary keyed by each identifier's bytes as
/// an array cost an array per item and a table grown by doublings (about 60k instructions of
/// the 10-pair hero request's decoding: docs/PERFORMANCE.md, issue 36).
struct FirstItemByBytes {
  private var keys: [(text: String, item: Int)] = []
  /// 0 for an empty slot, else the position in `keys` plus one.
  private var slots: [Int]
  private let mask: Int

  /// A table for up to `capacity` identifiers (at most half full, so a probe ends soon).
  init(capacity: Int) {
    var size = 8
    while size < 2 * capacity { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size - 1
    keys.reserveCapacity(capacity)
  }

  /// The earlier item whose identifier has `key`'s bytes; nil when none had (then `item` is
  /// recorded as the first with them).
  mutating func earlier(_ key: String, item: Int) -> Int? {
    let bytes = key.utf8.span
    // FNV-1a over the bytes.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for k in 0..<bytes.count { hash = (hash ^ UInt64(bytes[k])) &* 0x100_0000_01b3 }
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
    while slots[slot] != 0 {
      let entry = keys[slots[slot] - 1]
      if Self.sameBytes(entry.text, bytes) { return entry.item }
      slot = (slot + 1) & mask
    }
    keys.append((key, item))
    slots[slot] = keys.count
    return nil
  }

  private static func sameBytes(_ text: String, _ bytes: Span<UInt8>) -> Bool {
    let other = text.utf8.span
    guard other.count == bytes.count else { return false }
    for k in 0..<bytes.count where other[k] != bytes[k] { return false }
    return true
  }
}
