/// An RFC 9457 problem document (`application/problem+json`).
public struct Problem: Error, Sendable, Hashable {
  public var status: Int
  public var type: String
  public var title: String
  public var detail: String?
  /// The invalid fields, for 422: the first ``maximumListedErrors`` in the order found.
  public var errors: [FieldError]
  /// How many fields were invalid in all, when that is more than ``errors`` lists.
  public var errorCount: Int?
  /// The 0-based byte offset of a JSON syntax error, for 400.
  public var offset: Int?

  public init(
    status: Int, type: String, title: String, detail: String? = nil, errors: [FieldError] = [],
    errorCount: Int? = nil, offset: Int? = nil
  ) {
    self.status = status
    self.type = type
    self.title = title
    self.detail = detail
    self.errors = errors
    self.errorCount = errorCount
    self.offset = offset
  }

  public static let contentType = "application/problem+json"

  /// The problem type of a status when nothing more specific applies (the server's framing
  /// errors, time-outs and capacity refusals).
  public static func standardType(for status: Int) -> String {
    let slug: String
    switch status {
    case 400: slug = "malformed-request"
    case 404: slug = "not-found"
    case 405: slug = "method-not-allowed"
    case 408: slug = "request-timeout"
    case 413: slug = "body-too-large"
    case 414: slug = "target-too-long"
    case 415: slug = "unsupported-media-type"
    case 431: slug = "headers-too-large"
    case 501: slug = "not-implemented"
    case 503: slug = "unavailable"
    case 505: slug = "version-not-supported"
    default: slug = "http-\(status)"
    }
    return "/problems/" + slug
  }

  /// The problem types the routes answer with (docs/API.md "Errors"), each with its status and
  /// title: beside the server's standard types (``standardType(for:)``) and the wire layer's
  /// (``invalidFields(_:)``, ``malformedJSON(_:)``).
  public enum Kind: Sendable {
    case notFound, methodNotAllowed, unsupportedMediaType, notAcceptable, invalidParameter
    case missingParameter, malformedQuery, preconditionFailed

    public var status: Int {
      switch self {
      case .notFound: 404
      case .methodNotAllowed: 405
      case .unsupportedMediaType: 415
      case .notAcceptable: 406
      case .invalidParameter, .missingParameter, .malformedQuery: 400
      case .preconditionFailed: 412
      }
    }

    public var type: String {
      switch self {
      case .notFound: "/problems/not-found"
      case .methodNotAllowed: "/problems/method-not-allowed"
      case .unsupportedMediaType: "/problems/unsupported-media-type"
      case .notAcceptable: "/problems/not-acceptable"
      case .invalidParameter: "/problems/invalid-parameter"
      case .missingParameter: "/problems/missing-parameter"
      case .malformedQuery: "/problems/malformed-query"
      case .preconditionFailed: "/problems/precondition-failed"
      }
    }

    public var title: String {
      switch self {
      case .notFound: "Not found"
      case .methodNotAllowed: "Method not allowed"
      case .unsupportedMediaType: "Unsupported media type"
      case .notAcceptable: "Not acceptable"
      case .invalidParameter: "Invalid query parameter"
      case .missingParameter: "Missing query parameter"
      case .malformedQuery: "Malformed query"
      case .preconditionFailed: "Precondition failed"
      }
    }
  }

  public init(_ kind: Kind, detail: String) {
    self.init(status: kind.status, type: kind.type, title: kind.title, detail: detail)
  }

  /// A 422 answer lists at most this many fields: a request of thousands of bad fields would
  /// otherwise be answered with a document several times its own size, more than any client
  /// shows. `detail` and `errorCount` still give the true total.
  public static let maximumListedErrors = 100

  /// The 422 problem for `errors`, every invalid field in the order found: the list is cut to
  /// ``maximumListedErrors`` and, when it is, `detail` says so and `errorCount` holds the total.
  public static func invalidFields(_ errors: [FieldError]) -> Problem {
    let total = errors.count
    guard total > maximumListedErrors else {
      return Problem(
        status: 422, type: "/problems/invalid-request", title: "Invalid request",
        detail: total == 1 ? "1 field is invalid" : "\(total) fields are invalid",
        errors: errors)
    }
    return Problem(
      status: 422, type: "/problems/invalid-request", title: "Invalid request",
      detail: "\(total) fields are invalid; the first \(maximumListedErrors) are listed",
      errors: Array(errors.prefix(maximumListedErrors)), errorCount: total)
  }

  public static func malformedJSON(_ error: JSONSyntaxError) -> Problem {
    Problem(
      status: 400, type: "/problems/malformed-json", title: "Malformed JSON",
      detail: "\(error.message) at byte offset \(error.offset)", offset: error.offset)
  }

  public func encoded() -> [UInt8] {
    var w = JSONWriter(capacity: 256)
    w.raw("{\"type\":")
    w.string(type)
    w.raw(",\"title\":")
    w.string(title)
    w.raw(",\"status\":")
    w.integer(Int64(status))
    if let detail {
      w.raw(",\"detail\":")
      w.string(detail)
    }
    if let offset {
      w.raw(",\"offset\":")
      w.integer(Int64(offset))
    }
    if !errors.isEmpty {
      w.raw(",\"errors\":[")
      for (i, e) in errors.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.raw("{\"pointer\":")
        w.string(e.pointer)
        w.raw(",\"message\":")
        w.string(e.message)
        w.byte(UInt8(ascii: "}"))
      }
      w.byte(UInt8(ascii: "]"))
    }
    if let errorCount {
      w.raw(",\"errorCount\":")
      w.integer(Int64(errorCount))
    }
    w.byte(UInt8(ascii: "}"))
    return w.bytes
  }
}
