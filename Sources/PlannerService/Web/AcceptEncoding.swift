/// What an `Accept-Encoding` header admits of the codings the service writes (RFC 9110
/// 12.5.3): `gzip` (`x-gzip` is the same) and `identity`, each with its q-value.
///
/// - No header: identity (any coding would do; the body is sent as it is, as servers do).
/// - A coding not listed is not acceptable, unless `*` gives it a q; `identity` is acceptable
///   unless `identity;q=0`, or `*;q=0` without `identity`, excludes it, and when the header
///   does not name it (nor `*`) it comes after every coding named: `gzip;q=0.5` asks for gzip.
///   An empty header admits identity only.
/// - The grammar, the q rule and the bound are `Accept`'s (``WeightedList``): past the bound
///   the header is disregarded and the answer is identity.
struct AcceptEncoding: Equatable {
  /// The q-values: 0 for a coding the header excludes.
  var gzip: Double
  var identity: Double

  /// Nothing said: identity.
  static let absent = AcceptEncoding(gzip: 0, identity: 1)

  init(gzip: Double, identity: Double) {
    self.gzip = gzip
    self.identity = identity
  }

  /// Read through the one list grammar (``WeightedList``); a field past its bound is
  /// disregarded, as if absent.
  init(_ headers: [String]) {
    guard let list = WeightedList(headers) else {
      self = .absent
      return
    }
    var gzip: Double?
    var identity: Double?
    var star: Double?
    for element in list.elements {
      // A coding named twice: the higher q (the most generous reading).
      switch element.value {
      case "gzip", "x-gzip": gzip = max(gzip ?? 0, element.q)
      case "identity": identity = max(identity ?? 0, element.q)
      case "*": star = max(star ?? 0, element.q)
      default: break
      }
    }
    self.gzip = gzip ?? star ?? 0
    self.identity = identity ?? star ?? Self.unnamedIdentity
  }

  /// Identity's q when the header names neither it nor `*`: acceptable, below any q a header
  /// can write (three decimals).
  static let unnamedIdentity = 0.0001

  /// Whether some coding the service writes is acceptable (else 406).
  var admitsAny: Bool { gzip > 0 || identity > 0 }

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
