/// The first item of a list that holds each identifier, identifiers compared by their UTF-8
/// bytes (not by Unicode equivalence, as `String ==` would). Keyed by the string itself with
/// byte equality and hashing: a dictionary keyed by each identifier's bytes as an array cost an
/// array per item (docs/PERFORMANCE.md, issue 36).
struct FirstItemByBytes {
  /// A string hashed and compared by its UTF-8 bytes.
  private struct Key: Hashable {
    let text: String
    static func == (a: Key, b: Key) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
    func hash(into hasher: inout Hasher) {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }

  private var first: [Key: Int]

  init(capacity: Int) { first = Dictionary(minimumCapacity: capacity) }

  /// The earlier item whose identifier has `key`'s bytes; nil when none had (then `item` is
  /// recorded as the first with them).
  mutating func earlier(_ key: String, item: Int) -> Int? {
    let key = Key(text: key)
    if let earlier = first[key] { return earlier }
    first[key] = item
    return nil
  }
}
