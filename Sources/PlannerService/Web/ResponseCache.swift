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

  struct State {
    var entries: [[UInt8]: Entry] = [:]
    var order: [[UInt8]] = []
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

  public func get(_ key: [UInt8]) -> Entry? {
    guard maximumEntries > 0 else { return nil }
    return state.withLock { $0.entries[key] }
  }

  public func put(_ key: [UInt8], _ entry: Entry) {
    let size = entry.body.count + key.count
    guard maximumEntries > 0, size <= maximumBytes else { return }
    state.withLock { s in
      guard s.entries[key] == nil else { return }
      while s.entries.count >= maximumEntries || s.bytes + size > maximumBytes,
        s.head < s.order.count
      {
        let old = s.order[s.head]
        s.head += 1
        if let e = s.entries.removeValue(forKey: old) { s.bytes -= e.body.count + old.count }
      }
      if s.head > 1024 && s.head * 2 > s.order.count {
        s.order.removeFirst(s.head)
        s.head = 0
      }
      s.entries[key] = entry
      s.order.append(key)
      s.bytes += size
    }
  }

  public var count: Int { state.withLock { $0.entries.count } }
}
