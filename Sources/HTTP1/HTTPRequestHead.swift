/// A parsed and validated request head.
///
/// The parser derives `keepAlive`, `expectsContinue` and `framing` from the header fields once,
/// so the server and the application never re-interpret them differently (a classic source of
/// request smuggling).
public struct HTTPRequestHead: Sendable, Equatable {
  public var method: String
  /// The request-target exactly as received (origin-form, absolute-form, `*` or authority-form).
  public var target: String
  public var version: HTTPVersion
  public var headers: HTTPHeaders
  /// RFC 9112 section 9.3: HTTP/1.1 persists unless `Connection: close`; HTTP/1.0 only with
  /// `Connection: keep-alive`.
  public var keepAlive: Bool
  /// RFC 9110 section 10.1.1: `Expect: 100-continue` on an HTTP/1.1 request.
  public var expectsContinue: Bool
  public var framing: HTTPBodyFraming

  public init(
    method: String,
    target: String,
    version: HTTPVersion = .http11,
    headers: HTTPHeaders = HTTPHeaders(),
    keepAlive: Bool = true,
    expectsContinue: Bool = false,
    framing: HTTPBodyFraming = .none
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.keepAlive = keepAlive
    self.expectsContinue = expectsContinue
    self.framing = framing
  }

  /// The path part of an origin-form target (everything before `?`); for an absolute-form
  /// target, the path after the authority; `*` for the asterisk-form. Works on UTF-8 bytes
  /// (targets are ASCII) because routers call it for every request.
  public var path: Substring {
    let utf8 = target.utf8
    var start = utf8.startIndex
    if let first = utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*") {
      // absolute-form: skip "scheme://authority".
      if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
        var i = utf8.index(after: colon)
        var slashes = 0
        while i < utf8.endIndex, utf8[i] == UInt8(ascii: "/"), slashes < 2 {
          i = utf8.index(after: i)
          slashes += 1
        }
        while i < utf8.endIndex, utf8[i] != UInt8(ascii: "/"), utf8[i] != UInt8(ascii: "?") {
          i = utf8.index(after: i)
        }
        guard i < utf8.endIndex, utf8[i] == UInt8(ascii: "/") else { return "/" }
        start = i
      }
    }
    var end = start
    while end < utf8.endIndex, utf8[end] != UInt8(ascii: "?") { end = utf8.index(after: end) }
    return target[start..<end]
  }

  /// The query after `?`, if any.
  public var query: Substring? {
    guard let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
    return target[target.utf8.index(after: q)...]
  }
}
