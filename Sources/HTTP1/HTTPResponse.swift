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
}
