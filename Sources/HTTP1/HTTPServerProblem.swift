/// An answer the server makes itself (a framing error, a time-out, a refusal for capacity):
/// its status, what went wrong, and headers such as `Retry-After`. The application turns it
/// into its response through ``HTTPResponder/serverResponse(_:origin:)`` (a problem document
/// in this service), so this target knows no API vocabulary.
public struct HTTPServerProblem: Sendable, Equatable {
  public var status: Int
  /// Safe to show the client (``HTTPParseError/reason`` and the server's own sentences).
  public var detail: String
  public var headers: HTTPHeaders

  public init(status: Int, detail: String, headers: HTTPHeaders = HTTPHeaders()) {
    self.status = status
    self.detail = detail
    self.headers = headers
  }

  public init(_ error: HTTPParseError) {
    self.init(status: error.status, detail: error.reason)
  }

  /// The answer without an application to word it: the detail as plain text.
  public var plainResponse: HTTPResponse {
    var headers = headers
    headers.replaceOrAdd(name: "Content-Type", value: "text/plain; charset=utf-8")
    return HTTPResponse(status: status, headers: headers, body: Array(detail.utf8))
  }
}
