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
