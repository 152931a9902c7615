import Dispatch
import HTTP1
import HTTPServer
import PlannerService

#if canImport(Glibc)
  import Glibc
#endif

/// `transition-planner serve`: the HTTP service, until SIGTERM or SIGINT drains it.
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      IO.out(ServeOptions.help)
      return 0
    }
    let options: ServeOptions
    switch ServeOptions.parse(arguments, environment: ServeOptions.processEnvironment) {
    case .failure(let f):
      IO.err("transition-planner serve: \(f.message)\n\n" + ServeOptions.help)
      return 64
    case .success(let o): options = o
    }

    // Before any thread starts (see AllocatorTuning for the measurement).
    AllocatorTuning.apply()
    let status = ServerStatus()
    let metrics = Metrics()
    let app = PlannerApp(configuration: options.app, metrics: metrics, status: status)
    let log = options.accessLog
    let server = HTTPServer(
      configuration: options.server, responder: app,
      onRequestLogged: { record in
        metrics.recordRequest(
          path: record.path, method: record.method, status: record.status,
          duration: record.durationSeconds)
        if log { AccessLog.write(record.jsonLine) }
      })
    status.connect(draining: { server.isDraining }, connections: { server.openConnections })

    // Signals become events on a queue rather than asynchronous handlers. SIGTERM (containers),
    // SIGINT (a terminal's ^C) and SIGHUP (a closed terminal, some supervisors) drain. SIGQUIT
    // keeps its default (quit at once, with a core where enabled): the Swift runtime's crash
    // handler would otherwise print a false "Program crashed" report and keep serving.
    signal(SIGQUIT, SIG_DFL)
    let drainSignals = [SIGTERM, SIGINT, SIGHUP]
    for sig in drainSignals { signal(sig, SIG_IGN) }
    let signalQueue = DispatchQueue(label: "signals")
    var sources: [DispatchSourceSignal] = []
    for sig in drainSignals {
      let source = DispatchSource.makeSignalSource(signal: sig, queue: signalQueue)
      source.setEventHandler {
        // Logged once every event loop has seen the drain: each answer after the line says
        // `Connection: close` when it is its connection's last.
        server.beginDrain { AccessLog.write("{\"event\":\"draining\",\"signal\":\(sig)}") }
        let stopped = server.waitUntilStopped(timeout: options.server.drainGracePeriod + 1)
        // Clean: every request received was answered as asked.
        let (answered503, cut) = server.drainOutcome
        let clean = stopped && answered503 == 0 && cut == 0
        AccessLog.write(
          "{\"event\":\"stopped\",\"clean\":\(clean),\"answered503\":\(answered503),\"cut\":\(cut)}"
        )
        exit(0)
      }
      source.resume()
      sources.append(source)
    }
    let port: Int
    do {
      port = try server.start()
    } catch {
      IO.err(
        "transition-planner serve: cannot listen on \(options.server.host):\(options.server.port): \(error)\n"
      )
      return 69
    }
    AccessLog.write(
      "{\"event\":\"listening\",\"host\":\"\(options.server.host)\",\"port\":\(port),\"maxConnections\":\(server.maximumConnections)}"
    )

    withExtendedLifetime(sources) { dispatchMain() }
  }
}
