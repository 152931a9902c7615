import Dispatch
import Glibc
import HTTP1
import Synchronization

/// An HTTP/1.1 server on non-blocking sockets (docs/HTTP.md "Shape").
///
/// One Dispatch accept source on its own queue; accepted sockets are spread over a few event
/// loops (no thread per connection), each on its own thread waiting in `epoll_wait` or, by
/// choice, on a Dispatch queue; the responder's slow answers run on a bounded worker pool.
public final class HTTPServer: Sendable {
  /// Dispatch sources are thread-safe objects the Linux overlay does not mark `Sendable`.
  private struct SourceBox<Source>: @unchecked Sendable {
    var source: Source?
  }

  private struct State: ~Copyable {
    var acceptSource = SourceBox<DispatchSourceRead>(source: nil)
    var started = false
    var listenFD: Int32 = -1
    var graceTimer = SourceBox<DispatchSourceTimer>(source: nil)
    var trimTimer = SourceBox<DispatchSourceTimer>(source: nil)
  }

  public let configuration: HTTPServerConfiguration
  private let context: ServerContext
  private let loops: [EventLoop]
  private let acceptQueue = DispatchQueue(label: "http.accept", qos: .userInitiated)
  private let state = Locked(State())

  /// - Parameters:
  ///   - responder: the application (see ``HTTPResponder``): judges each head on the event
  ///     loop, answers now or hands work to the worker pool.
  ///   - onRequestLogged: one call per response, on the event loop.
  public init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    responder: any HTTPResponder,
    onRequestLogged: (@Sendable (HTTPAccessRecord) -> Void)? = nil
  ) {
    self.configuration = configuration
    context = ServerContext(
      configuration: configuration, responder: responder, onRequestLogged: onRequestLogged)
    loops = (0..<max(1, configuration.eventLoopCount)).map {
      EventLoop(index: $0, socketEvents: configuration.socketEvents)
    }
  }

  /// A server whose every request is answered by `handler` on the workers
  /// (``ClosureResponder``).
  public convenience init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.init(configuration: configuration, responder: ClosureResponder(handler))
  }

  deinit {
    shutdownNow()
  }

  /// Binds, listens and starts accepting. Returns the bound port (useful with port 0).
  @discardableResult
  public func start() throws -> Int {
    // A peer that resets while we write must not kill the process (MSG_NOSIGNAL covers send;
    // this covers everything else).
    signal(SIGPIPE, SIG_IGN)
    let openFileLimit = Socket.raiseOpenFileLimit()
    // Room for the listener, stdio, log files and the like.
    let allowed = max(1, openFileLimit - 64)
    if configuration.maximumConnections > allowed {
      context.connectionCap.store(allowed, ordering: .releasing)
      print(
        "HTTPServer: open-file limit \(openFileLimit) allows \(allowed) connections; maxConnections lowered from \(configuration.maximumConnections)"
      )
    }
    let (fd, port) = try Socket.listen(
      host: configuration.host, port: configuration.port, backlog: 4096)
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
    source.setEventHandler { [context, loops] in
      Self.acceptConnections(listenFD: fd, context: context, loops: loops)
    }
    source.setCancelHandler { Glibc.close(fd) }
    let box = SourceBox(source: source)
    let alreadyStarted = state.withLock { s -> Bool in
      if s.started { return true }
      s.started = true
      s.acceptSource = box
      s.listenFD = fd
      return false
    }
    if alreadyStarted {
      Glibc.close(fd)
      throw SocketError(call: "start (already started)", code: EALREADY)
    }
    let c = configuration
    let sweepInterval = min(
      0.25,
      max(
        0.005,
        min(c.rules.idleTimeout, c.rules.headTimeout, c.rules.bodyTimeout, c.rules.lingerTimeout)
          / 8))
    for loop in loops { loop.start(sweepInterval: sweepInterval) }
    context.workers.start()
    startTrimming()
    source.resume()
    return port
  }

  /// Once a second, on the accept queue: give free memory back after a burst (``MemoryTrim``).
  private func startTrimming() {
    let timer = DispatchSource.makeTimerSource(queue: acceptQueue)
    timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(250))
    // Read and written only here, on the accept queue; the lock is never contended.
    let policy = Locked(MemoryTrim(idle: MemoryTrim.idleBytes()))
    timer.setEventHandler { [loops] in
      let answered = loops.reduce(0) { $0 + $1.answered.load(ordering: .relaxed) }
      policy.withLock { policy in
        guard policy.tick(answered: answered, idle: MemoryTrim.idleBytes()) else { return }
        MemoryTrim.trimHeap()
        policy.trimmed(idle: MemoryTrim.idleBytes())
      }
    }
    let box = SourceBox(source: timer)
    state.withLock { $0.trimTimer = box }
    timer.resume()
  }

  private static func acceptConnections(
    listenFD: Int32, context: ServerContext, loops: [EventLoop], finalPass: Bool = false
  ) {
    // Bounded per event so a flood of connects cannot monopolise this queue; the source fires
    // again while the backlog is non-empty. The final pass of a drain empties the backlog.
    for _ in 0..<(finalPass ? 4096 : 256) {
      var storage = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let fd = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          accept(listenFD, $0, &length)
        }
      }
      if fd < 0 {
        let e = errno
        if e == EINTR || e == ECONNABORTED { continue }
        if e == EMFILE || e == ENFILE {
          // Out of descriptors: back off briefly instead of spinning on a readable listener.
          usleep(10_000)
        }
        return
      }
      // At the cap, room is made by closing the connection that has been idle longest on the
      // loop the new one goes to (nginx does the same with keep-alive connections); when that
      // loop has none idle, the new one is closed at once, so the client learns quickly and the
      // backlog does not fill. A few admissions at a time may wait for their eviction. While
      // draining, a connection that was already waiting is taken in: it is answered if it sent
      // a request, else closed.
      let atCap =
        context.openConnections.load(ordering: .relaxed)
        >= context.connectionCap.load(ordering: .relaxed)
      if atCap {
        guard !context.isDraining,
          context.evictionsInFlight.add(1, ordering: .acquiringAndReleasing).newValue
            <= loops.count
        else {
          if !context.isDraining { context.evictionsInFlight.subtract(1, ordering: .relaxed) }
          Glibc.close(fd)
          continue
        }
      }
      context.openConnections.add(1, ordering: .acquiringAndReleasing)
      Socket.prepareAccepted(fd)
      let loop = loops[context.nextLoop.add(1, ordering: .relaxed).oldValue % loops.count]
      let connection = Connection(
        fd: fd, loop: loop, context: context, remoteAddress: Socket.address(of: storage))
      loop.execute {
        if atCap {
          defer { context.evictionsInFlight.subtract(1, ordering: .relaxed) }
          guard loop.closeLongestIdle() else {
            connection.closeNow()
            return
          }
        }
        connection.start(token: loop.register(connection))
      }
    }
  }

  public var isDraining: Bool { context.isDraining }

  public var openConnections: Int { context.openConnections.load(ordering: .acquiring) }

  /// The connection cap in force (the configured one, lowered to the open-file limit).
  public var maximumConnections: Int { context.connectionCap.load(ordering: .acquiring) }

  /// Stops accepting, closes idle connections, answers every request already (partly) received
  /// (the last one on each connection with `Connection: close`), then the server is stopped.
  /// Connections still open after the grace period are closed. `announce` runs once every
  /// event loop has seen the drain (or after a second), so that every answer written after
  /// what it logs carries the drain's `Connection: close`.
  public func beginDrain(announce: () -> Void = {}) {
    guard
      context.draining.compareExchange(
        expected: false, desired: true, ordering: .acquiringAndReleasing
      )
      .exchanged
    else { return }
    let noticed = DispatchGroup()
    for loop in loops {
      noticed.enter()
      loop.drain { noticed.leave() }
    }
    _ = noticed.wait(timeout: .now() + 1)
    announce()
    // Connections that completed their handshake before the signal sit in the listen backlog,
    // possibly with a whole request already sent: take them in (up to the cap) so that the drain
    // answers them instead of the kernel resetting them when the listener closes.
    let listenFD = state.withLock { s -> Int32 in s.acceptSource.source == nil ? -1 : s.listenFD }
    if listenFD >= 0 {
      acceptQueue.sync { [context, loops] in
        Self.acceptConnections(listenFD: listenFD, context: context, loops: loops, finalPass: true)
      }
    }
    stopAccepting()
    acceptQueue.sync {}  // a pass that began before the cancel has handed its connections over
    let timer = DispatchSource.makeTimerSource(queue: acceptQueue)
    timer.schedule(deadline: .now() + configuration.drainGracePeriod)
    timer.setEventHandler { [loops] in
      for loop in loops { loop.drainDeadline() }
    }
    let timerBox = SourceBox(source: timer)
    state.withLock { $0.graceTimer = timerBox }
    timer.resume()
    context.signalStoppedIfIdle()
  }

  /// What the drain's deadline did: requests answered with 503 because they were still being
  /// worked on, and requests or answers it cut (a body still arriving, an answer not yet taken).
  public var drainOutcome: (answered503: Int, cut: Int) {
    (context.drainAnswered.load(ordering: .acquiring), context.drainCut.load(ordering: .acquiring))
  }

  /// Waits until every connection is gone after ``beginDrain()`` or ``shutdownNow()``.
  /// Returns false on time-out.
  public func waitUntilStopped(timeout: Double) -> Bool {
    if context.stopped.wait(timeout: .now() + timeout) == .timedOut { return false }
    context.stopped.signal()  // let other waiters through too
    stopBackgroundWork()
    return true
  }

  /// Stops accepting and closes every connection without answering.
  public func shutdownNow() {
    context.draining.store(true, ordering: .releasing)
    stopAccepting()
    // Cancelling the accept source does not interrupt a pass already running on the accept
    // queue: wait for it, so that every connection it took in reaches its loop before the
    // loops are told to close everything and stop (queued after the stop, it would be dropped
    // while still counted as open, and the server would never report stopped). Nothing calls
    // this from the accept queue: its handlers capture the context and loops, never the server.
    acceptQueue.sync {}
    for loop in loops { loop.closeAll() }
    context.signalStoppedIfIdle()
    stopBackgroundWork()
  }

  private func stopAccepting() {
    let box = state.withLock { s -> SourceBox<DispatchSourceRead> in
      let box = s.acceptSource
      s.acceptSource = SourceBox(source: nil)
      return box
    }
    box.source?.cancel()
  }

  private func stopBackgroundWork() {
    let boxes = state.withLock { s -> [SourceBox<DispatchSourceTimer>] in
      let boxes = [s.graceTimer, s.trimTimer]
      s.graceTimer = SourceBox(source: nil)
      s.trimTimer = SourceBox(source: nil)
      return boxes
    }
    for box in boxes { box.source?.cancel() }
    for loop in loops { loop.stop() }
    context.workers.stop()
  }
}
