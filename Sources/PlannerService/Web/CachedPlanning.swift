import Gzip
import HTTP1
import JSON
import TransitionEngine

/// The plan pipeline of ``PlanningService`` (decode, plan, render) behind the response cache.
///
/// Two keys lead to an entry (``CacheKey``): the canonical request (equal requests written
/// differently) and, for small bodies, the exact body bytes, so that an exact repeat is found
/// without parsing. An entry holds both codings of its answer, so a request probes the cache
/// at most twice: its bytes on the event loop, then, on a miss, its canonical form on a worker.
struct CachedPlanning: Sendable {
  let service: PlanningService
  let cache: ResponseCache
  let metrics: Metrics

  /// What the first probe found: the answer, or the key of the body bytes for the second.
  struct Probe {
    var hit: ResponseCache.Entry?
    var key: CacheKey?
  }

  /// The cached answer to these exact bytes in the coding the request takes, or the key to
  /// pass on to ``entry(_:_:_:_:_:)`` (a miss is not counted: that counts it once it knows the
  /// canonical request). A body the request would take compressed but that is cached only as
  /// it is goes to the worker, which compresses it once for every later request.
  func exactRepeat(
    _ body: [UInt8], _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding = .absent
  ) -> Probe {
    guard let key = CacheKey.body(body, format, options) else { return Probe() }
    guard let stored = cache.get(key.bytes),
      let hit = stored.coded(accepted.coding(forSize: stored.body.count))
    else { return Probe(key: key) }
    metrics.recordCache(hit: true)
    metrics.recordPlan(style: hit.style, operation: hit.operation)
    return Probe(hit: hit, key: key)
  }

  /// Decodes, then the answer cached for the canonical request or a fresh one, remembered
  /// under both keys, in the coding the request takes: the compressed answer is made once from
  /// the identity one and kept beside it (the byte budget counts both). For a body that
  /// ``exactRepeat(_:_:_:_:)`` did not find, with the key it probed.
  func entry(
    _ body: [UInt8], _ bodyKey: CacheKey?, _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding = .absent
  ) -> Result<ResponseCache.Entry, Problem> {
    let request: PlanRequest
    switch service.decodePlanRequest(body) {
    case .failure(let p): return .failure(p)
    case .success(let r): request = r
    }
    let canonical = CanonicalRequest.json(request)
    let key = CacheKey.canonical(canonical, format, options)
    var stored: ResponseCache.Entry
    var changed = false
    if let hit = cache.get(key.bytes) {
      stored = hit
      metrics.recordCache(hit: true)
    } else {
      switch service.render(request, format: format, options: options) {
      case .failure(let p):
        metrics.recordCache(hit: false)
        return .failure(p)
      case .success(let bytes):
        stored = ResponseCache.Entry(
          body: bytes, etag: ETag.of(bytes),
          contentLocation: QueryString.encode(canonical, after: "/v1/plans?request=")
            + Self.formatQuery(format, options),
          style: request.style, operation: request.operation.rawValue)
        changed = true
        metrics.recordCache(hit: false)
      }
    }
    metrics.recordPlan(style: stored.style, operation: stored.operation)
    let coding = accepted.coding(forSize: stored.body.count)
    var answer = stored
    if coding == .gzip, stored.gzipped == nil,
      let compressed = Gzip.compress(stored.body, level: ContentCoding.gzipLevel(format))
    {
      answer.gzipped = ResponseCache.Entry.Gzipped(body: compressed, etag: ETag.of(compressed))
      // A small body compressed because identity was excluded is not kept: requests that take
      // identity would find it.
      if stored.body.count >= ContentCoding.minimumBytes {
        stored = answer
        changed = true
      }
    }
    if changed { cache.put(key.bytes, stored) }
    if let bodyKey { cache.put(bodyKey.bytes, stored) }
    return .success(answer.coded(coding) ?? answer)
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
