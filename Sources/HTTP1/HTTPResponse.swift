import JSON

/// A response from the application. The server adds `Date`, `Content-Length`, `Connection` and
/// `X-Request-ID`, and drops the body for HEAD, 1xx, 204 and 304.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: HTTPHeaders
  public var body: [UInt8]

  public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public init(status: Int, contentType: String, body: String) {
    self.init(status: status, headers: ["Content-Type": contentType], body: Array(body.utf8))
  }

  /// An RFC 9457 problem document (docs/API.md "Errors") for the server's own refusals, of
  /// the type ``Problem/standardType(for:)`` names unless `type` is given.
  public static func problem(
    status: Int, detail: String, type: String? = nil, title: String? = nil,
    headers: HTTPHeaders = HTTPHeaders()
  ) -> HTTPResponse {
    let document = Problem(
      status: status, type: type ?? Problem.standardType(for: status),
      title: title ?? HTTPStatus.reasonPhrase(for: status), detail: detail)
    var headers = headers
    headers.replaceOrAdd(name: "Content-Type", value: Problem.contentType)
    return HTTPResponse(status: status, headers: headers, body: document.encoded())
  }
}
