/// Size limits enforced while parsing (docs/HTTP.md "Limits").
public struct HTTPParserLimits: Sendable, Equatable {
  /// Request line plus header fields plus the empty line; beyond it: 431.
  public var maxHeadBytes: Int
  /// Number of header field lines (and, separately, of trailer lines); beyond it: 431.
  public var maxHeaderCount: Int
  /// Length of the request-target; beyond it: 414.
  public var maxTargetBytes: Int
  /// Decoded body bytes; beyond it: 413 (see ``HTTPRequestParser`` for when it is thrown).
  public var maxBodyBytes: Int

  public init(
    maxHeadBytes: Int = 16 * 1024,
    maxHeaderCount: Int = 100,
    maxTargetBytes: Int = 8 * 1024,
    maxBodyBytes: Int = 1 << 20
  ) {
    self.maxHeadBytes = maxHeadBytes
    self.maxHeaderCount = maxHeaderCount
    self.maxTargetBytes = maxTargetBytes
    self.maxBodyBytes = maxBodyBytes
  }
}
