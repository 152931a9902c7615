import Glibc
import HTTP1

/// Server settings; defaults are docs/HTTP.md's "Limits" and "Time-outs". Times are in seconds.
public struct HTTPServerConfiguration: Sendable {
  /// Numeric address or name to bind: "127.0.0.1", "0.0.0.0", "::1", "::", "localhost".
  public var host: String = "127.0.0.1"
  /// 0 picks a free port; ``HTTPServer/start()`` returns the one bound.
  public var port: Int = 8080
  /// The HTTP/1.1 connection rules: parser limits, time-outs, pipelining depth, output bound.
  public var rules = ConnectionRules()
  /// At the cap, new sockets are accepted and closed at once. Lowered at start to what the
  /// open-file limit allows.
  public var maximumConnections: Int = 4096
  /// Handler work queued beyond the busy workers; beyond it: 503 with `Retry-After`.
  public var maximumQueuedRequests: Int = 256
  /// After ``HTTPServer/beginDrain()``, connections still open after this are closed.
  public var drainGracePeriod: Double = 10
  /// Threads running the answers responders give for later (``HTTPAnswer/later(_:)``).
  public var workerCount: Int = HTTPServerConfiguration.activeProcessorCount
  /// How many nice levels below the event loops the workers run (0 to 19). The loops answer
  /// health checks, cache hits and refusals in microseconds; at equal priority they waited
  /// behind CPU-bound plans for a time slice (attack.py's slow-reader flood: cached plans
  /// 117 ms at p99, against 2.1 ms with 5). It costs plans nothing on their own cores, but a
  /// process sharing them at the default priority (wrk in the benchmarks) now gets more CPU
  /// than the workers.
  public var workerNice: Int = 5
  /// Event loops the connections are spread over (threads, or serial queues with
  /// ``SocketEvents/dispatch``).
  public var eventLoopCount: Int = HTTPServerConfiguration.activeProcessorCount
  /// How sockets' readiness reaches the event loops.
  public var socketEvents: SocketEvents = .thread
  /// Request body bytes all connections together may hold while bodies arrive; past it the
  /// request whose bytes tipped it over is answered 503 and its connection closed (the rule is
  /// the connection machine's, so it lives in ``rules``).
  public var maximumBufferedBodyBytes: Int {
    get { rules.maximumBufferedBodyBytes }
    set { rules.maximumBufferedBodyBytes = newValue }
  }
  /// Answer bytes all connections together may hold unsent; past it new work is answered 503
  /// with `Retry-After` instead of being computed.
  public var maximumHeldResponseBytes: Int = 64 << 20
  /// `Retry-After` seconds sent with 503.
  public var retryAfterSeconds: Int {
    get { rules.retryAfterSeconds }
    set { rules.retryAfterSeconds = newValue }
  }

  public init() {}

  public init(host: String = "127.0.0.1", port: Int = 8080) {
    self.host = host
    self.port = port
  }

  public enum SocketEvents: String, Sendable, CaseIterable {
    /// The default. Each loop runs on its own thread, which waits in `epoll_wait` on the loop's
    /// epoll set itself and picks up the workers' results between batches: no Dispatch
    /// hand-off per wake-up (docs/ARCHITECTURE.md "Socket readiness" has the measurement).
    /// Falls back to `dispatch` when the thread, its epoll set or its eventfd cannot be had.
    case thread
    /// A Dispatch read source (and, when a write falls short, a write source) per socket, the
    /// loop's work on a serial Dispatch queue: Dispatch only, no epoll of our own.
    case dispatch
  }

  public static var activeProcessorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}
