import Synchronization

/// A bounded cache of encoded responses keyed by canonical request text. Plans are pure
/// functions of the request, so an entry never goes stale; the bounds only cap memory. When
/// full, the oldest entries go first (FIFO: cheap, and repeats that matter are recent).
public final class ResponseCache: Sendable {
  public struct Entry: Sendable {
    public var body: [UInt8]
    public var etag: String
    /// The canonical `GET /v1/plans?request=...` URL, built once.
    public var contentLocation: String
    /// For metrics on hits.
    public var style: String
    public var operation: String

    public init(
      body: [UInt8], etag: String, contentLocation: String = "", style: String = "",
      operation: String = ""
    ) {
      self.body = body
      self.etag = etag
      self.contentLocation = contentLocation
      self.style = style
      self.operation = operation
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

  struct State {
    var entries: [Key: Entry] = [:]
    var order: [Key] = []
    var head = 0
    var bytes = 0
  }

  public let maximumEntries: Int
  public let maximumBytes: Int
  private let state = Mutex(State())

  public init(maximumEntries: Int = 4096, maximumBytes: Int = 64 << 20) {
    self.maximumEntries = maximumEntries
    self.maximumBytes = maximumBytes
  }

  public func get(_ bytes: [UInt8]) -> Entry? {
    guard maximumEntries > 0 else { return nil }
    let key = Key(bytes)
    return state.withLock { $0.entries[key] }
  }

  /// No entry larger than this share of the byte budget is admitted: five 13 MB plans (2 KB of
  /// requests) would otherwise flush every other client's hits from a 64 MiB cache.
  public static let largestShare = 16

  /// The largest entry admitted (body and key): 1/``largestShare`` of the byte budget.
  public var largestEntryBytes: Int { maximumBytes / Self.largestShare }

  public func put(_ bytes: [UInt8], _ entry: Entry) {
    let size = entry.body.count + bytes.count
    guard maximumEntries > 0, size <= largestEntryBytes else { return }
    let key = Key(bytes)
    // Evicted entries are released after the lock: freeing their bodies (tens of KB each)
    // inside it made the event loops and workers wait for each other.
    let evicted = state.withLock { s -> [Entry] in
      guard s.entries[key] == nil else { return [] }
      var evicted: [Entry] = []
      while s.entries.count >= maximumEntries || s.bytes + size > maximumBytes,
        s.head < s.order.count
      {
        let old = s.order[s.head]
        s.head += 1
        if let e = s.entries.removeValue(forKey: old) {
          s.bytes -= e.body.count + old.bytes.count
          evicted.append(e)
        }
      }
      if s.head > 1024 && s.head * 2 > s.order.count {
        s.order.removeFirst(s.head)
        s.head = 0
      }
      s.entries[key] = entry
      s.order.append(key)
      s.bytes += size
      return evicted
    }
    withExtendedLifetime(evicted) {}
  }

  public var count: Int { state.withLock { $0.entries.count } }
}
