/// Answers a complete request whose head was accepted. Runs on the event loop.
public typealias HTTPBodyResponder = @Sendable (HTTPRequest) -> HTTPAnswer

public enum HTTPAnswer: Sendable {
  /// The response, computed on the event loop.
  case now(HTTPResponse)
  /// Work for the server's workers (503 with `Retry-After` when their queue is full).
  case later(@Sendable () -> HTTPResponse)
}
