import HTTP1
import PlannerService

/// The application driven as the server drives it, without sockets: the head judged with the
/// server's default limits (``HTTPResponder/verdict(for:limits:)``), the body's answer taken
/// now (``HTTPResponder/immediateResponse(to:limits:)``) or, for `handle`, run at once.
extension PlannerApp {
  /// The verdict's refusal, or nil when the head is accepted and its body is to be read.
  func refusal(for head: HTTPRequestHead) -> HTTPResponse? {
    if case .refuse(let response) = verdict(for: head) { return response }
    return nil
  }

  /// The whole answer, worker part included, under the server's `limits`.
  func handle(_ request: HTTPRequest, limits: HTTPParserLimits = .init()) -> HTTPResponse {
    response(to: request, limits: limits)
  }

  /// One request through `handle`: a body is sent with its Content-Length.
  func handle(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String? = nil,
    limits: HTTPParserLimits = .init()
  ) -> HTTPResponse {
    let bytes = body.map { Array($0.utf8) } ?? []
    return handle(
      HTTPRequest(
        head: HTTPRequestHead(
          method: method, target: target, headers: HTTPHeaders(headers),
          framing: body.map { _ in .contentLength(bytes.count) } ?? .none),
        body: bytes), limits: limits)
  }
}
