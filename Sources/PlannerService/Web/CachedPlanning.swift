import Gzip
import HTTP1
import JSON
import TransitionEngine

/// The plan pipeline of ``PlanningService`` (decode, plan, render) behind the response cache.
///
/// Two keys lead to an entry: the canonical request (equal requests written differently) and,
/// for small bodies, the exact body bytes, so that an exact repeat is found without parsing.
/// Keys start with a tag: 0 (canonical) and 1 (body bytes) for the JSON plan; 2 and 3 followed
/// by the format and the SVG moments for every other format, so each format of a request is
/// its own entry.
struct CachedPlanning: Sendable {
  let service: PlanningService
  let cache: ResponseCache
  let metrics: Metrics

  /// Bodies up to this size are also remembered byte for byte.
  static let maximumAliasedBody = 4096

  /// The cached answer to these exact bytes in a coding the request takes, or nil (a miss is
  /// not counted: ``entry(_:_:_:_:)`` counts it once it knows the canonical request). A body
  /// the request would take compressed but that is cached only as it is goes to the worker,
  /// which compresses it once for every later request.
  func exactRepeat(
    _ body: [UInt8], _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding = .absent
  ) -> ResponseCache.Entry? {
    guard let alias = Self.alias(body, format, options) else { return nil }
    var hit: ResponseCache.Entry? = nil
    // Only bodies of at least the minimum have a gzip entry, so whatever is found there goes
    // out compressed for a request that prefers gzip.
    if accepted.prefersGzip, let gzip = cache.get(Self.gzipKey(alias)) {
      hit = gzip
    } else if let identity = cache.get(alias),
      accepted.coding(forSize: identity.body.count) == .identity
    {
      hit = identity
    }
    guard let hit else { return nil }
    metrics.recordCache(hit: true)
    metrics.recordPlan(style: hit.style, operation: hit.operation)
    return hit
  }

  /// Decodes, then the answer cached for the canonical request or a fresh one, remembered
  /// under both keys, in the coding the request takes: the compressed answer is made once from
  /// the identity one and cached beside it (the byte budget counts both). For a body that
  /// ``exactRepeat(_:_:_:_:)`` did not find.
  func entry(
    _ body: [UInt8], _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding = .absent
  ) -> Result<ResponseCache.Entry, Problem> {
    let request: PlanRequest
    switch service.decodePlanRequest(body) {
    case .failure(let p): return .failure(p)
    case .success(let r): request = r
    }
    let alias = Self.alias(body, format, options)
    let canonical = CanonicalRequest.json(request)
    let key = format == .json ? [0] + canonical : Self.keyPrefix(format, options) + canonical
    if accepted.prefersGzip, let hit = cache.get(Self.gzipKey(key)) {
      if let alias { cache.put(Self.gzipKey(alias), hit) }
      return .success(counted(hit, hit: true))
    }
    let identity: ResponseCache.Entry
    if let hit = cache.get(key) {
      if let alias { cache.put(alias, hit) }
      identity = counted(hit, hit: true)
    } else {
      switch service.render(request, format: format, options: options) {
      case .failure(let p):
        metrics.recordCache(hit: false)
        return .failure(p)
      case .success(let bytes):
        let entry = ResponseCache.Entry(
          body: bytes, etag: ETag.of(bytes),
          contentLocation: QueryString.encode(canonical, after: "/v1/plans?request=")
            + Self.formatQuery(format, options),
          style: request.style, operation: request.operation.rawValue)
        cache.put(key, entry)
        if let alias { cache.put(alias, entry) }
        identity = counted(entry, hit: false)
      }
    }
    guard accepted.coding(forSize: identity.body.count) == .gzip,
      let compressed = Gzip.compress(identity.body, level: ContentCoding.gzipLevel(format))
    else { return .success(identity) }
    var gzip = identity
    gzip.body = compressed
    gzip.etag = ETag.of(compressed)
    gzip.coding = .gzip
    // A small body compressed because identity was excluded is not kept: requests that take
    // identity would find it.
    if identity.body.count >= ContentCoding.minimumBytes {
      cache.put(Self.gzipKey(key), gzip)
      if let alias { cache.put(Self.gzipKey(alias), gzip) }
    }
    return .success(gzip)
  }

  private func counted(_ entry: ResponseCache.Entry, hit: Bool) -> ResponseCache.Entry {
    metrics.recordCache(hit: hit)
    metrics.recordPlan(style: entry.style, operation: entry.operation)
    return entry
  }

  /// The body-bytes key, for bodies small enough to have one.
  static func alias(_ body: [UInt8], _ format: ExportFormat, _ options: ExportOptions)
    -> [UInt8]?
  {
    guard body.count <= maximumAliasedBody else { return nil }
    // The JSON key is built without a prefix array: the hot path pays nothing for formats.
    return format == .json ? [1] + body : keyPrefix(format, options, alias: true) + body
  }

  /// The key of the same answer gzip-coded: the tag's bit 4 set.
  static func gzipKey(_ key: [UInt8]) -> [UInt8] {
    var k = key
    k[0] |= 4
    return k
  }

  /// The cache key's tag: `[0]` for JSON, `[2, format, shape]` otherwise (shape: the SVG
  /// moments, 1 for compact waapi keyframes, else 0); the body-bytes alias adds one to the
  /// first byte, gzip four (``gzipKey(_:)``).
  static func keyPrefix(_ format: ExportFormat, _ options: ExportOptions, alias: Bool = false)
    -> [UInt8]
  {
    let tag: UInt8 = (format == .json ? 0 : 2) + (alias ? 1 : 0)
    guard format != .json else { return [tag] }
    let index = UInt8(ExportFormat.allCases.firstIndex(of: format)!)
    let shape =
      format.usesMoments
      ? UInt8(options.moments) : format.usesKeyframes && options.keyframes == .compact ? 1 : 0
    return [tag, index, shape]
  }

  /// What the canonical GET URL adds for a format: nothing for JSON, else `&format=...` (and
  /// `&moments=` when the filmstrip has a number of panels other than the default,
  /// `&keyframes=compact` for the compact waapi document).
  static func formatQuery(_ format: ExportFormat, _ options: ExportOptions) -> String {
    guard format != .json else { return "" }
    var query = "&format=" + format.rawValue
    if format.usesMoments, options.moments != ExportOptions.defaultMoments {
      query += "&moments=\(options.moments)"
    }
    if format.usesKeyframes, options.keyframes != .sampled {
      query += "&keyframes=" + options.keyframes.rawValue
    }
    return query
  }
}
