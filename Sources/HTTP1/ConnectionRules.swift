/// The numbers the HTTP/1.1 connection rules depend on (docs/HTTP.md "Limits" and "Time-outs").
/// Times are in seconds.
public struct ConnectionRules: Sendable {
  public var parserLimits = HTTPParserLimits()
  /// Fresh connection or between requests, until a request's first byte: close quietly.
  public var idleTimeout: Double = 60
  /// Whole head once its first byte arrived (slowloris): 408 and close.
  public var headTimeout: Double = 10
  /// Between body bytes: 408 and close.
  public var bodyTimeout: Double = 10
  /// A client that takes none of our output for this long is disconnected.
  public var writeTimeout: Double = 30
  /// After a response with `Connection: close`, how long unread request bytes are drained so
  /// the kernel does not reset the connection before the client has read the response.
  public var lingerTimeout: Double = 2
  /// Requests received but not yet answered; at the cap no further request is read.
  public var maxPipelinedRequests: Int = 16
  /// Unsent response bytes before reading is paused.
  public var maxPendingOutputBytes: Int = 1 << 20
  /// While output waits for the peer, how often to check that the peer still exists.
  public var peerProbeInterval: Double = 0.25

  public init() {}

  /// How many unread bytes lingering may throw away before it gives up and closes.
  public var lingerDiscardLimit: Int { 4 * parserLimits.maxBodyBytes + (1 << 20) }
}

extension HTTPParserLimits {
  /// The one 413 rule: a body over ``maxBodyBytes``, known from `Content-Length` (`length`) or
  /// found while reading a chunked body (nil).
  public func bodyTooLarge(length: Int?) -> HTTPParseError {
    let detail =
      length.map { "the body is \($0) bytes; the limit is \(maxBodyBytes)" }
      ?? "the body is larger than the limit of \(maxBodyBytes) bytes"
    return HTTPParseError(status: 413, reason: detail)
  }

  /// ``bodyTooLarge(length:)`` when the head declares a body over the limit.
  public func refusal(for head: HTTPRequestHead) -> HTTPParseError? {
    if case .contentLength(let n) = head.framing, n > maxBodyBytes {
      return bodyTooLarge(length: n)
    }
    return nil
  }
}
