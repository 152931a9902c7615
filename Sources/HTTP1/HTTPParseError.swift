/// A request the parser refuses, carrying the status to answer with.
///
/// After any parse error the byte stream can no longer be trusted to be in sync (request
/// smuggling), so the server answers this status with `Connection: close` and closes.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One of 400, 413, 414, 431, 501, 505.
  public var status: Int
  /// A human readable message saying what was wrong, safe to echo in a problem `detail`.
  public var reason: String

  public init(status: Int, reason: String) {
    self.status = status
    self.reason = reason
  }

  public var description: String { "\(status): \(reason)" }

  static func badRequest(_ reason: String) -> HTTPParseError {
    HTTPParseError(status: 400, reason: reason)
  }
}
