import Synchronization

/// A bounded cache of encoded responses keyed by canonical request text. Plans are pure
/// functions of the request, so an entry never goes stale; the bounds only cap memory.
///
/// Eviction resists floods of requests that are never repeated (S3-FIFO, Yang et al., SOSP
/// 2023): a new entry first lives in a small probation queue (1/``probationShare`` of the
/// bytes); only one hit there, or a second request soon after it was dropped (remembered in a
/// ghost list of key hashes), moves it to the main queue, where an entry hit since it last came
/// round is kept for another round. With one FIFO a client sending distinct plans as fast as
/// they can be computed evicted every other client's hits (attack.py's slow-reader flood: 132
/// of 276 probe requests missed and were refused). Both queues are FIFO, so a hit only sets a
/// flag.
public final class ResponseCache: Sendable {
  public struct Entry: Sendable {
    public var body: [UInt8]
    public var etag: String
    /// The canonical `GET /v1/plans?request=...` URL, built once.
    public var contentLocation: String
    /// For metrics on hits.
    public var style: String
    public var operation: String
    /// The body's content coding (`Content-Encoding: gzip` for gzip).
    public var coding: ContentCoding
    /// The same answer gzip-coded, once a request took it (kept for bodies of at least
    /// ``ContentCoding/minimumBytes``): both codings are found by one look-up.
    public var gzipped: Gzipped?

    public struct Gzipped: Sendable {
      public var body: [UInt8]
      public var etag: String
    }

    /// The answer in `coding` (the gzip one only when ``gzipped`` holds it).
    public func coded(_ coding: ContentCoding) -> Entry? {
      guard coding == .gzip else { return self }
      guard let gzipped else { return nil }
      var entry = self
      entry.body = gzipped.body
      entry.etag = gzipped.etag
      entry.coding = .gzip
      entry.gzipped = nil
      return entry
    }

    public init(
      body: [UInt8], etag: String, contentLocation: String = "", style: String = "",
      operation: String = "", coding: ContentCoding = .identity
    ) {
      self.body = body
      self.etag = etag
      self.contentLocation = contentLocation
      self.style = style
      self.operation = operation
      self.coding = coding
    }
  }

  /// The key bytes with their ``StableHash``, computed once outside the lock: the dictionary
  /// then hashes 8 bytes instead of feeding `Hasher` a few hundred, one at a time.
  struct Key: Hashable {
    let bytes: [UInt8]
    let digest: UInt64

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      digest = StableHash.of(bytes)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (a: Key, b: Key) -> Bool { a.digest == b.digest && a.bytes == b.bytes }
  }

  struct Slot {
    var entry: Entry
    /// Body and key bytes, as counted against the budget.
    var size: Int
    /// Asked for since it entered its queue or last came round in the main one.
    var hit = false
  }

  struct State {
    var slots: [Key: Slot] = [:]
    var probation = KeyQueue<Key>()
    var main = KeyQueue<Key>()
    var ghosts = GhostList()
    var bytes: Int { probation.bytes + main.bytes }

    /// S3-FIFO's eviction, until `size` more bytes fit (and, for a new entry, one more entry): a probation entry hit since it came in moves to the
    /// main queue, a main entry hit since it last came round goes round again, others go (a
    /// probation one into the ghost list).
    mutating func evict(
      room size: Int, newEntry: Bool, maximumEntries: Int, maximumBytes: Int, probationBytes: Int
    ) -> [Entry] {
      var evicted: [Entry] = []
      while (newEntry && slots.count >= maximumEntries) || bytes + size > maximumBytes {
        let fromProbation = !probation.isEmpty && (probation.bytes > probationBytes || main.isEmpty)
        if fromProbation {
          let (old, oldSize) = probation.pop()!
          if slots[old]!.hit {
            slots[old]!.hit = false
            main.push(old, size: oldSize)
          } else {
            evicted.append(slots.removeValue(forKey: old)!.entry)
            ghosts.remember(old.digest)
          }
        } else if let (old, oldSize) = main.pop() {
          if slots[old]!.hit {
            slots[old]!.hit = false
            main.push(old, size: oldSize)
          } else {
            evicted.append(slots.removeValue(forKey: old)!.entry)
          }
        } else {
          break
        }
      }
      return evicted
    }
  }

  public let maximumEntries: Int
  public let maximumBytes: Int
  private let state: Mutex<State>

  public init(maximumEntries: Int = 4096, maximumBytes: Int = 64 << 20) {
    self.maximumEntries = maximumEntries
    self.maximumBytes = maximumBytes
    state = Mutex(State(ghosts: GhostList(capacity: maximumEntries)))
  }

  public func get(_ bytes: [UInt8]) -> Entry? {
    guard maximumEntries > 0 else { return nil }
    let key = Key(bytes)
    return state.withLock { s -> Entry? in
      guard let i = s.slots.index(forKey: key) else { return nil }
      if !s.slots.values[i].hit { s.slots.values[i].hit = true }
      return s.slots.values[i].entry
    }
  }

  /// No entry larger than this share of the byte budget is admitted: five 13 MB plans (2 KB of
  /// requests) would otherwise flush every other client's hits from a 64 MiB cache.
  public static let largestShare = 16

  /// The probation queue's share of the byte budget (S3-FIFO's 10 %); larger than the largest
  /// entry, so any admitted entry fits in it.
  public static let probationShare = 10

  /// The largest entry admitted (body and key): 1/``largestShare`` of the byte budget.
  public var largestEntryBytes: Int { maximumBytes / Self.largestShare }

  public func put(_ bytes: [UInt8], _ entry: Entry) {
    let size = entry.body.count + (entry.gzipped?.body.count ?? 0) + bytes.count
    guard maximumEntries > 0, size <= largestEntryBytes else { return }
    let key = Key(bytes)
    let probationBytes = maximumBytes / Self.probationShare
    // Evicted entries are released after the lock: freeing their bodies (tens of KB each)
    // inside it made the event loops and workers wait for each other.
    let evicted = state.withLock { s -> [Entry] in
      if s.slots[key] != nil {
        // The same answer with its other coding added: it keeps its place in its queue, which
        // counts the new size.
        if !s.probation.resize(key, to: size) { _ = s.main.resize(key, to: size) }
        s.slots[key]!.entry = entry
        s.slots[key]!.size = size
        return s.evict(
          room: 0, newEntry: false, maximumEntries: maximumEntries, maximumBytes: maximumBytes,
          probationBytes: probationBytes)
      }
      let evicted = s.evict(
        room: size, newEntry: true, maximumEntries: maximumEntries, maximumBytes: maximumBytes,
        probationBytes: probationBytes)
      s.slots[key] = Slot(entry: entry, size: size)
      if s.ghosts.forget(key.digest) {
        s.main.push(key, size: size)
      } else {
        s.probation.push(key, size: size)
      }
      return evicted
    }
    withExtendedLifetime(evicted) {}
  }

  public var count: Int { state.withLock { $0.slots.count } }

  /// Bytes held (bodies and keys), at most ``maximumBytes``.
  public var bytes: Int { state.withLock { $0.bytes } }
}
