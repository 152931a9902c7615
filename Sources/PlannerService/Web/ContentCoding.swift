/// The content coding of an answer (RFC 9110 8.4.1).
public enum ContentCoding: String, Sendable {
  case identity
  case gzip

  /// Bodies below this are sent as they are when identity is acceptable: gzip's 18 bytes of
  /// framing and a Huffman table cost more than they save on short JSON, and a problem+json or
  /// a health answer is a few hundred bytes.
  public static let minimumBytes = 1024

  /// libdeflate's level for answers in `format`: 1, except 3 for SVG. Plans are compressed on
  /// every miss, so the level is paid by every varying request: level 1 takes 2-3 µs per KiB
  /// against 6-9 at level 6, for 5-12 % more bytes (6.2x against 6.9x for the example plans'
  /// JSON); an SVG filmstrip gains 15 % from level 3 at 4.5 µs per KiB. zlib is slower and
  /// larger at every level (docs/PERFORMANCE.md "Content coding", scripts/bench/compression.py).
  static func gzipLevel(_ format: ExportFormat) -> Int { format == .svg ? 3 : 1 }
}
