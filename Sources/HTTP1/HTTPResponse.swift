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

  /// An RFC 9457 problem document (API.md "Errors"):
  /// `{"type":"/problems/...","title":...,"status":...,"detail":...}`.
  public static func problem(
    status: Int, detail: String, type: String? = nil, title: String? = nil,
    headers: HTTPHeaders = HTTPHeaders()
  ) -> HTTPResponse {
    var json = "{\"type\":"
    appendJSONString(&json, type ?? "/problems/" + problemSlug(status))
    json += ",\"title\":"
    appendJSONString(&json, title ?? HTTPStatus.reasonPhrase(for: status))
    json += ",\"status\":\(status),\"detail\":"
    appendJSONString(&json, detail)
    json += "}"
    var headers = headers
    headers.replaceOrAdd(name: "Content-Type", value: "application/problem+json")
    return HTTPResponse(status: status, headers: headers, body: Array(json.utf8))
  }

  static func problemSlug(_ status: Int) -> String {
    switch status {
    case 400: return "malformed-request"
    case 404: return "not-found"
    case 405: return "method-not-allowed"
    case 408: return "request-timeout"
    case 413: return "body-too-large"
    case 414: return "target-too-long"
    case 415: return "unsupported-media-type"
    case 431: return "headers-too-large"
    case 501: return "not-implemented"
    case 503: return "unavailable"
    case 505: return "version-not-supported"
    default: return "http-\(status)"
    }
  }

  public static func appendJSONString(_ out: inout String, _ s: String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
