/// The two HTTP versions this server speaks on the wire (RFC 9112 section 2.3).
///
/// Anything else that still looks like an HTTP-version (`HTTP/2.0`, `HTTP/0.9`) is answered 505;
/// anything that does not is a malformed request line (400).
public enum HTTPVersion: Sendable, Equatable, Hashable, CustomStringConvertible {
  case http10
  case http11

  public var description: String {
    switch self {
    case .http10: return "HTTP/1.0"
    case .http11: return "HTTP/1.1"
    }
  }
}
