import HTTP1

/// Which format a plan or interaction request gets: the `format` query parameter when given
/// (it must be one the `Accept` header admits), else the format the `Accept` header prefers.
enum FormatNegotiation {
  enum Outcome: Equatable {
    case format(ExportFormat, ExportOptions)
    /// `format` names no format: 400.
    case unknownFormat(String)
    /// `moments` is not an integer in range: 400.
    case invalidMoments(String)
    /// `keyframes` names no spelling: 400.
    case invalidKeyframes(String)
    /// `keyframes=compact` for a format other than `waapi`: 400.
    case keyframesNeedWaapi(ExportFormat)
    /// `format`, `moments` or `keyframes` given more than once: 400.
    case repeatedParameter(String)
    /// The `Accept` header admits neither the named format nor (without one) any format: 406.
    case notAcceptable(ExportFormat?)
    /// A plans-only format named on `/v1/interactions`: 400.
    case plansOnly(ExportFormat)
  }

  /// The formats a route answers in: every one for plans, all but the plans-only ones for
  /// interactions.
  static func formats(interactions: Bool) -> [ExportFormat] {
    interactions ? ExportFormat.allCases.filter(\.servesInteractions) : ExportFormat.allCases
  }

  static func negotiate(_ head: HTTPRequestHead, interactions: Bool = false) -> Outcome {
    let accept = head.headers["Accept"]
    // The hot path (the JSON plan): a query that names neither parameter (or none, as on
    // POST) and an Accept that means JSON skip every parse.
    let query = head.query
    if query.map({ !mayName($0) }) ?? true,
      accept.isEmpty
        || (accept.count == 1 && (accept[0] == "*/*" || accept[0] == "application/json"))
    {
      return .format(.json, ExportOptions())
    }
    return negotiate(query: query, accept: accept, interactions: interactions)
  }

  /// Whether the query may hold `format`, `moments` or `keyframes` (possibly percent-encoded),
  /// so that a query without any skips parsing.
  static func mayName(_ query: Substring) -> Bool {
    // A byte scan: `f` or `m` followed by the rest of either name, or any percent escape.
    let bytes = query.utf8
    var i = bytes.startIndex
    while i != bytes.endIndex {
      switch bytes[i] {
      case UInt8(ascii: "%"): return true
      case UInt8(ascii: "f"):
        if bytes[i...].starts(with: "format".utf8) { return true }
      case UInt8(ascii: "m"):
        if bytes[i...].starts(with: "moments".utf8) { return true }
      case UInt8(ascii: "k"):
        if bytes[i...].starts(with: "keyframes".utf8) { return true }
      default: break
      }
      i = bytes.index(after: i)
    }
    return false
  }

  static func negotiate(query: Substring?, accept: [String], interactions: Bool = false)
    -> Outcome
  {
    let candidates = formats(interactions: interactions)
    let ranges = AcceptHeader(accept)
    func admits(_ f: ExportFormat) -> Bool {
      guard let ranges else { return true }
      return ranges.quality(type: f.mediaType.type, subtype: f.mediaType.subtype) > 0
    }
    // An Accept that admits nothing the route makes is the earliest rule (406 before 400).
    if ranges != nil, !candidates.contains(where: admits) { return .notAcceptable(nil) }
    var options = ExportOptions()
    if let query {
      for name in ["format", "moments", "keyframes"]
      where QueryString.occurrences(of: name, in: query) > 1 {
        return .repeatedParameter(name)
      }
    }
    if let query, let given = QueryString.value(of: "moments", in: query) {
      guard case .success(let bytes) = given, let text = String(validating: bytes, as: UTF8.self),
        let n = Int(text), ExportOptions.momentsRange.contains(n)
      else {
        let text = (try? given.get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return .invalidMoments(text)
      }
      options.moments = n
    }
    if let query, let given = QueryString.value(of: "keyframes", in: query) {
      let name = (try? given.get()).map { String(decoding: $0, as: UTF8.self) }
      guard let name, let keyframes = WaapiKeyframes(rawValue: name) else {
        return .invalidKeyframes(name ?? "")
      }
      options.keyframes = keyframes
    }
    // `keyframes=compact` is a waapi spelling: another format is a client's mistake to name.
    func checked(_ format: ExportFormat) -> Outcome {
      options.keyframes == .compact && !format.usesKeyframes
        ? .keyframesNeedWaapi(format) : .format(format, options)
    }
    if let query, let given = QueryString.value(of: "format", in: query) {
      let name = (try? given.get()).map { String(decoding: $0, as: UTF8.self) }
      guard let name, let format = ExportFormat(rawValue: name) else {
        return .unknownFormat(name ?? "")
      }
      guard admits(format) else { return .notAcceptable(format) }
      return candidates.contains(format) ? checked(format) : .plansOnly(format)
    }
    guard let ranges else { return checked(.json) }
    // The highest q wins; ties go to the earlier format (JSON first).
    var best: (format: ExportFormat, q: Double)? = nil
    for f in candidates {
      let q = ranges.quality(type: f.mediaType.type, subtype: f.mediaType.subtype)
      if q > 0, q > (best?.q ?? 0) { best = (f, q) }
    }
    guard let best else { return .notAcceptable(nil) }
    return checked(best.format)
  }
}
