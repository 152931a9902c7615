import CCurl
import CCurlShim
import HTTP1
import JSON

/// A client of the transition-planner HTTP API on libcurl. One easy handle per client is reused
/// for every call, so connections are kept alive between calls. Not thread-safe: use one client
/// per thread.
public final class PlannerClient {
  public let baseURL: String
  private let handle: UnsafeMutableRawPointer
  /// Seconds for a whole call.
  public var timeout: Double
  /// The `Accept-Encoding` libcurl sends and decodes (the bodies handed back are decoded);
  /// nil sends none, and the service answers identity.
  public var acceptEncoding: String? = "gzip"

  public init(baseURL: String, timeout: Double = 30) throws(PlannerClientError) {
    PlannerClient.globalInit
    guard let h = curl_easy_init() else {
      throw .transport(code: -1, message: "curl_easy_init failed")
    }
    handle = h
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.timeout = timeout
  }

  deinit { curl_easy_cleanup(handle) }

  private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

  // MARK: - Typed calls

  /// `POST /v1/plans` with a plan request (JSON text).
  public func plan(_ requestJSON: String) throws(PlannerClientError) -> PlanResult {
    let exchange = try send(
      "POST", "/v1/plans", headers: ["Content-Type: application/json"],
      body: Array(requestJSON.utf8))
    return try PlanResult(try expectSuccess(exchange))
  }

  /// `GET /v1/plans?request=...`, the cacheable form; `ifNoneMatch` makes it conditional.
  public func planByGET(_ requestJSON: String, ifNoneMatch: String? = nil)
    throws(PlannerClientError) -> PlanResult
  {
    let query = QueryString.encode(Array(requestJSON.utf8))
    let exchange = try send(
      "GET", "/v1/plans?request=" + query,
      headers: ifNoneMatch.map { ["If-None-Match: \($0)"] } ?? [])
    if exchange.status == 304 { return PlanResult(notModified: exchange) }
    return try PlanResult(try expectSuccess(exchange))
  }

  /// `POST /v1/plans` with `requestJSON` flown from the plan of `inFlightJSON` at its time
  /// `at` (docs/API.md "Retargeting"): the answer starts where that plan is at `at`, keeping
  /// its velocities, and ends where `requestJSON` ends.
  public func retarget(
    _ requestJSON: String, from inFlightJSON: String, at: Double, policy: String? = nil
  ) throws(PlannerClientError) -> PlanResult {
    try plan(
      Self.retargetRequest(requestJSON, from: inFlightJSON, at: at, policy: policy))
  }

  /// `requestJSON` with `"retarget": {"at", "policy"?, "from"}` added (replacing one it had):
  /// the request ``retarget(_:from:at:policy:)`` sends. The in-flight request goes as it is,
  /// its own `retarget` included (chains).
  public static func retargetRequest(
    _ requestJSON: String, from inFlightJSON: String, at: Double, policy: String? = nil
  ) throws(PlannerClientError) -> String {
    func object(_ text: String, _ what: String) throws(PlannerClientError) -> [JSONMember] {
      guard let value = try? JSONParser.parse(Array(text.utf8), maximumDepth: 64),
        case .object(let members) = value
      else { throw .invalidRequest(message: "the \(what) is not a JSON object") }
      return members
    }
    var members = try object(requestJSON, "request").filter { $0.key != "retarget" }
    var retarget = [JSONMember("at", .number(at))]
    if let policy { retarget.append(JSONMember("policy", .string(policy))) }
    retarget.append(JSONMember("from", .object(try object(inFlightJSON, "request in flight"))))
    members.append(JSONMember("retarget", .object(retarget)))
    var w = JSONWriter()
    w.value(.object(members))
    return String(decoding: w.bytes, as: UTF8.self)
  }

  /// `POST /v1/interactions` with an interaction request (JSON text); the parsed answer.
  public func interact(_ requestJSON: String) throws(PlannerClientError) -> JSONDocument {
    let exchange = try send(
      "POST", "/v1/interactions", headers: ["Content-Type: application/json"],
      body: Array(requestJSON.utf8))
    return try JSONDocument(try expectSuccess(exchange))
  }

  /// `GET /v1/styles`.
  public func styles() throws(PlannerClientError) -> [StyleSummary] {
    let document = try JSONDocument(try expectSuccess(try send("GET", "/v1/styles")))
    guard case .array(let list) = document.json["styles"] else {
      throw .unexpectedBody(status: document.exchange.status, message: "no styles array")
    }
    return list.compactMap(StyleSummary.init)
  }

  /// `GET /healthz`: true when it answers 200.
  public func isHealthy() -> Bool {
    (try? send("GET", "/healthz"))?.status == 200
  }

  private func expectSuccess(_ exchange: HTTPExchange) throws(PlannerClientError) -> HTTPExchange {
    guard (200..<300).contains(exchange.status) else {
      throw .problem(ProblemDetails(exchange: exchange))
    }
    return exchange
  }

  // MARK: - Raw exchange

  /// Sends one request and returns whatever came back (any status). `headers` are full
  /// `Name: value` lines. An explicit `Expect:` header is honoured; curl adds
  /// `Expect: 100-continue` by itself only for bodies over 1 MiB.
  public func send(_ method: String, _ path: String, headers: [String] = [], body: [UInt8]? = nil)
    throws(PlannerClientError) -> HTTPExchange
  {
    curl_easy_reset(handle)
    let state = TransferState(body: body ?? [])
    let context = Unmanaged.passUnretained(state).toOpaque()
    var headerList: UnsafeMutablePointer<curl_slist>?
    for h in headers { headerList = curl_slist_append(headerList, h) }
    defer { curl_slist_free_all(headerList) }

    let url = baseURL + path
    ccurl_setopt_string(handle, CURLOPT_URL, url)
    ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
    ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(min(timeout, 10) * 1000))
    ccurl_setopt_long(handle, CURLOPT_TCP_NODELAY, 1)
    // Never go through a proxy from the environment: tests talk to loopback only.
    ccurl_setopt_string(handle, CURLOPT_NOPROXY, "*")
    if let acceptEncoding { ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, acceptEncoding) }
    ccurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, writeBody)
    ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    ccurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, writeHeader)
    ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    switch method {
    case "GET": ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1)
    case "HEAD": ccurl_setopt_long(handle, CURLOPT_NOBODY, 1)
    default: ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
    }
    if body != nil {
      // Streamed through the read callback so that curl can stop early (413 before the body).
      ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1)
      ccurl_setopt_offset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(state.body.count))
      ccurl_setopt_callback(handle, CURLOPT_READFUNCTION, readBody)
      ccurl_setopt_pointer(handle, CURLOPT_READDATA, context)
      ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
    }
    if let headerList {
      ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
    }

    let code = curl_easy_perform(handle)
    guard code == CURLE_OK else {
      throw .transport(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
    }
    var status = 0
    ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var uploaded: curl_off_t = 0
    ccurl_getinfo_offset(handle, CURLINFO_SIZE_UPLOAD_T, &uploaded)
    var total = 0.0
    ccurl_getinfo_double(handle, CURLINFO_TOTAL_TIME, &total)
    var connects = 0
    ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
    return HTTPExchange(
      status: status, headers: state.finalHeaders, body: state.response, bytesSent: Int(uploaded),
      totalTime: total,
      interimStatuses: state.interim, newConnections: connects)
  }
}

private func writeBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
)
  -> Int
{
  guard let data, let context else { return 0 }
  let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
  let n = size * count
  data.withMemoryRebound(to: UInt8.self, capacity: n) {
    state.response.append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
  }
  return n
}

private func writeHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
)
  -> Int
{
  guard let data, let context else { return 0 }
  let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
  let n = size * count
  let line = data.withMemoryRebound(to: UInt8.self, capacity: n) {
    String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
  }
  let trimmed = line.trimmingLineEnd
  if trimmed.hasPrefix("HTTP/") {
    // A new status line: the previous head (if any) was interim.
    if state.currentStatus != 0 && state.currentStatus < 200 {
      state.interim.append(state.currentStatus)
    }
    state.currentStatus = Int(trimmed.split(separator: " ").dropFirst().first ?? "") ?? 0
    state.headers = []
  } else if trimmed.isEmpty {
    if state.currentStatus >= 200 { state.finalHeaders = state.headers }
  } else if let colon = trimmed.firstIndex(of: ":") {
    let name = String(trimmed[..<colon])
    let value = String(trimmed[trimmed.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
    state.headers.append((name, value))
  }
  return n
}

private func readBody(
  _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
)
  -> Int
{
  guard let buffer, let context else { return 0 }
  let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
  let n = min(size * count, state.body.count - state.readOffset)
  if n > 0 {
    state.body.withUnsafeBytes { src in
      UnsafeMutableRawPointer(buffer).copyMemory(
        from: src.baseAddress! + state.readOffset, byteCount: n)
    }
    state.readOffset += n
  }
  return n
}

extension String {
  fileprivate var trimmingLineEnd: String {
    // By scalars: "\r\n" is one Character, so Character-wise suffix tests would not see it.
    var s = self
    while let last = s.unicodeScalars.last, last == "\n" || last == "\r" {
      s.unicodeScalars.removeLast()
    }
    return s
  }
}
