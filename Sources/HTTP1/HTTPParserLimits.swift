/// Size limits enforced while parsing (docs/HTTP.md "Limits").
public struct HTTPParserLimits: Sendable, Equatable {
  /// Request line plus header fields plus the empty line; beyond it: 431.
  public var maximumHeadBytes: Int
  /// Number of header field lines (and, separately, of trailer lines); beyond it: 431.
  public var maximumHeaderCount: Int
  /// Length of the request-target; beyond it: 414.
  public var maximumTargetBytes: Int
  /// Decoded body bytes; beyond it: 413 (see ``HTTPRequestParser`` for when it is thrown).
  public var maximumBodyBytes: Int

  public init(
    maximumHeadBytes: Int = 16 * 1024,
    maximumHeaderCount: Int = 100,
    maximumTargetBytes: Int = 8 * 1024,
    maximumBodyBytes: Int = 1 << 20
  ) {
    self.maximumHeadBytes = maximumHeadBytes
    self.maximumHeaderCount = maximumHeaderCount
    self.maximumTargetBytes = maximumTargetBytes
    self.maximumBodyBytes = maximumBodyBytes
  }
}
