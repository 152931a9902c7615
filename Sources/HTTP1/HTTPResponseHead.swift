/// Status line and header fields of a response, before the writer adds `Date`,
/// `Content-Length` and `Connection`.
public struct HTTPResponseHead: Sendable, Equatable {
  public var status: Int
  public var reason: String
  public var headers: HTTPHeaders

  public init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
    self.status = status
    self.reason = reason ?? HTTPStatus.reasonPhrase(for: status)
    self.headers = headers
  }
}
