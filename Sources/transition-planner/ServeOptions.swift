import HTTP1
import HTTPServer
import PlannerService

#if canImport(Glibc)
  import Glibc
#endif

/// The settings of `serve`: each a flag and an environment variable (container style); a flag
/// wins over the environment, which wins over the default.
struct ServeOptions: Sendable {
  var server = HTTPServerConfiguration(host: "127.0.0.1", port: 8080)
  var app = PlannerAppConfiguration()
  var accessLog = true

  struct Setting: Sendable {
    var flag: String
    var env: String
    var help: String
    var apply: @Sendable (inout ServeOptions, String) -> Bool
  }

  static func number(_ s: String) -> Double? {
    guard let v = Double(s), v.isFinite, v >= 0 else { return nil }
    return v
  }

  static func integer(_ s: String) -> Int? {
    guard let v = Int(s), v >= 0 else { return nil }
    return v
  }

  /// The most `--workers` (`WORKERS`) allowed.
  static let maximumWorkers = 256

  static let settings: [Setting] = [
    Setting(flag: "--host", env: "HOST", help: "address to bind (127.0.0.1; 0.0.0.0 or :: for all)")
    { o, v in
      o.server.host = v
      return !v.isEmpty
    },
    Setting(
      flag: "--port", env: "PORT", help: "port to bind, 0 picks a free one and prints it (8080)"
    ) { o, v in
      guard let p = integer(v), p <= 65535 else { return false }
      o.server.port = p
      return true
    },
    Setting(
      flag: "--max-body-bytes", env: "MAX_BODY_BYTES",
      help: "largest request body, else 413 (1048576)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.rules.parserLimits.maxBodyBytes = n
      return true
    },
    Setting(
      flag: "--max-head-bytes", env: "MAX_HEAD_BYTES",
      help: "largest request head, else 431 (16384)"
    ) { o, v in
      guard let n = integer(v), n >= 256 else { return false }
      o.server.rules.parserLimits.maxHeadBytes = n
      return true
    },
    Setting(
      flag: "--max-header-count", env: "MAX_HEADER_COUNT",
      help: "most header fields, else 431 (100)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.rules.parserLimits.maxHeaderCount = n
      return true
    },
    Setting(
      flag: "--max-target-bytes", env: "MAX_TARGET_BYTES",
      help: "longest request target, else 414 (8192)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.rules.parserLimits.maxTargetBytes = n
      return true
    },
    Setting(
      flag: "--idle-timeout", env: "IDLE_TIMEOUT",
      help: "seconds an idle keep-alive connection is kept (60)"
    ) { o, v in
      guard let n = number(v), n > 0 else { return false }
      o.server.rules.idleTimeout = n
      return true
    },
    Setting(
      flag: "--head-timeout", env: "HEAD_TIMEOUT",
      help: "seconds to receive a whole head, else 408 (10)"
    ) { o, v in
      guard let n = number(v), n > 0 else { return false }
      o.server.rules.headTimeout = n
      return true
    },
    Setting(
      flag: "--body-timeout", env: "BODY_TIMEOUT",
      help: "seconds allowed between body bytes, else 408 (10)"
    ) { o, v in
      guard let n = number(v), n > 0 else { return false }
      o.server.rules.bodyTimeout = n
      return true
    },
    Setting(
      flag: "--max-connections", env: "MAX_CONNECTIONS",
      help: "open connections; more are closed at once (4096)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.maxConnections = n
      return true
    },
    Setting(
      flag: "--max-queued-requests", env: "MAX_QUEUED_REQUESTS",
      help: "work queued beyond the workers, else 503 (256)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.maxQueuedRequests = n
      return true
    },
    Setting(
      flag: "--max-pipelined-requests", env: "MAX_PIPELINED_REQUESTS",
      help: "requests buffered per connection (16)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.rules.maxPipelinedRequests = n
      return true
    },
    Setting(
      flag: "--body-deadline", env: "BODY_DEADLINE",
      help: "seconds to receive a whole body from its head, else 408 (60)"
    ) { o, v in
      guard let n = number(v), n > 0 else { return false }
      o.server.rules.bodyDeadline = n
      return true
    },
    Setting(
      flag: "--max-buffered-body-bytes", env: "MAX_BUFFERED_BODY_BYTES",
      help: "request body bytes all connections may hold, else 503 and close (33554432)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.maxBufferedBodyBytes = n
      return true
    },
    Setting(
      flag: "--max-held-response-bytes", env: "MAX_HELD_RESPONSE_BYTES",
      help: "unsent answer bytes all connections may hold, else new work is 503 (67108864)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.server.maxHeldResponseBytes = n
      return true
    },
    Setting(
      flag: "--write-timeout", env: "WRITE_TIMEOUT",
      help:
        "seconds a client may take none of an answer, and the window of the minimum send rate (30)"
    ) { o, v in
      guard let n = number(v), n > 0 else { return false }
      o.server.rules.writeTimeout = n
      return true
    },
    Setting(
      flag: "--drain-grace-period", env: "DRAIN_GRACE_PERIOD",
      help: "seconds to finish work after SIGTERM (10)"
    ) { o, v in
      guard let n = number(v) else { return false }
      o.server.drainGracePeriod = n
      return true
    },
    Setting(
      flag: "--event-loops", env: "EVENT_LOOPS",
      help: "event loops carrying the connections, 1 to 64 (one per core)"
    ) {
      o, v in
      guard let n = integer(v), n > 0, n <= 64 else { return false }
      o.server.eventLoopCount = n
      return true
    },
    Setting(
      flag: "--socket-events", env: "SOCKET_EVENTS",
      help:
        "thread (each loop waits in epoll_wait on its own thread) or dispatch (Dispatch sources per socket) (thread)"
    ) { o, v in
      guard let kind = HTTPServerConfiguration.SocketEvents(rawValue: v.lowercased()) else {
        return false
      }
      o.server.socketEvents = kind
      return true
    },
    Setting(
      flag: "--max-gesture-samples", env: "MAX_GESTURE_SAMPLES",
      help: "samples in one interaction's gesture, else 422 (10000)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.app.limits.maximumGestureSamples = n
      return true
    },
    Setting(
      flag: "--max-gesture-span", env: "MAX_GESTURE_SPAN",
      help: "seconds one gesture may span, else 422 (600)"
    ) { o, v in
      guard let n = number(v), n > 0 else { return false }
      o.app.limits.maximumGestureSpan = n
      return true
    },
    Setting(
      flag: "--workers", env: "WORKERS",
      help: "threads planning requests, 1 to \(maximumWorkers) (one per core)"
    ) {
      o, v in
      // Bounded: the threads start at once, and a huge count would take every thread the
      // user may have (and every fork on the machine would fail).
      guard let n = integer(v), n > 0, n <= maximumWorkers else { return false }
      o.server.workerCount = n
      return true
    },
    Setting(
      flag: "--worker-nice", env: "WORKER_NICE",
      help: "nice levels the workers run below the event loops, 0 to 19 (5)"
    ) { o, v in
      guard let n = integer(v), (0...19).contains(n) else { return false }
      o.server.workerNice = n
      return true
    },
    Setting(
      flag: "--access-log", env: "ACCESS_LOG",
      help: "one JSON line per request on stdout: on|off (on)"
    ) { o, v in
      switch v.lowercased() {
      case "on", "true", "1", "yes": o.accessLog = true
      case "off", "false", "0", "no": o.accessLog = false
      default: return false
      }
      return true
    },
    Setting(
      flag: "--cors-origins", env: "CORS_ORIGINS",
      help: "comma-separated allowed origins, * for any (*)"
    ) { o, v in
      let list = v.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
      guard !list.isEmpty else { return false }
      o.app.allowedOrigins = list
      return true
    },
    Setting(
      flag: "--cache-entries", env: "CACHE_ENTRIES",
      help: "plans kept in the response cache, 0 turns it off (4096)"
    ) { o, v in
      guard let n = integer(v) else { return false }
      o.app.cacheEntries = n
      return true
    },
    Setting(
      flag: "--cache-bytes", env: "CACHE_BYTES",
      help: "bytes the response cache may hold (67108864)"
    ) { o, v in
      guard let n = integer(v) else { return false }
      o.app.cacheBytes = n
      return true
    },
    Setting(
      flag: "--max-keyframes", env: "MAX_KEYFRAMES",
      help: "keyframes (layers x frames) in one plan, else 422 (200000)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.app.limits.maximumKeyframes = n
      return true
    },
    Setting(
      flag: "--max-interaction-keyframes", env: "MAX_INTERACTION_KEYFRAMES",
      help: "keyframes in one interaction, checked before sampling, else 422 (50000)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.app.limits.maximumInteractionKeyframes = n
      return true
    },
    Setting(
      flag: "--max-response-bytes", env: "MAX_RESPONSE_BYTES",
      help: "bytes of one plan or interaction answer in its format, else 422 (8388608)"
    ) { o, v in
      guard let n = integer(v), n > 0 else { return false }
      o.app.limits.maximumResponseBytes = n
      return true
    },
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
