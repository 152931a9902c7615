import JSON

/// The fields of an RFC 9457 problem document as the service writes them.
public struct ProblemDetails: Sendable, Hashable {
  public var status: Int
  public var type: String
  public var title: String
  public var detail: String?
  public var offset: Int?
  /// The invalid fields the answer lists: the first 100 at most (docs/API.md "Errors").
  public var errors: [FieldError]
  /// How many fields were invalid in all: the answer's `errorCount` where it cut the list,
  /// otherwise the list's length.
  public var errorCount: Int
  /// `Allow`, `Retry-After` and the like, for callers that act on them.
  public var allow: String?
  public var retryAfter: String?

  init(exchange: HTTPExchange) {
    status = exchange.status
    allow = exchange.header("Allow")
    retryAfter = exchange.header("Retry-After")
    let json = try? JSONParser.parse(exchange.body)
    func string(_ key: String) -> String? {
      if case .string(let s) = json?[key] { return s }
      return nil
    }
    type = string("type") ?? "about:blank"
    title = string("title") ?? "HTTP \(exchange.status)"
    detail = string("detail")
    if case .number(let n) = json?["offset"] { offset = Int(n) } else { offset = nil }
    var errors: [FieldError] = []
    if case .array(let list) = json?["errors"] {
      for e in list {
        if case .string(let pointer) = e["pointer"], case .string(let message) = e["message"] {
          errors.append(FieldError(pointer: pointer, message: message))
        }
      }
    }
    self.errors = errors
    if case .number(let n) = json?["errorCount"], let count = Int(exactly: n) {
      errorCount = count
    } else {
      errorCount = errors.count
    }
  }
}
