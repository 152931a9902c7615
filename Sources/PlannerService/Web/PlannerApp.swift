import HTTP1
import JSON
import TransitionEngine

/// The HTTP application: routes, the status precedence of API.md, caching headers, CORS.
public final class PlannerApp: Sendable {
  public let configuration: PlannerAppConfiguration
  public let metrics: Metrics
  public let status: ServerStatus
  let service: PlanningService
  let cache: ResponseCache
  let stylesBody: [UInt8]

  public init(
    configuration: PlannerAppConfiguration = .init(), metrics: Metrics = Metrics(),
    status: ServerStatus = ServerStatus()
  ) {
    self.configuration = configuration
    self.metrics = metrics
    self.status = status
    service = PlanningService(limits: configuration.limits)
    cache = ResponseCache(
      maximumEntries: configuration.cacheEntries, maximumBytes: configuration.cacheBytes)
    stylesBody = StylesDocument.json()
  }

  static let vary = "Accept, Origin, Accept-Encoding"

  // MARK: - Checks that need only the head (answered before the body is read)

  /// 404, 405, 413, 415 and 406 in API.md's order, or nil when the request may go on.
  public func headCheck(_ head: HTTPRequestHead) -> HTTPResponse? {
    if case .refuse(let response) = check(head) { return response }
    return nil
  }

  /// What the head allows: the route and the format to answer in, or the refusal.
  enum HeadVerdict {
    case proceed(Route, ExportFormat, ExportOptions)
    case refuse(HTTPResponse)
  }

  func check(_ head: HTTPRequestHead) -> HeadVerdict {
    guard let route = Route(path: head.path) else {
      return .refuse(
        problem(
          404, "/problems/not-found", "Not found", "no resource at \(head.path)", head: head))
    }
    guard route.methods.contains(head.method) else {
      var r = problem(
        405, "/problems/method-not-allowed", "Method not allowed",
        "\(head.method) is not allowed on \(route.rawValue); allowed: \(route.methods.joined(separator: ", "))",
        head: head)
      r.headers.add(name: "Allow", value: route.methods.joined(separator: ", "))
      return .refuse(r)
    }
    if head.method == "OPTIONS" { return .proceed(route, .json, ExportOptions()) }
    if case .contentLength(let n) = head.framing, n > configuration.maximumBodyBytes {
      return .refuse(
        problem(
          413, "/problems/body-too-large", "Content too large",
          "the body is \(n) bytes; the limit is \(configuration.maximumBodyBytes)", head: head))
    }
    if route.takesBody(head.method),
      !MediaType.isAcceptableJSONBody(head.headers.first(name: "Content-Type"))
    {
      let given = head.headers.first(name: "Content-Type").map { "'\($0)'" } ?? "missing"
      return .refuse(
        problem(
          415, "/problems/unsupported-media-type", "Unsupported media type",
          "Content-Type is \(given); send application/json (UTF-8)", head: head))
    }
    if route == .plans || route == .interactions {
      return negotiateFormat(route, head)
    }
    let (type, subtype) = producedType(route)
    if !MediaType.accepts(head.headers["Accept"], type: type, subtype: subtype) {
      return .refuse(
        problem(
          406, "/problems/not-acceptable", "Not acceptable",
          "\(route.rawValue) produces \(type)/\(subtype); the Accept header excludes it",
          head: head))
    }
    return .proceed(route, .json, ExportOptions())
  }

  /// The 406 (and, after it in API.md's order, the 400 for a bad `format` or `moments`) of the
  /// routes that answer in every export format.
  func negotiateFormat(_ route: Route, _ head: HTTPRequestHead) -> HeadVerdict {
    switch FormatNegotiation.negotiate(head) {
    case .format(let format, let options):
      return .proceed(route, format, options)
    case .notAcceptable(let format):
      let produced = ExportFormat.allCases.map {
        $0.mediaType.type + "/" + $0.mediaType.subtype
      }.joined(separator: ", ")
      let detail =
        format.map {
          "the Accept header excludes \($0.mediaType.type)/\($0.mediaType.subtype), which format=\($0.rawValue) asks for"
        } ?? "the Accept header admits none of the types \(route.rawValue) produces"
      return .refuse(
        problem(
          406, "/problems/not-acceptable", "Not acceptable",
          "\(detail); \(route.rawValue) produces \(produced)", head: head))
    case .unknownFormat(let name):
      return .refuse(
        problem(
          400, "/problems/invalid-parameter", "Invalid query parameter",
          "format '\(name)' is not one of \(ExportFormat.names)", head: head))
    case .invalidMoments(let text):
      return .refuse(
        problem(
          400, "/problems/invalid-parameter", "Invalid query parameter",
          "moments '\(text)' is not an integer from \(ExportOptions.momentsRange.lowerBound) to \(ExportOptions.momentsRange.upperBound)",
          head: head))
    }
  }

  func producedType(_ route: Route) -> (String, String) {
    switch route {
    case .metrics: ("text", "plain")
    case .openapi: ("application", "yaml")
    case .preview: ("text", "html")
    default: ("application", "json")
    }
  }

  /// The part of the work cheap enough for the server's event loop: every route but planning,
  /// exact repeats of a cached plan request (found by their bytes, without parsing), and every
  /// refusal the head decides. Returns nil when the body must be decoded - a plan computed, a
  /// canonical-form lookup, a 400/422 - or an interaction planned: the server then runs `handle`
  /// on a worker, which decodes once, so a large plan never delays other connections.
  public func handleInline(_ request: HTTPRequest) -> HTTPResponse? {
    let head = request.head
    let (route, format, options): (Route, ExportFormat, ExportOptions)
    switch check(head) {
    case .refuse(let response): return response
    case .proceed(let r, let f, let o): (route, format, options) = (r, f, o)
    }
    if head.method == "OPTIONS" { return preflight(route, head) }
    switch route {
    case .plans:
      return head.method == "POST"
        ? postPlan(request, format, options, computeOnMiss: false)
        : getPlan(head, format, options, computeOnMiss: false)
    case .interactions:
      return nil
    default:
      return answer(route, request, format, options)
    }
  }

  // MARK: - Handling

  public func handle(_ request: HTTPRequest) -> HTTPResponse {
    let head = request.head
    switch check(head) {
    case .refuse(let response):
      return response
    case .proceed(let route, let format, let options):
      if head.method == "OPTIONS" { return preflight(route, head) }
      return answer(route, request, format, options)
    }
  }

  /// The route's answer for a request that passed `check` (and is not a preflight).
  func answer(
    _ route: Route, _ request: HTTPRequest, _ format: ExportFormat, _ options: ExportOptions
  ) -> HTTPResponse {
    let head = request.head
    switch route {
    case .plans:
      // Computing on a miss always yields a response.
      return
        (head.method == "POST"
        ? postPlan(request, format, options) : getPlan(head, format, options))!
    case .interactions:
      return postInteraction(request, format, options)
    case .styles:
      return respond(200, "application/json", stylesBody, head: head)
    case .healthz:
      return respond(200, "application/json", Array(#"{"status":"ok"}"#.utf8), head: head)
    case .readyz:
      if status.isDraining {
        var r = respond(503, "application/json", Array(#"{"status":"draining"}"#.utf8), head: head)
        r.headers.add(name: "Retry-After", value: "1")
        return r
      }
      return respond(200, "application/json", Array(#"{"status":"ready"}"#.utf8), head: head)
    case .metrics:
      return respond(
        200, "text/plain; version=0.0.4; charset=utf-8",
        Array(metrics.exposition(openConnections: status.openConnections).utf8), head: head)
    case .openapi:
      return respond(200, "application/yaml", Array(OpenAPIDocument.text.utf8), head: head)
    case .preview:
      return previewPage(head)
    }
  }

  func postPlan(
    _ request: HTTPRequest, _ format: ExportFormat, _ options: ExportOptions,
    computeOnMiss: Bool = true
  ) -> HTTPResponse? {
    let head = request.head
    switch planResponse(request.body, format, options, computeOnMiss: computeOnMiss) {
    case .failure(let p):
      return problem(p, head: head)
    case .success(nil):
      return nil
    case .success(let entry?):
      // RFC 9110 13.1.2: on methods other than GET/HEAD a matching If-None-Match fails.
      if ETag.matches(head.headers["If-None-Match"], entry.etag) {
        var r = problem(
          412, "/problems/precondition-failed", "Precondition failed",
          "If-None-Match matches the current plan \(entry.etag)", head: head)
        r.headers.add(name: "ETag", value: entry.etag)
        return r
      }
      var r = planHeaders(respond(200, format.contentType, entry.body, head: head), entry)
      r.headers.add(
        name: "Content-Location", value: entry.contentLocation)
      return r
    }
  }

  func getPlan(
    _ head: HTTPRequestHead, _ format: ExportFormat, _ options: ExportOptions,
    computeOnMiss: Bool = true
  ) -> HTTPResponse? {
    guard let query = head.query, let parameter = QueryString.value(of: "request", in: query) else {
      return problem(
        400, "/problems/missing-parameter", "Missing query parameter",
        "GET /v1/plans needs ?request= with the plan request as URL-encoded JSON", head: head)
    }
    guard case .success(let body) = parameter else {
      return problem(
        400, "/problems/malformed-query", "Malformed query",
        "a percent escape in the query is not two hex digits",
        head: head)
    }
    switch planResponse(body, format, options, computeOnMiss: computeOnMiss) {
    case .failure(let p):
      return problem(p, head: head)
    case .success(nil):
      return nil
    case .success(let entry?):
      if ETag.matches(head.headers["If-None-Match"], entry.etag) {
        return planHeaders(respond(304, nil, [], head: head), entry)
      }
      return planHeaders(respond(200, format.contentType, entry.body, head: head), entry)
    }
  }

  /// Bodies up to this size are also remembered byte for byte, so that an exact repeat skips
  /// parsing and validation altogether.
  static let maximumAliasedBody = 4096

  /// Decode, validate, then the cached or freshly encoded plan; nil when `computeOnMiss` is false
  /// and the exact body bytes are not cached. Two keys lead to an entry: the canonical request (equal requests
  /// written differently) and, for small bodies, the exact body bytes (repeats).
  ///
  /// Keys start with a tag: 0 (canonical) and 1 (body bytes) for the JSON plan, so its hot path
  /// is unchanged; 2 and 3 followed by the format and the SVG moments for every other format,
  /// so each format of a request is its own entry.
  func planResponse(
    _ body: [UInt8], _ format: ExportFormat, _ options: ExportOptions, computeOnMiss: Bool
  ) -> Result<ResponseCache.Entry?, Problem> {
    // JSON keys are built exactly as before formats existed: the hot path pays nothing.
    let alias: [UInt8]? =
      body.count <= Self.maximumAliasedBody
      ? (format == .json ? [1] + body : Self.cacheKeyPrefix(format, options, alias: true) + body)
      : nil
    if let alias, let hit = cache.get(alias) {
      metrics.recordCache(hit: true)
      metrics.recordPlan(style: hit.style, operation: hit.operation)
      return .success(hit)
    }
    // Decoding here and again on the worker would double the cost of every miss.
    guard computeOnMiss else { return .success(nil) }
    let request: PlanRequest
    switch service.decodePlanRequest(body) {
    case .failure(let p): return .failure(p)
    case .success(let r): request = r
    }
    let canonical = CanonicalRequest.json(request)
    let key = format == .json ? [0] + canonical : Self.cacheKeyPrefix(format, options) + canonical
    if let hit = cache.get(key) {
      if let alias { cache.put(alias, hit) }
      metrics.recordCache(hit: true)
      metrics.recordPlan(style: hit.style, operation: hit.operation)
      return .success(hit)
    }
    metrics.recordCache(hit: false)
    switch service.plan(request) {
    case .failure(let p): return .failure(p)
    case .success(let plan):
      let bytes = format.render(plan, options: options)
      let entry = ResponseCache.Entry(
        body: bytes, etag: ETag.of(bytes),
        contentLocation: QueryString.encode(canonical, after: "/v1/plans?request=")
          + Self.formatQuery(format, options),
        style: request.style, operation: request.operation.rawValue)
      cache.put(key, entry)
      if let alias { cache.put(alias, entry) }
      metrics.recordPlan(style: request.style, operation: request.operation.rawValue)
      return .success(entry)
    }
  }

  /// The cache key's tag: `[0]` for JSON, `[2, format, moments]` otherwise; the body-bytes
  /// alias adds one to the first byte.
  static func cacheKeyPrefix(_ format: ExportFormat, _ options: ExportOptions, alias: Bool = false)
    -> [UInt8]
  {
    let tag: UInt8 = (format == .json ? 0 : 2) + (alias ? 1 : 0)
    guard format != .json else { return [tag] }
    let index = UInt8(ExportFormat.allCases.firstIndex(of: format)!)
    return [tag, index, format.usesMoments ? UInt8(options.moments) : 0]
  }

  /// What the canonical GET URL adds for a format: nothing for JSON, else `&format=...` (and
  /// `&moments=` when the filmstrip has a number of panels other than the default).
  static func formatQuery(_ format: ExportFormat, _ options: ExportOptions) -> String {
    guard format != .json else { return "" }
    var query = "&format=" + format.rawValue
    if format.usesMoments, options.moments != ExportOptions.defaultMoments {
      query += "&moments=\(options.moments)"
    }
    return query
  }

  /// `POST /v1/interactions`: 400/422 problems as for plans. Each body is a one-off recording,
  /// so the answer is neither cached here nor cacheable (`Cache-Control: no-store`, no ETag).
  func postInteraction(
    _ request: HTTPRequest, _ format: ExportFormat, _ options: ExportOptions
  ) -> HTTPResponse {
    let head = request.head
    let result = service.decodeInteractionRequest(request.body).flatMap { interaction in
      service.interact(interaction).map { (interaction, format.render($0, options: options)) }
    }
    switch result {
    case .failure(let p):
      return problem(p, head: head)
    case .success(let (interaction, body)):
      metrics.recordPlan(
        style: interaction.transition.style, operation: interaction.transition.operation.rawValue)
      var r = respond(200, format.contentType, body, head: head)
      r.headers.add(name: "Cache-Control", value: "no-store")
      return r
    }
  }

  func planHeaders(_ response: HTTPResponse, _ entry: ResponseCache.Entry) -> HTTPResponse {
    var r = response
    r.headers.add(name: "ETag", value: entry.etag)
    r.headers.add(name: "Cache-Control", value: "public, max-age=86400")
    return r
  }

  func preflight(_ route: Route, _ head: HTTPRequestHead) -> HTTPResponse {
    var r = respond(204, nil, [], head: head)
    r.headers.add(name: "Allow", value: route.methods.joined(separator: ", "))
    if allowedOrigin(head) != nil, head.headers.contains("Access-Control-Request-Method") {
      r.headers.add(
        name: "Access-Control-Allow-Methods", value: route.methods.joined(separator: ", "))
      let requested = head.headers.first(name: "Access-Control-Request-Headers")
      r.headers.add(
        name: "Access-Control-Allow-Headers",
        value: requested ?? "Content-Type, Accept, If-None-Match, X-Request-ID")
      r.headers.add(name: "Access-Control-Max-Age", value: String(configuration.corsMaxAge))
    }
    return r
  }

  // MARK: - Response building

  func allowedOrigin(_ head: HTTPRequestHead) -> String? {
    guard let origin = head.headers.first(name: "Origin") else { return nil }
    if configuration.allowedOrigins.contains("*") { return "*" }
    return configuration.allowedOrigins.contains(origin) ? origin : nil
  }

  func respond(_ status: Int, _ contentType: String?, _ body: [UInt8], head: HTTPRequestHead)
    -> HTTPResponse
  {
    var headers = HTTPHeaders()
    headers.reserveCapacity(8)
    if let contentType { headers.add(name: "Content-Type", value: contentType) }
    headers.add(name: "Vary", value: Self.vary)
    if let origin = allowedOrigin(head) {
      headers.add(name: "Access-Control-Allow-Origin", value: origin)
      headers.add(name: "Access-Control-Expose-Headers", value: "ETag, X-Request-ID, Retry-After")
    }
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  func problem(_ p: Problem, head: HTTPRequestHead) -> HTTPResponse {
    respond(p.status, Problem.contentType, p.encoded(), head: head)
  }

  func problem(
    _ status: Int, _ type: String, _ title: String, _ detail: String, head: HTTPRequestHead
  )
    -> HTTPResponse
  {
    problem(Problem(status: status, type: type, title: title, detail: detail), head: head)
  }
}
