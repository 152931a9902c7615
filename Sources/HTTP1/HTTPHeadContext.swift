/// What the server knows of a head beyond its bytes.
public struct HTTPHeadContext: Sendable {
  /// The server's 413 for a declared body over its limit (the rule and its message live in
  /// the server's limits); the application places it in its own order of refusals. A head
  /// accepted in spite of it is refused with it all the same.
  public var bodyTooLarge: HTTPServerProblem?
  /// The server's request-target limit: a URL the application names (`Content-Location`) is
  /// one the server would take only within it.
  public var maximumTargetBytes: Int

  public init(
    bodyTooLarge: HTTPServerProblem? = nil,
    maximumTargetBytes: Int = HTTPParserLimits().maximumTargetBytes
  ) {
    self.bodyTooLarge = bodyTooLarge
    self.maximumTargetBytes = maximumTargetBytes
  }

  /// What `limits` say of `head`.
  public init(_ head: HTTPRequestHead, limits: HTTPParserLimits) {
    bodyTooLarge = limits.refusal(for: head).map(HTTPServerProblem.init)
    maximumTargetBytes = limits.maximumTargetBytes
  }
}
