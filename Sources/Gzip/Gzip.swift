import CDeflate

/// The buffer pointers below are the only ones this target takes: libdeflate's C API reads and
/// writes through them, so there is no pointer-free way to call it (they are not a fast path),
/// and they stay inside these two functions.
///
/// gzip (RFC 1952) of a whole body through libdeflate: the service compresses answers it holds
/// whole (cached plans, exports, its static documents), so a one-shot compressor is enough, and
/// libdeflate's is faster than zlib's at the same ratio (docs/PERFORMANCE.md, "Content coding").
public enum Gzip {
  /// libdeflate's levels: 1 (fastest) to 12 (smallest).
  public static let levels = 1...12

  /// `bytes` gzip-compressed at `level` (clamped to ``levels``); deterministic for a given
  /// libdeflate (the header has no time stamp and no name), so every replica writes the same
  /// bytes and the same tag. nil only when libdeflate cannot allocate its compressor.
  public static func compress(_ bytes: [UInt8], level: Int) -> [UInt8]? {
    let level = min(max(level, levels.lowerBound), levels.upperBound)
    guard let compressor = libdeflate_alloc_compressor(Int32(level)) else { return nil }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_gzip_compress_bound(compressor, bytes.count)
    var out = [UInt8](repeating: 0, count: bound)
    let written = bytes.withUnsafeBytes { input in
      out.withUnsafeMutableBytes { output in
        libdeflate_gzip_compress(
          compressor, input.baseAddress, input.count, output.baseAddress, output.count)
      }
    }
    // A fresh array of the written size: trimming `out` would keep the capacity of the bound
    // (about the input's size), and the cache counts bodies by their count.
    return written > 0 ? Array(out[..<written]) : nil
  }

  /// The body of a gzip member, or nil when it is not one, is corrupt, or inflates to more
  /// than `maximumBytes` (a client's guard against a small answer that unpacks to gigabytes).
  public static func decompress(_ bytes: [UInt8], maximumBytes: Int) -> [UInt8]? {
    guard bytes.count >= 18, let decompressor = libdeflate_alloc_decompressor() else {
      return nil
    }
    defer { libdeflate_free_decompressor(decompressor) }
    // The trailer's ISIZE is the size modulo 2^32: a hint, checked against the bound.
    let n = bytes.count
    let hinted =
      Int(bytes[n - 4]) | Int(bytes[n - 3]) << 8 | Int(bytes[n - 2]) << 16
      | Int(bytes[n - 1]) << 24
    var capacity = max(min(hinted, maximumBytes), 1)
    while true {
      var out = [UInt8](repeating: 0, count: capacity)
      var actual = 0
      let result = bytes.withUnsafeBytes { input in
        out.withUnsafeMutableBytes { output in
          libdeflate_gzip_decompress(
            decompressor, input.baseAddress, input.count, output.baseAddress, output.count,
            &actual)
        }
      }
      switch result {
      case LIBDEFLATE_SUCCESS:
        return Array(out[..<actual])
      case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < maximumBytes:
        capacity = min(capacity * 2, maximumBytes)
      default:
        return nil
      }
    }
  }
}
