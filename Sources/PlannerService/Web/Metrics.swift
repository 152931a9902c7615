import Synchronization

/// Prometheus counters and a latency histogram, safe to update from every worker.
public final class Metrics: Sendable {
  /// Upper bounds of the latency buckets, seconds.
  public static let buckets: [Double] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]

  static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "OTHER"]
  static let routeLabels = Route.allCases.map(\.label) + ["unmatched"]

  /// Route, method and status packed in one integer: counting a request hashes no strings.
  struct RequestKey: Hashable {
    var packed: Int

    init(route: Int, method: Int, status: Int) {
      packed = route << 24 | method << 16 | status
    }

    var route: String { Metrics.routeLabels[packed >> 24] }
    var method: String { Metrics.methods[(packed >> 16) & 0xFF] }
    var status: Int { packed & 0xFFFF }
  }

  struct PlanKey: Hashable {
    var style: String
    var operation: String
  }

  struct State {
    var requests: [RequestKey: Int] = [:]
    var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count)
    var durationSum = 0.0
    var durationCount = 0
    var plans: [PlanKey: Int] = [:]
    var cacheHits = 0
    var cacheMisses = 0
  }

  private let state = Mutex(State())

  public init() {}

  /// Counts one answered request. Unknown paths share the label `unmatched` so that scanners
  /// cannot grow the series without bound; unknown methods likewise become `OTHER`.
  public func recordRequest(path: String, method: String, status: Int, duration: Double) {
    let route =
      Route(path: Substring(path)).flatMap { Route.allCases.firstIndex(of: $0) }
      ?? Route.allCases.count
    let m = Metrics.methods.firstIndex(of: method) ?? Metrics.methods.count - 1
    let key = RequestKey(route: route, method: m, status: min(max(status, 0), 0xFFFF))
    state.withLock { s in
      s.requests[key, default: 0] += 1
      if let i = Metrics.buckets.firstIndex(where: { duration <= $0 }) { s.bucketCounts[i] += 1 }
      s.durationSum += duration
      s.durationCount += 1
    }
  }

  public func recordPlan(style: String, operation: String) {
    state.withLock { $0.plans[PlanKey(style: style, operation: operation), default: 0] += 1 }
  }

  public func recordCache(hit: Bool) {
    state.withLock { s in
      if hit { s.cacheHits += 1 } else { s.cacheMisses += 1 }
    }
  }

  /// The Prometheus text exposition (version 0.0.4), series sorted for stable output.
  public func exposition(openConnections: Int) -> String {
    let s = state.withLock { $0 }
    var out = ""
    out += "# HELP http_requests_total HTTP requests answered, by route, method and status.\n"
    out += "# TYPE http_requests_total counter\n"
    for (key, count) in s.requests.sorted(by: {
      ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
    }) {
      out +=
        "http_requests_total{route=\"\(key.route)\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)\n"
    }
    out +=
      "# HELP http_request_duration_seconds Time from a request's first byte to its response.\n"
    out += "# TYPE http_request_duration_seconds histogram\n"
    var cumulative = 0
    for (bound, count) in zip(Metrics.buckets, s.bucketCounts) {
      cumulative += count
      out += "http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
    }
    out += "http_request_duration_seconds_bucket{le=\"+Inf\"} \(s.durationCount)\n"
    out += "http_request_duration_seconds_sum \(s.durationSum)\n"
    out += "http_request_duration_seconds_count \(s.durationCount)\n"
    out += "# HELP http_open_connections Client connections open now.\n"
    out += "# TYPE http_open_connections gauge\n"
    out += "http_open_connections \(openConnections)\n"
    out += "# HELP plans_total Plans and interactions answered, by style and operation.\n"
    out += "# TYPE plans_total counter\n"
    for (key, count) in s.plans.sorted(by: {
      ($0.key.style, $0.key.operation) < ($1.key.style, $1.key.operation)
    }) {
      out += "plans_total{style=\"\(key.style)\",operation=\"\(key.operation)\"} \(count)\n"
    }
    out += "# HELP plan_cache_requests_total Plan cache look-ups by result.\n"
    out += "# TYPE plan_cache_requests_total counter\n"
    out += "plan_cache_requests_total{result=\"hit\"} \(s.cacheHits)\n"
    out += "plan_cache_requests_total{result=\"miss\"} \(s.cacheMisses)\n"
    return out
  }
}
