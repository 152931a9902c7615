/// Settings of the HTTP application (the server's own limits live in the server's settings).
public struct PlannerAppConfiguration: Sendable {
  public var limits = PlannerLimits()
  /// Origins that get CORS headers; `*` allows every origin.
  public var allowedOrigins: [String] = ["*"]
  /// How long browsers may cache a preflight answer, seconds.
  public var corsMaxAge = 600
  /// Response cache bounds; 0 entries turns the cache off.
  public var cacheEntries = 4096
  public var cacheBytes = 64 << 20

  public init() {}
}
