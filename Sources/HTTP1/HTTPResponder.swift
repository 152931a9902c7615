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
