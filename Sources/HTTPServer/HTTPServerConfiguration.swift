import Glibc
import HTTP1

/// Server settings; defaults are HTTP.md's "Limits and time-outs". Times are in seconds.
public struct HTTPServerConfiguration: Sendable {
  /// Numeric address or name to bind: "127.0.0.1", "0.0.0.0", "::1", "::", "localhost".
  public var host: String = "127.0.0.1"
  /// 0 picks a free port; ``HTTPServer/start()`` returns the one bound.
  public var port: Int = 8080
  public var limits: HTTPParserLimits = HTTPParserLimits()
  /// Fresh connection or between requests, until a request's first byte: close quietly.
  public var idleTimeout: Double = 60
  /// Whole head once its first byte arrived (slowloris): 408 and close.
  public var headTimeout: Double = 10
  /// Between body bytes: 408 and close.
  public var bodyTimeout: Double = 10
  /// A client that stops reading our responses for this long is disconnected.
  public var writeTimeout: Double = 30
  /// After a response with `Connection: close`, how long unread request bytes are drained so the
  /// kernel does not reset the connection before the client has read the response.
  public var lingerTimeout: Double = 2
  /// At the cap, new sockets are accepted and closed at once. Lowered at start to what the
  /// open-file limit allows.
  public var maxConnections: Int = 4096
  /// Handler work queued beyond the busy workers; beyond it: 503 with `Retry-After`.
  public var maxQueuedRequests: Int = 256
  /// Requests received but not yet answered on one connection; at the cap the connection is not
  /// read until answers drain.
  public var maxPipelinedRequests: Int = 16
  /// Serialised but unsent response bytes on one connection before reading is paused.
  public var maxPendingOutputBytes: Int = 1 << 20
  /// After ``HTTPServer/beginDrain()``, connections still open after this are closed.
  public var drainGracePeriod: Double = 10
  /// Threads running the handler (unless ``inlineHandler``).
  public var workerCount: Int = HTTPServerConfiguration.activeProcessorCount
  /// Event loops the connections are spread over (threads, or serial queues with the
  /// Dispatch-driven ``SocketEvents``).
  public var eventLoopCount: Int = HTTPServerConfiguration.activeProcessorCount
  /// How sockets' readiness reaches the event loops.
  public var socketEvents: SocketEvents = .thread
  /// Run the handler directly on the connection's event loop: no hand-offs, for handlers
  /// that are quick and never block (health checks, small computations). The 503 queue limit
  /// does not apply then.
  public var inlineHandler: Bool = false
  /// Tried first for every request, on the event loop: a response it returns is sent at once
  /// (no queue hops, never refused with 503 because slow work fills the queue); nil sends the
  /// request to the workers' handler. For cheap answers: health checks, cache hits, refusals.
  /// Must be quick and never block. Ignored when ``inlineHandler`` is set.
  public var inlineFirst: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil
  /// `Retry-After` seconds sent with 503.
  public var retryAfterSeconds: Int = 1

  public init() {}

  public init(host: String = "127.0.0.1", port: Int = 8080) {
    self.host = host
    self.port = port
  }

  public enum SocketEvents: String, Sendable, CaseIterable {
    /// The default. Each loop runs on its own thread, which waits in `epoll_wait` on the loop's
    /// epoll set itself and picks up the workers' results between batches: no Dispatch
    /// hand-off per wake-up (about 10 % less server CPU per varying plan than `epoll`, see
    /// the README). Falls back to `epoll` when the thread or its eventfd cannot be had.
    case thread
    /// One Dispatch read source per loop over an epoll set of the loop's sockets, the loop's
    /// work on a serial Dispatch queue: one wake-up and one `epoll_wait` serve every ready
    /// socket (about half the kernel work per request of `dispatch` under load).
    case epoll
    /// A Dispatch read source (and, when a write falls short, a write source) per socket.
    case dispatch
  }

  public static var activeProcessorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}
