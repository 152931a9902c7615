import Gzip

/// A body the service holds in both codings, compressed once: its static documents (the styles,
/// the OpenAPI text, the preview page, the player module) at the smallest level, since they are
/// compressed once per process.
struct CodedBody: Sendable {
  let identity: [UInt8]
  let identityETag: String
  /// nil for a body below ``ContentCoding/minimumBytes`` (never sent compressed by choice).
  let gzip: [UInt8]?
  let gzipETag: String?

  init(_ bytes: [UInt8], level: Int = 12) {
    identity = bytes
    identityETag = ETag.of(bytes)
    gzip = bytes.count >= ContentCoding.minimumBytes ? Gzip.compress(bytes, level: level) : nil
    gzipETag = gzip.map(ETag.of)
  }

  /// The body, its tag and its coding for what the request accepts. A body held without gzip
  /// is compressed now when the request excludes identity (a small body; rare).
  func pick(_ accepted: AcceptEncoding) -> (body: [UInt8], etag: String, coding: ContentCoding) {
    switch accepted.coding(forSize: identity.count) {
    case .identity:
      return (identity, identityETag, .identity)
    case .gzip:
      if let gzip, let gzipETag { return (gzip, gzipETag, .gzip) }
      // Identity is excluded but the body is small: compressed now. Should libdeflate fail, the
      // body goes out as it is (RFC 9110 12.5.3 lets a server disregard the header).
      guard let now = Gzip.compress(identity, level: 1) else {
        return (identity, identityETag, .identity)
      }
      return (now, ETag.of(now), .gzip)
    }
  }
}
