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
  /// A whole body, from its head: 408 and close. One byte every few seconds restarts the time
  /// between bytes, but not this: a body cannot be held open for ever.
  public var bodyDeadline: Double = 60
  /// A client that takes none of our output for this long is disconnected.
  public var writeTimeout: Double = 30
  /// After a response with `Connection: close`, how long unread request bytes are drained so
  /// the kernel does not reset the connection before the client has read the response.
  public var lingerTimeout: Double = 2
  /// Requests received but not yet answered; at the cap no further request is read.
  public var maximumPipelinedRequests: Int = 16
  /// Unsent response bytes (written but not yet taken by the peer, and computed but waiting
  /// behind an earlier answer) before reading is paused.
  public var maximumPendingOutputBytes: Int = 1 << 20
  /// Requests of one connection being answered at once. A pipelined request is handed over
  /// only when the ones before it are answered (SwiftNIO's pipelining handler and h11 do the
  /// same): a client that pipelines and never reads can make the server hold one answer, not
  /// sixteen.
  public var maximumRequestsInFlight: Int = 1
  /// While output waits for the peer, it must take at least this many bytes per write time-out
  /// window (nginx's `send_timeout` idea, with a rate): a reader that takes a trickle is cut off
  /// at the end of the window instead of pinning its answer for as long as it likes.
  public var minimumSendBytesPerWindow: Int = 64 << 10
  /// While output waits for the peer, how often to check that the peer still exists.
  public var peerProbeInterval: Double = 0.25
  /// Request body bytes all connections of the server together may hold while bodies arrive;
  /// the request whose bytes tip it over is answered 503 and its connection closed.
  public var maximumBufferedBodyBytes: Int = 32 << 20
  /// `Retry-After` seconds sent with the server's 503s.
  public var retryAfterSeconds: Int = 1

  public init() {}

  /// How many unread bytes lingering may throw away before it gives up and closes.
  public var lingerDiscardLimit: Int { 4 * parserLimits.maximumBodyBytes + (1 << 20) }
}

extension HTTPParserLimits {
  /// The one 413 rule: a body over ``maximumBodyBytes``, known from `Content-Length` (`length`) or
  /// found while reading a chunked body (nil).
  public func bodyTooLarge(length: Int?) -> HTTPParseError {
    let detail =
      length.map { "the body is \($0) bytes; the limit is \(maximumBodyBytes)" }
      ?? "the body is larger than the limit of \(maximumBodyBytes) bytes"
    return HTTPParseError(status: 413, reason: detail)
  }

  /// ``bodyTooLarge(length:)`` when the head declares a body over the limit.
  public func refusal(for head: HTTPRequestHead) -> HTTPParseError? {
    if case .contentLength(let n) = head.framing, n > maximumBodyBytes {
      return bodyTooLarge(length: n)
    }
    return nil
  }
}
