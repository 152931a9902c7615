import HTTP1
import HTTPServer
import PlannerService

#if canImport(Glibc)
  import Glibc
#endif

/// The settings of `serve`: each a flag and an environment variable (container style); a flag
/// wins over the environment, which wins over the default. One table (``settings``) says, per
/// setting, its flag, its variable, what it means, the values it takes and where it goes;
/// parsing and `--help` both read it, and help shows each default as `ServeOptions()` holds it.
struct ServeOptions: Sendable {
  var server = HTTPServerConfiguration(host: "127.0.0.1", port: 8080)
  var app = PlannerAppConfiguration()
  var accessLog = true

  struct Setting: Sendable {
    var flag: String
    var env: String
    var meaning: String
    var value: Value
    /// Help's default when it is not the configuration's value (one per core).
    var shownDefault: String? = nil

    enum Value: Sendable {
      /// An integer within `range`.
      case integer(ClosedRange<Int>, WritableKeyPath<ServeOptions, Int> & Sendable)
      /// Seconds, finite, over `lower` (or from it, `inclusive`).
      case seconds(over: Double, inclusive: Bool, WritableKeyPath<ServeOptions, Double> & Sendable)
      /// One of `names` (case-insensitive), each a value.
      case choice([(names: [String], apply: @Sendable (inout ServeOptions) -> Void)], shown: String)
      /// Text read by `parse` (false: invalid), its default shown as `shown`.
      case text(parse: @Sendable (inout ServeOptions, String) -> Bool, shown: String)
    }

    /// What the setting takes and its default, as help and error messages say them.
    var help: String {
      let defaults = ServeOptions()
      switch value {
      case .integer(let range, let path):
        let bounds =
          range.upperBound == Int.max
          ? "" : ", \(range.lowerBound) to \(range.upperBound)"
        return "\(meaning)\(bounds) (\(shownDefault ?? String(defaults[keyPath: path])))"
      case .seconds(_, _, let path):
        let seconds = defaults[keyPath: path]
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "\(meaning) (\(shownDefault ?? shown))"
      case .choice(_, let shown), .text(_, let shown):
        return "\(meaning) (\(shownDefault ?? shown))"
      }
    }

    /// Stores `text`; false when it is not a value the setting takes.
    func apply(_ options: inout ServeOptions, _ text: String) -> Bool {
      switch value {
      case .integer(let range, let path):
        guard let n = Int(text), range.contains(n) else { return false }
        options[keyPath: path] = n
      case .seconds(let lower, let inclusive, let path):
        guard let n = Double(text), n.isFinite, inclusive ? n >= lower : n > lower else {
          return false
        }
        options[keyPath: path] = n
      case .choice(let values, _):
        guard let value = values.first(where: { $0.names.contains(text.lowercased()) }) else {
          return false
        }
        value.apply(&options)
      case .text(let parse, _):
        return parse(&options, text)
      }
      return true
    }
  }

  /// The most `--workers` (`WORKERS`) allowed: the threads start at once, and a huge count
  /// would take every thread the user may have (and every fork on the machine would fail).
  static let maximumWorkers = 256

  static let settings: [Setting] = [
    Setting(
      flag: "--host", env: "HOST", meaning: "address to bind; 0.0.0.0 or :: for all",
      value: .text(
        parse: { o, v in
          o.server.host = v
          return !v.isEmpty
        }, shown: "127.0.0.1")),
    Setting(
      flag: "--port", env: "PORT", meaning: "port to bind; 0 picks a free one and prints it",
      value: .integer(0...65535, \.server.port)),
    Setting(
      flag: "--max-body-bytes", env: "MAX_BODY_BYTES", meaning: "largest request body, else 413",
      value: .integer(1...Int.max, \.server.rules.parserLimits.maximumBodyBytes)),
    Setting(
      flag: "--max-head-bytes", env: "MAX_HEAD_BYTES",
      meaning: "largest request head (at least 256), else 431",
      value: .integer(256...Int.max, \.server.rules.parserLimits.maximumHeadBytes)),
    Setting(
      flag: "--max-header-count", env: "MAX_HEADER_COUNT", meaning: "most header fields, else 431",
      value: .integer(1...Int.max, \.server.rules.parserLimits.maximumHeaderCount)),
    Setting(
      flag: "--max-target-bytes", env: "MAX_TARGET_BYTES",
      meaning: "longest request target, else 414",
      value: .integer(1...Int.max, \.server.rules.parserLimits.maximumTargetBytes)),
    Setting(
      flag: "--idle-timeout", env: "IDLE_TIMEOUT",
      meaning: "seconds an idle keep-alive connection is kept",
      value: .seconds(over: 0, inclusive: false, \.server.rules.idleTimeout)),
    Setting(
      flag: "--head-timeout", env: "HEAD_TIMEOUT",
      meaning: "seconds to receive a whole head, else 408",
      value: .seconds(over: 0, inclusive: false, \.server.rules.headTimeout)),
    Setting(
      flag: "--body-timeout", env: "BODY_TIMEOUT",
      meaning: "seconds allowed between body bytes, else 408",
      value: .seconds(over: 0, inclusive: false, \.server.rules.bodyTimeout)),
    Setting(
      flag: "--max-connections", env: "MAX_CONNECTIONS",
      meaning: "open connections; more are closed at once",
      value: .integer(1...Int.max, \.server.maximumConnections)),
    Setting(
      flag: "--max-queued-requests", env: "MAX_QUEUED_REQUESTS",
      meaning: "work queued beyond the workers, else 503",
      value: .integer(1...Int.max, \.server.maximumQueuedRequests)),
    Setting(
      flag: "--max-pipelined-requests", env: "MAX_PIPELINED_REQUESTS",
      meaning: "requests buffered per connection",
      value: .integer(1...Int.max, \.server.rules.maximumPipelinedRequests)),
    Setting(
      flag: "--body-deadline", env: "BODY_DEADLINE",
      meaning: "seconds to receive a whole body from its head, else 408",
      value: .seconds(over: 0, inclusive: false, \.server.rules.bodyDeadline)),
    Setting(
      flag: "--max-buffered-body-bytes", env: "MAX_BUFFERED_BODY_BYTES",
      meaning: "request body bytes all connections may hold, else 503 and close",
      value: .integer(1...Int.max, \.server.maximumBufferedBodyBytes)),
    Setting(
      flag: "--max-held-response-bytes", env: "MAX_HELD_RESPONSE_BYTES",
      meaning: "unsent answer bytes all connections may hold, else new work is 503",
      value: .integer(1...Int.max, \.server.maximumHeldResponseBytes)),
    Setting(
      flag: "--write-timeout", env: "WRITE_TIMEOUT",
      meaning:
        "seconds a client may take none of an answer, and the window of the minimum send rate",
      value: .seconds(over: 0, inclusive: false, \.server.rules.writeTimeout)),
    Setting(
      flag: "--drain-grace-period", env: "DRAIN_GRACE_PERIOD",
      meaning: "seconds to finish work after SIGTERM",
      value: .seconds(over: 0, inclusive: true, \.server.drainGracePeriod)),
    Setting(
      flag: "--event-loops", env: "EVENT_LOOPS", meaning: "event loops carrying the connections",
      value: .integer(1...64, \.server.eventLoopCount), shownDefault: "one per core"),
    Setting(
      flag: "--socket-events", env: "SOCKET_EVENTS",
      meaning:
        "thread (each loop waits in epoll_wait on its own thread) or dispatch (Dispatch sources per socket)",
      value: .choice(
        HTTPServerConfiguration.SocketEvents.allCases.map { kind in
          ([kind.rawValue], { @Sendable (o: inout ServeOptions) in o.server.socketEvents = kind })
        }, shown: HTTPServerConfiguration().socketEvents.rawValue)),
    Setting(
      flag: "--max-gesture-samples", env: "MAX_GESTURE_SAMPLES",
      meaning: "samples in one interaction's gesture, else 422",
      value: .integer(1...Int.max, \.app.limits.maximumGestureSamples)),
    Setting(
      flag: "--max-gesture-span", env: "MAX_GESTURE_SPAN",
      meaning: "seconds one gesture may span, else 422",
      value: .seconds(over: 0, inclusive: false, \.app.limits.maximumGestureSpan)),
    Setting(
      flag: "--workers", env: "WORKERS", meaning: "threads planning requests",
      value: .integer(1...maximumWorkers, \.server.workerCount), shownDefault: "one per core"),
    Setting(
      flag: "--worker-nice", env: "WORKER_NICE",
      meaning: "nice levels the workers run below the event loops",
      value: .integer(0...19, \.server.workerNice)),
    Setting(
      flag: "--access-log", env: "ACCESS_LOG",
      meaning: "one JSON line per request on stdout: on|off",
      value: .choice(
        [
          (
            ["on", "true", "1", "yes"], { @Sendable (o: inout ServeOptions) in o.accessLog = true }
          ),
          (
            ["off", "false", "0", "no"],
            { @Sendable (o: inout ServeOptions) in o.accessLog = false }
          ),
        ], shown: "on")),
    Setting(
      flag: "--cors-origins", env: "CORS_ORIGINS",
      meaning: "comma-separated allowed origins, * for any",
      value: .text(
        parse: { o, v in
          let list = v.split(separator: ",").map { String($0.trimmingSpaces) }.filter {
            !$0.isEmpty
          }
          guard !list.isEmpty else { return false }
          o.app.allowedOrigins = list
          return true
        }, shown: PlannerAppConfiguration().allowedOrigins.joined(separator: ","))),
    Setting(
      flag: "--cache-entries", env: "CACHE_ENTRIES",
      meaning: "plans kept in the response cache, 0 turns it off",
      value: .integer(0...Int.max, \.app.cacheEntries)),
    Setting(
      flag: "--cache-bytes", env: "CACHE_BYTES", meaning: "bytes the response cache may hold",
      value: .integer(0...Int.max, \.app.cacheBytes)),
    Setting(
      flag: "--max-keyframes", env: "MAX_KEYFRAMES",
      meaning: "keyframes (layers x frames) in one plan, else 422",
      value: .integer(1...Int.max, \.app.limits.maximumKeyframes)),
    Setting(
      flag: "--max-interaction-keyframes", env: "MAX_INTERACTION_KEYFRAMES",
      meaning: "keyframes in one interaction, checked before sampling, else 422",
      value: .integer(1...Int.max, \.app.limits.maximumInteractionKeyframes)),
    Setting(
      flag: "--max-response-bytes", env: "MAX_RESPONSE_BYTES",
      meaning: "bytes of one plan or interaction answer in its format, else 422",
      value: .integer(1...Int.max, \.app.limits.maximumResponseBytes)),
  ]

  static var help: String {
    var s =
      "Usage: transition-planner serve [options]\n\nOptions (flag, environment variable, meaning and default):\n"
    for setting in settings {
      let flag = setting.flag + " VALUE"
      s +=
        "  " + flag + String(repeating: " ", count: max(1, 32 - flag.count)) + setting.env
        + String(repeating: " ", count: max(1, 24 - setting.env.count)) + setting.help + "\n"
    }
    s += "  -h, --help                      this text\n"
    return s
  }

  /// Environment first, then flags. Returns an error message for a bad value or flag.
  static func parse(_ arguments: [String], environment: [String: String]) -> Result<
    ServeOptions, ParseFailure
  > {
    var options = ServeOptions()
    for setting in settings {
      if let value = environment[setting.env], !setting.apply(&options, value) {
        return .failure(ParseFailure(message: "invalid \(setting.env)=\(value): \(setting.help)"))
      }
    }
    var i = 0
    while i < arguments.count {
      var flag = arguments[i]
      var value: String?
      if let eq = flag.firstIndex(of: "="), flag.hasPrefix("--") {
        value = String(flag[flag.index(after: eq)...])
        flag = String(flag[..<eq])
      }
      guard let setting = settings.first(where: { $0.flag == flag }) else {
        return .failure(ParseFailure(message: "unknown option '\(arguments[i])'"))
      }
      if value == nil {
        i += 1
        guard i < arguments.count else {
          return .failure(ParseFailure(message: "\(flag) needs a value"))
        }
        value = arguments[i]
      }
      guard setting.apply(&options, value!) else {
        return .failure(
          ParseFailure(message: "invalid value '\(value!)' for \(flag): \(setting.help)"))
      }
      i += 1
    }
    return .success(options)
  }

  struct ParseFailure: Error {
    var message: String
  }

  static var processEnvironment: [String: String] {
    var env: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
      let s = String(cString: entry)
      if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
      p += 1
    }
    return env
  }
}

extension StringProtocol {
  var trimmingSpaces: Substring {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return s
  }
}
