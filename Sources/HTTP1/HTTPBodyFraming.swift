/// How the body of a request is delimited (RFC 9112 section 6.3).
///
/// Decided once from the head so the server can, for instance, refuse a too-large
/// `Content-Length` before reading a single body byte.
public enum HTTPBodyFraming: Sendable, Equatable, Hashable {
  /// No `Content-Length` and no `Transfer-Encoding`: a request without a body.
  case none
  /// `Content-Length: n`. A value too large for `Int` is clamped to `Int.max` (it is over any
  /// body limit anyway, and the application decides 404/405 before 413).
  case contentLength(Int)
  /// `Transfer-Encoding: chunked` (the only coding this parser removes).
  case chunked

  /// True when body bytes may follow the head.
  public var hasBody: Bool {
    switch self {
    case .none: return false
    case .contentLength(let n): return n > 0
    case .chunked: return true
    }
  }
}
