import HTTP1
import PlannerService

extension PlannerApp {
  /// One request through `handle`, without sockets: a body is sent with its Content-Length.
  func handle(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String? = nil
  ) -> HTTPResponse {
    let bytes = body.map { Array($0.utf8) } ?? []
    return handle(
      HTTPRequest(
        head: HTTPRequestHead(
          method: method, target: target, headers: HTTPHeaders(headers),
          framing: body.map { _ in .contentLength(bytes.count) } ?? .none),
        body: bytes))
  }
}
