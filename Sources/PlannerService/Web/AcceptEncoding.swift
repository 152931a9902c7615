/// What an `Accept-Encoding` header admits of the codings the service writes (RFC 9110
/// 12.5.3): `gzip` (`x-gzip` is the same) and `identity`, each with its q-value.
///
/// - No header: identity (any coding would do; the body is sent as it is, as servers do).
/// - A coding not listed is not acceptable, unless `*` gives it a q; `identity` is acceptable
///   unless `identity;q=0`, or `*;q=0` without `identity`, excludes it, and when the header
///   does not name it (nor `*`) it comes after every coding named: `gzip;q=0.5` asks for gzip.
///   An empty header admits identity only.
/// - Like `Accept`, only the first ``maximumElements`` elements are read (the head is read on
///   the event loop).
struct AcceptEncoding: Equatable {
  /// The q-values: 0 for a coding the header excludes.
  var gzip: Double
  var identity: Double

  static let maximumElements = 64

  /// Nothing said: identity.
  static let absent = AcceptEncoding(gzip: 0, identity: 1)

  init(gzip: Double, identity: Double) {
    self.gzip = gzip
    self.identity = identity
  }

  init(_ headers: [String]) {
    guard !headers.isEmpty else {
      self = .absent
      return
    }
    var gzip: Double?
    var identity: Double?
    var star: Double?
    var budget = Self.maximumElements
    for header in headers where budget > 0 {
      // Element by element, stopping at the budget: a 14 KB header of a thousand elements is
      // not split whole on the event loop.
      let bytes = Substring(header).utf8
      var start = bytes.startIndex
      while start < bytes.endIndex, budget > 0 {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
        let element = bytes[start..<end]
        start = end < bytes.endIndex ? bytes.index(after: end) : end
        guard !element.isEmpty else { continue }
        budget -= 1
        guard let (name, q) = Self.element(element) else { continue }
        // A coding named twice: the higher q (the most generous reading).
        switch name {
        case "gzip", "x-gzip": gzip = max(gzip ?? 0, q)
        case "identity": identity = max(identity ?? 0, q)
        case "*": star = max(star ?? 0, q)
        default: break
        }
      }
    }
    self.gzip = gzip ?? star ?? 0
    self.identity = identity ?? star ?? Self.unnamedIdentity
  }

  /// Identity's q when the header names neither it nor `*`: acceptable, below any q a header
  /// can write (three decimals).
  static let unnamedIdentity = 0.0001

  /// The coding name (lowercased) and its q (1 when absent or unreadable, clamped to [0, 1]).
  private static func element(_ bytes: Substring.UTF8View.SubSequence) -> (String, Double)? {
    let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    let name = trimmed(parts[0]).lowercased()
    guard !name.isEmpty else { return nil }
    var q = 1.0
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1)
      guard pair.count == 2, trimmed(pair[0]).lowercased() == "q" else { continue }
      q = qvalue(trimmed(pair[1])) ?? 1
    }
    return (name, q)
  }

  /// RFC 9110 12.4.2's `qvalue`: `0` or `1` with at most three decimals (`1` only with zeros);
  /// nil for anything else (`nan`, `inf`, `1e-3`, `0x1p-2`, `1.5`).
  static func qvalue(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1")
    else { return nil }
    guard bytes.count > 1 else { return first == UInt8(ascii: "1") ? 1 : 0 }
    let decimals = bytes.dropFirst(2)
    guard bytes[1] == UInt8(ascii: "."), decimals.count <= 3,
      decimals.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      first == UInt8(ascii: "0") || decimals.allSatisfy({ $0 == UInt8(ascii: "0") })
    else { return nil }
    return Double(text)
  }

  private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> String {
    var lower = bytes.startIndex
    var upper = bytes.endIndex
    func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
    while lower < upper, isSpace(bytes[lower]) { lower = bytes.index(after: lower) }
    while upper > lower, isSpace(bytes[bytes.index(before: upper)]) {
      upper = bytes.index(before: upper)
    }
    return String(Substring(bytes[lower..<upper]))
  }

  /// Whether some coding the service writes is acceptable (else 406).
  var admitsAny: Bool { gzip > 0 || identity > 0 }

  /// Whether a body of at least ``ContentCoding/minimumBytes`` goes out gzip-coded: the only
  /// bodies whose gzip form is cached.
  var prefersGzip: Bool { gzip > 0 && gzip >= identity }

  /// The coding for a body of `size` bytes: gzip when the header prefers it (or ties) and the
  /// body is at least ``ContentCoding/minimumBytes``, or when identity is excluded; else
  /// identity.
  func coding(forSize size: Int) -> ContentCoding {
    if gzip > 0, identity == 0 { return .gzip }
    if gzip > 0, gzip >= identity, size >= ContentCoding.minimumBytes { return .gzip }
    return .identity
  }
}

/// The content coding of an answer (RFC 9110 8.4.1).
public enum ContentCoding: String, Sendable {
  case identity
  case gzip

  /// Bodies below this are sent as they are when identity is acceptable: gzip's 18 bytes of
  /// framing and a Huffman table cost more than they save on short JSON, and a problem+json or
  /// a health answer is a few hundred bytes.
  public static let minimumBytes = 1024

  /// libdeflate's level for answers in `format`: 1, except 3 for SVG. Plans are compressed on
  /// every miss, so the level is paid by every varying request: level 1 takes 2-3 µs per KiB
  /// against 6-9 at level 6, for 5-12 % more bytes (6.2x against 6.9x for the example plans'
  /// JSON); an SVG filmstrip gains 15 % from level 3 at 4.5 µs per KiB. zlib is slower and
  /// larger at every level (docs/PERFORMANCE.md "Content coding", scripts/bench/compression.py).
  static func gzipLevel(_ format: ExportFormat) -> Int { format == .svg ? 3 : 1 }
}
