import Gzip
import HTTP1
import JSON
import TransitionEngine

/// The HTTP application: routes, the status precedence of docs/API.md, caching headers, CORS.
/// The server's one seam: an ``HTTPResponder``.
public final class PlannerApp: HTTPResponder {
  public let configuration: PlannerAppConfiguration
  public let metrics: Metrics
  public let status: ServerStatus
  let service: PlanningService
  let cache: ResponseCache
  /// The plan pipeline behind the response cache.
  let plans: CachedPlanning

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
    plans = CachedPlanning(service: service, cache: cache, metrics: metrics)
    allowsAnyOrigin = configuration.allowedOrigins.contains("*")
    vary = allowsAnyOrigin ? "Accept, Accept-Encoding" : "Accept, Origin, Accept-Encoding"
  }

  /// The static documents in both codings, compressed once per process.
  static let stylesBody = CodedBody(StylesDocument.json())
  static let openapiBody = CodedBody(Array(OpenAPIDocument.text.utf8))

  /// Under `CORS_ORIGINS *` every answer is the same for every `Origin`, so `Origin` is not in
  /// `Vary` (a shared cache keeps one copy, not one per Origin: the Fetch standard's "CORS
  /// protocol and HTTP caches"); with an allow-list the answer echoes the Origin and varies by it.
  let vary: String
  /// `CORS_ORIGINS` holds `*`: every answer says `Access-Control-Allow-Origin: *`.
  let allowsAnyOrigin: Bool

  // MARK: - The head: judged once, on the event loop

  /// 404, 405, 413, 415 and 406 in docs/API.md's order ("Errors"), and for the plan routes the
  /// 400 of a bad `format` or `moments`; otherwise the route's answer, which gets the body.
  public func judge(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HTTPHeadVerdict {
    switch check(head, context) {
    case .refuse(let response):
      return .refuse(response)
    case .proceed(let route, let format, let options, let accepted):
      if head.method == "OPTIONS" { return .refuse(preflight(route, head)) }
      let targetLimit = context.maximumTargetBytes
      return .accept { [self] request in
        answer(route, request, format, options, accepted, targetLimit: targetLimit)
      }
    }
  }

  /// What the head allows: the route, the format to answer in and the codings the client
  /// takes, or the refusal.
  enum HeadVerdict {
    case proceed(Route, ExportFormat, ExportOptions, AcceptEncoding)
    case refuse(HTTPResponse)
  }

  func check(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HeadVerdict {
    if head.target == "*" {
      // `OPTIONS *` (the parser takes the asterisk form for OPTIONS only) asks about the server
      // itself (RFC 9110 section 9.3.7): every method it answers anywhere.
      var r = respond(204, nil, [], head: head)
      r.headers.add(name: "Allow", value: Route.allMethods.joined(separator: ", "))
      return .refuse(r)
    }
    guard let route = Route(path: head.path) else {
      return .refuse(
        problem(.notFound, "no resource at \(head.path)", head: head))
    }
    // Read once: each read of the table copies its row.
    let facts = route.facts
    guard facts.methods.contains(head.method) else {
      var r = problem(
        .methodNotAllowed,
        "\(head.method) is not allowed on \(route.rawValue); allowed: \(facts.methods.joined(separator: ", "))",
        head: head)
      r.headers.add(name: "Allow", value: facts.methods.joined(separator: ", "))
      return .refuse(r)
    }
    if head.method == "OPTIONS" { return .proceed(route, .json, ExportOptions(), .absent) }
    if let tooLarge = context.bodyTooLarge {
      return .refuse(decorated(Self.problemResponse(tooLarge), head: head))
    }
    if facts.bodyMethods.contains(head.method),
      !MediaType.isAcceptableJSONBody(head.headers.first(name: "Content-Type"))
    {
      let given = head.headers.first(name: "Content-Type").map { "'\($0)'" } ?? "missing"
      return .refuse(
        problem(
          .unsupportedMediaType, "Content-Type is \(given); send application/json (UTF-8)",
          head: head))
    }
    // An Accept-Encoding that admits neither coding is a 406 with Accept's (docs/API.md,
    // "Content coding"); the probes and the metrics are never compressed and ignore it.
    let accepted = facts.compressible ? AcceptEncoding(head.headers["Accept-Encoding"]) : .absent
    if !accepted.admitsAny {
      return .refuse(
        problem(
          .notAcceptable,
          "the Accept-Encoding header excludes both gzip and identity, the codings \(route.rawValue) is sent in",
          head: head))
    }
    guard case .type(let type, let subtype) = facts.produces else {
      return negotiateFormat(route, head, accepted)
    }
    if !AcceptHeader.admits(head.headers["Accept"], type: type, subtype: subtype) {
      return .refuse(
        problem(
          .notAcceptable,
          "\(route.rawValue) produces \(type)/\(subtype); the Accept header excludes it",
          head: head))
    }
    return .proceed(route, .json, ExportOptions(), accepted)
  }

  /// The 406 (and, after it in docs/API.md's order, the 400 for a bad `format` or `moments`) of the
  /// routes that answer in every export format.
  func negotiateFormat(_ route: Route, _ head: HTTPRequestHead, _ accepted: AcceptEncoding)
    -> HeadVerdict
  {
    switch FormatNegotiation.negotiate(head, interactions: route == .interactions) {
    case .format(let format, let options):
      if options.keyframes == .compact, route == .interactions {
        return .refuse(
          problem(
            .invalidParameter,
            "keyframes=compact describes a plan's tracks; an interaction follows its gesture sample by sample: leave keyframes out or give keyframes=sampled",
            head: head))
      }
      return .proceed(route, format, options, accepted)
    case .notAcceptable(let format):
      let produced = FormatNegotiation.formats(interactions: route == .interactions).map {
        $0.mediaType.type + "/" + $0.mediaType.subtype
      }.joined(separator: ", ")
      let detail =
        format.map {
          "the Accept header excludes \($0.mediaType.type)/\($0.mediaType.subtype), which format=\($0.rawValue) asks for"
        } ?? "the Accept header admits none of the types \(route.rawValue) produces"
      return .refuse(
        problem(.notAcceptable, "\(detail); \(route.rawValue) produces \(produced)", head: head))
    case .plansOnly(let format):
      return .refuse(
        problem(.invalidParameter, PlanningService.plansOnly(format), head: head))
    case .unknownFormat(let name):
      return .refuse(
        problem(
          .invalidParameter, "format '\(name)' is not one of \(ExportFormat.names)", head: head))
    case .repeatedParameter(let name):
      return .refuse(
        problem(
          .invalidParameter, "the query gives \(name) more than once; give it once", head: head))
    case .invalidKeyframes(let text):
      return .refuse(
        problem(
          .invalidParameter, "keyframes '\(text)' is not one of \(WaapiKeyframes.names)", head: head
        ))
    case .keyframesNeedWaapi(let format):
      return .refuse(
        problem(
          .invalidParameter,
          "keyframes=compact shapes only format=waapi; this request gets \(format.rawValue)",
          head: head))
    case .invalidMoments(let text):
      return .refuse(
        problem(
          .invalidParameter,
          "moments '\(text)' is not an integer from \(ExportOptions.momentsRange.lowerBound) to \(ExportOptions.momentsRange.upperBound)",
          head: head))
    }
  }

  // MARK: - The answer: now on the event loop, or later on a worker

  /// Every route but planning answers now. A plan request answers now when its exact bytes are
  /// cached (found without parsing); otherwise decoding, the canonical lookup and planning run
  /// later, on a worker, once each, so a large plan never delays other connections.
  func answer(
    _ route: Route, _ request: HTTPRequest, _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding, targetLimit: Int
  ) -> HTTPAnswer {
    let head = request.head
    switch route {
    case .plans:
      return head.method == "POST"
        ? postPlan(request, format, options, accepted, targetLimit: targetLimit)
        : getPlan(head, format, options, accepted)
    case .interactions:
      return .later { [self] in postInteraction(request, format, options, accepted) }
    case .styles:
      return .now(coded(200, "application/json", Self.stylesBody, accepted, head: head).response)
    case .healthz:
      return .now(respond(200, "application/json", Array(#"{"status":"ok"}"#.utf8), head: head))
    case .readyz:
      if status.isDraining {
        var r = respond(503, "application/json", Array(#"{"status":"draining"}"#.utf8), head: head)
        r.headers.add(name: "Retry-After", value: "1")
        return .now(r)
      }
      return .now(
        respond(200, "application/json", Array(#"{"status":"ready"}"#.utf8), head: head))
    case .metrics:
      return .now(
        respond(
          200, "text/plain; version=0.0.4; charset=utf-8",
          Array(metrics.exposition(openConnections: status.openConnections).utf8), head: head))
    case .openapi:
      return .now(coded(200, "application/yaml", Self.openapiBody, accepted, head: head).response)
    case .preview:
      return .now(previewPage(head, accepted))
    case .player:
      return .now(playerScript(head, accepted))
    }
  }

  /// A response of a body held in both codings, with `Content-Encoding` for gzip, and the tag
  /// of the coding sent.
  func coded(
    _ status: Int, _ contentType: String, _ body: CodedBody, _ accepted: AcceptEncoding,
    head: HTTPRequestHead
  ) -> (response: HTTPResponse, etag: String) {
    let (bytes, etag, coding) = body.pick(accepted)
    var r = respond(status, contentType, bytes, head: head)
    if coding == .gzip { r.headers.add(name: "Content-Encoding", value: "gzip") }
    return (r, etag)
  }

  func postPlan(
    _ request: HTTPRequest, _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding, targetLimit: Int
  ) -> HTTPAnswer {
    let head = request.head
    let probe = plans.exactRepeat(request.body, format, options, accepted)
    if let hit = probe.hit {
      return .now(postPlanResponse(.success(hit), head, format, targetLimit: targetLimit))
    }
    return .later { [self] in
      postPlanResponse(
        plans.entry(request.body, probe.key, format, options, accepted), head, format,
        targetLimit: targetLimit)
    }
  }

  /// `targetLimit`: the server's, from the head's context (``HTTPHeadContext``).
  func postPlanResponse(
    _ result: Result<ResponseCache.Entry, Problem>, _ head: HTTPRequestHead,
    _ format: ExportFormat, targetLimit: Int
  ) -> HTTPResponse {
    switch result {
    case .failure(let p):
      return problem(p, head: head)
    case .success(let entry):
      // RFC 9110 13.1.2: on methods other than GET/HEAD a matching If-None-Match fails.
      if ETag.matches(head.headers["If-None-Match"], entry.etag) {
        var r = problem(
          .preconditionFailed, "If-None-Match matches the current plan \(entry.etag)", head: head)
        r.headers.add(name: "ETag", value: entry.etag)
        return r
      }
      var r = planHeaders(respond(200, format.contentType, entry.body, head: head), entry)
      // A URL the server itself would refuse with a 414 is no location.
      if entry.contentLocation.utf8.count <= targetLimit {
        r.headers.add(name: "Content-Location", value: entry.contentLocation)
      }
      return r
    }
  }

  func getPlan(
    _ head: HTTPRequestHead, _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding
  ) -> HTTPAnswer {
    if let query = head.query, QueryString.occurrences(of: "request", in: query) > 1 {
      return .now(
        problem(
          .invalidParameter, "the query gives request more than once; give it once", head: head))
    }
    guard let query = head.query, let parameter = QueryString.value(of: "request", in: query) else {
      return .now(
        problem(
          .missingParameter,
          "GET /v1/plans needs ?request= with the plan request as URL-encoded JSON", head: head))
    }
    guard case .success(let body) = parameter else {
      return .now(
        problem(.malformedQuery, "a percent escape in the query is not two hex digits", head: head))
    }
    let probe = plans.exactRepeat(body, format, options, accepted)
    if let hit = probe.hit { return .now(getPlanResponse(.success(hit), head, format)) }
    return .later { [self] in
      getPlanResponse(plans.entry(body, probe.key, format, options, accepted), head, format)
    }
  }

  func getPlanResponse(
    _ result: Result<ResponseCache.Entry, Problem>, _ head: HTTPRequestHead, _ format: ExportFormat
  ) -> HTTPResponse {
    switch result {
    case .failure(let p):
      return problem(p, head: head)
    case .success(let entry):
      if ETag.matches(head.headers["If-None-Match"], entry.etag) {
        return planHeaders(respond(304, nil, [], head: head), entry)
      }
      return planHeaders(respond(200, format.contentType, entry.body, head: head), entry)
    }
  }

  /// `POST /v1/interactions`: 400/422 problems as for plans. Each body is a one-off recording,
  /// so the answer is neither cached here nor cacheable (`Cache-Control: no-store`, no ETag).
  func postInteraction(
    _ request: HTTPRequest, _ format: ExportFormat, _ options: ExportOptions,
    _ accepted: AcceptEncoding
  ) -> HTTPResponse {
    let head = request.head
    let answer = service.decodeInteractionRequest(request.body).flatMap { interaction in
      service.render(interaction, format: format, options: options).map { (interaction, $0) }
    }
    switch answer {
    case .failure(let p):
      return problem(p, head: head)
    case .success(let (interaction, body)):
      metrics.recordPlan(
        style: interaction.transition.style, operation: interaction.transition.operation.rawValue)
      // Compressed here, on the worker; the identity bytes are released when this returns, so
      // a large answer holds its compressed copy (a tenth of it) beside it only meanwhile.
      var coding = accepted.coding(forSize: body.count)
      var bytes = body
      if coding == .gzip {
        if let gzip = Gzip.compress(body, level: ContentCoding.gzipLevel(format)) {
          bytes = gzip
        } else {
          coding = .identity
        }
      }
      var r = respond(200, format.contentType, bytes, head: head)
      if coding == .gzip { r.headers.add(name: "Content-Encoding", value: "gzip") }
      r.headers.add(name: "Cache-Control", value: "no-store")
      return r
    }
  }

  func planHeaders(_ response: HTTPResponse, _ entry: ResponseCache.Entry) -> HTTPResponse {
    var r = response
    if entry.coding == .gzip, response.status == 200 {
      r.headers.add(name: "Content-Encoding", value: "gzip")
    }
    r.headers.add(name: "ETag", value: entry.etag)
    r.headers.add(name: "Cache-Control", value: "public, max-age=86400")
    return r
  }

  func preflight(_ route: Route, _ head: HTTPRequestHead) -> HTTPResponse {
    var r = respond(204, nil, [], head: head)
    r.headers.add(name: "Allow", value: route.methods.joined(separator: ", "))
    if let origin = head.headers.first(name: "Origin"), allowedOrigin(origin) != nil,
      head.headers.contains("Access-Control-Request-Method")
    {
      r.headers.add(
        name: "Access-Control-Allow-Methods", value: route.methods.joined(separator: ", "))
      r.headers.add(
        name: "Access-Control-Allow-Headers",
        value: Self.allowedRequestHeaders(
          head.headers.first(name: "Access-Control-Request-Headers")))
      r.headers.add(name: "Access-Control-Max-Age", value: String(configuration.corsMaxAge))
    }
    return r
  }

  /// The request headers the API reads, as a preflight names them.
  static let acceptedRequestHeaders = ["Content-Type", "Accept", "If-None-Match", "X-Request-ID"]

  /// The requested headers the API accepts (in the API's spelling), or all of them when the
  /// preflight names none: never an echo of whatever was asked.
  static func allowedRequestHeaders(_ requested: String?) -> String {
    guard let requested else { return acceptedRequestHeaders.joined(separator: ", ") }
    let asked = requested.split(separator: ",").prefix(64).map {
      $0.trimmingSpaces.lowercased()
    }
    return acceptedRequestHeaders.filter { asked.contains($0.lowercased()) }
      .joined(separator: ", ")
  }

  // MARK: - Response building

  func allowedOrigin(_ head: HTTPRequestHead) -> String? {
    allowsAnyOrigin ? "*" : allowedOrigin(head.headers.first(name: "Origin"))
  }

  /// The `Access-Control-Allow-Origin` of an answer: `*` on every answer under `*` (with or
  /// without an `Origin`), else the request's Origin when it is allowed.
  func allowedOrigin(_ origin: String?) -> String? {
    if allowsAnyOrigin { return "*" }
    guard let origin else { return nil }
    return configuration.allowedOrigins.contains(origin) ? origin : nil
  }

  /// The server's own answers (framing errors, time-outs, 503s): a problem document of the
  /// status's standard type, with the headers every answer of this application has.
  public func serverResponse(_ problem: HTTPServerProblem, origin: String?) -> HTTPResponse {
    var response = Self.problemResponse(problem)
    response.headers.add(name: "Vary", value: vary)
    if let allowed = allowedOrigin(origin) {
      response.headers.add(name: "Access-Control-Allow-Origin", value: allowed)
      response.headers.add(
        name: "Access-Control-Expose-Headers", value: "ETag, X-Request-ID, Retry-After")
    }
    return response
  }

  /// A server problem as a problem document: its headers (`Retry-After`), then the type.
  static func problemResponse(_ problem: HTTPServerProblem) -> HTTPResponse {
    let document = Problem(
      status: problem.status, type: Problem.standardType(for: problem.status),
      title: HTTPStatus.reasonPhrase(for: problem.status), detail: problem.detail)
    var headers = problem.headers
    headers.replaceOrAdd(name: "Content-Type", value: Problem.contentType)
    return HTTPResponse(status: problem.status, headers: headers, body: document.encoded())
  }

  func respond(_ status: Int, _ contentType: String?, _ body: [UInt8], head: HTTPRequestHead)
    -> HTTPResponse
  {
    var headers = HTTPHeaders()
    headers.reserveCapacity(8)
    if let contentType { headers.add(name: "Content-Type", value: contentType) }
    headers.add(name: "Vary", value: vary)
    if let origin = allowedOrigin(head) {
      headers.add(name: "Access-Control-Allow-Origin", value: origin)
      headers.add(name: "Access-Control-Expose-Headers", value: "ETag, X-Request-ID, Retry-After")
    }
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  /// A response made elsewhere (the server's 413) with this application's headers.
  func decorated(_ response: HTTPResponse, head: HTTPRequestHead) -> HTTPResponse {
    var r = respond(response.status, nil, response.body, head: head)
    for field in response.headers { r.headers.add(name: field.name, value: field.value) }
    return r
  }

  func problem(_ p: Problem, head: HTTPRequestHead) -> HTTPResponse {
    respond(p.status, Problem.contentType, p.encoded(), head: head)
  }

  func problem(_ kind: Problem.Kind, _ detail: String, head: HTTPRequestHead) -> HTTPResponse {
    problem(Problem(kind, detail: detail), head: head)
  }
}
