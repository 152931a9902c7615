import JSON

/// Why a call failed: the transport (curl's code and message) or the service's problem+json.
public enum PlannerClientError: Error, Sendable, CustomStringConvertible {
  case transport(code: Int, message: String)
  /// The server answered with a problem document (or an error status without one).
  case problem(ProblemDetails)
  /// A success status whose body is not the JSON the call expects.
  case unexpectedBody(status: Int, message: String)
  /// A request the client was asked to build from text that is not a JSON object (nothing was
  /// sent).
  case invalidRequest(message: String)

  public var description: String {
    switch self {
    case .transport(let code, let message): "transport error \(code): \(message)"
    case .problem(let p): "\(p.status) \(p.title)" + (p.detail.map { ": \($0)" } ?? "")
    case .unexpectedBody(let status, let message): "unexpected \(status) body: \(message)"
    case .invalidRequest(let message): "invalid request: \(message)"
    }
  }

  public var problem: ProblemDetails? {
    if case .problem(let p) = self { return p }
    return nil
  }
}
