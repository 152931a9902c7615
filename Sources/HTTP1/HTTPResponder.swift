/// The one seam between the server and an application (docs/ARCHITECTURE.md "The seam").
///
/// The server asks once per request head, on the event loop, and the verdict travels with the
/// request: refuse now (the body is not read), or accept with a ``HTTPBodyResponder`` that
/// gets the complete request. That responder answers either now (cheap work: a cache hit, a
/// health check, a refusal; it runs on the event loop) or later (a closure the server runs on
/// its worker pool, so that slow work never delays other connections).
public protocol HTTPResponder: Sendable {
  /// Must be quick and never block: it runs on the event loop.
  func judge(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HTTPHeadVerdict

  /// The response for an answer the server made itself (a framing error, a time-out, a 503):
  /// the application words it (a problem document here) and adds the headers every answer of
  /// its carries (`Vary`, CORS for an allowed `origin`). Called on the event loop.
  func serverResponse(_ problem: HTTPServerProblem, origin: String?) -> HTTPResponse
}

extension HTTPResponder {
  public func serverResponse(_ problem: HTTPServerProblem, origin: String?) -> HTTPResponse {
    problem.plainResponse
  }
}

/// What the server knows of a head beyond its bytes.
public struct HTTPHeadContext: Sendable {
  /// The server's 413 for a declared body over its limit (the rule and its message live in
  /// the server's limits); the application places it in its own order of refusals. A head
  /// accepted in spite of it is refused with it all the same.
  public var bodyTooLarge: HTTPServerProblem?
  /// The server's request-target limit: a URL the application names (`Content-Location`) is
  /// one the server would take only within it.
  public var maximumTargetBytes: Int

  public init(
    bodyTooLarge: HTTPServerProblem? = nil,
    maximumTargetBytes: Int = HTTPParserLimits().maximumTargetBytes
  ) {
    self.bodyTooLarge = bodyTooLarge
    self.maximumTargetBytes = maximumTargetBytes
  }

  /// What `limits` say of `head`.
  public init(_ head: HTTPRequestHead, limits: HTTPParserLimits) {
    bodyTooLarge = limits.refusal(for: head).map(HTTPServerProblem.init)
    maximumTargetBytes = limits.maximumTargetBytes
  }
}

public enum HTTPHeadVerdict: Sendable {
  /// Answer without reading the body; when a body follows, the connection closes after it.
  case refuse(HTTPResponse)
  /// Read the body (sending `100 Continue` when asked for), then answer with this.
  case accept(HTTPBodyResponder)
}

/// Answers a complete request whose head was accepted. Runs on the event loop.
public typealias HTTPBodyResponder = @Sendable (HTTPRequest) -> HTTPAnswer

public enum HTTPAnswer: Sendable {
  /// The response, computed on the event loop.
  case now(HTTPResponse)
  /// Work for the server's workers (503 with `Retry-After` when their queue is full).
  case later(@Sendable () -> HTTPResponse)
}

/// A responder made of closures (tests, small tools): `head` may refuse a head; every other
/// head is accepted, its body read and `handler` run on the workers.
public struct ClosureResponder: HTTPResponder {
  let head: @Sendable (HTTPRequestHead) -> HTTPResponse?
  let handler: @Sendable (HTTPRequest) -> HTTPResponse

  public init(
    head: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse? = { _ in nil },
    _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.head = head
    self.handler = handler
  }

  public func judge(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HTTPHeadVerdict {
    if let refusal = self.head(head)
      ?? context.bodyTooLarge.map({ serverResponse($0, origin: nil) })
    {
      return .refuse(refusal)
    }
    let handler = handler
    return .accept { request in .later { handler(request) } }
  }
}

/// A responder driven as a server drives it, in the caller, without sockets (tests,
/// benchmarks, tools).
extension HTTPResponder {
  /// The verdict on `head`, with the server's 413 for `limits`.
  public func verdict(for head: HTTPRequestHead, limits: HTTPParserLimits = .init())
    -> HTTPHeadVerdict
  {
    judge(head, HTTPHeadContext(head, limits: limits))
  }

  /// The answer the event loop sends at once, or nil when the work would go to a worker.
  public func immediateResponse(to request: HTTPRequest, limits: HTTPParserLimits = .init())
    -> HTTPResponse?
  {
    switch verdict(for: request.head, limits: limits) {
    case .refuse(let response): return response
    case .accept(let responder):
      if case .now(let response) = responder(request) { return response }
      return nil
    }
  }

  /// The whole answer, the workers' part run here.
  public func response(to request: HTTPRequest, limits: HTTPParserLimits = .init())
    -> HTTPResponse
  {
    switch verdict(for: request.head, limits: limits) {
    case .refuse(let response): return response
    case .accept(let responder):
      switch responder(request) {
      case .now(let response): return response
      case .later(let work): return work()
      }
    }
  }
}
