/// A response-cache key: which request (its exact body bytes, or its canonical form) in which
/// format. It owns the layout, `[source, format, shape] + payload`: `source` 0 for the
/// canonical request, 1 for the body bytes; `format` the format's place in
/// `ExportFormat.allCases` (so a new format needs nothing here); `shape` the SVG moments, 1 for
/// compact waapi keyframes, else 0. Both codings of an answer live under one key
/// (``ResponseCache/Entry/gzip``), so a request probes at most two keys: its bytes, then its
/// canonical form.
struct CacheKey {
  let bytes: [UInt8]

  private init(source: UInt8, _ format: ExportFormat, _ options: ExportOptions, _ payload: [UInt8])
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(3 + payload.count)
    bytes.append(source)
    bytes.append(UInt8(Self.formats.firstIndex(of: format)!))
    bytes.append(
      format.usesMoments
        ? UInt8(options.moments) : format.usesKeyframes && options.keyframes == .compact ? 1 : 0)
    bytes.append(contentsOf: payload)
    self.bytes = bytes
  }

  /// `ExportFormat.allCases`, made once: a key is built on every plan request, cache hits
  /// included.
  private static let formats = ExportFormat.allCases

  /// Bodies up to this size are also remembered byte for byte.
  static let maximumBodyBytes = 4096

  /// The key of these exact body bytes; nil for a body too large to be remembered so.
  static func body(_ body: [UInt8], _ format: ExportFormat, _ options: ExportOptions)
    -> CacheKey?
  {
    body.count <= maximumBodyBytes ? CacheKey(source: 1, format, options, body) : nil
  }

  /// The key of a canonical request.
  static func canonical(_ canonical: [UInt8], _ format: ExportFormat, _ options: ExportOptions)
    -> CacheKey
  {
    CacheKey(source: 0, format, options, canonical)
  }
}
