import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// Drain, shutdown, address families.
final class ServerLifecycleTests: ServerTestCase {
  // docs/HTTP.md "Drain on SIGTERM or SIGINT": after beginDrain, idle connections close, every request already
  // received (including pipelined ones and one still arriving) is answered 200 - the last one on
  // each connection with Connection: close - and the server stops.
  func testDrainAnswersReceivedRequestsThenStops() throws {
    let entered = Counter()
    let (server, port) = try startServer(
      configure: { $0.workerCount = 2 },
      handler: { request in
        entered.increment()
        usleep(300_000)
        return ServerTestCase.echo(request)
      })
    let idle = try RawClient(port: port)
    let pipelined = try RawClient(port: port)
    pipelined.send(get("/p1") + get("/p2") + get("/p3"))
    let single = try RawClient(port: port)
    single.send(get("/s1"))
    let partial = try RawClient(port: port)
    partial.send("POST /partial HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab")
    XCTAssertTrue(eventually { entered.count >= 2 })
    XCTAssertTrue(eventually { server.openConnections == 4 })

    server.beginDrain()
    XCTAssertTrue(server.isDraining)
    XCTAssertTrue(idle.closesQuietly(timeout: 2), "idle keep-alive connections are closed")
    partial.send("cd")

    for (i, target) in ["/p1", "/p2", "/p3"].enumerated() {
      let response = try pipelined.readResponse()
      XCTAssertEqual(response.status, 200)
      XCTAssertEqual(response.text, "GET \(target)")
      XCTAssertEqual(response.closes, i == 2, "only the last one says close")
    }
    let s = try single.readResponse()
    XCTAssertEqual(s.status, 200)
    XCTAssertTrue(s.closes)
    let p = try partial.readResponse()
    XCTAssertEqual(p.status, 200)
    XCTAssertEqual(p.text, "abcd")
    XCTAssertTrue(p.closes)
    for client in [pipelined, single, partial] { XCTAssertTrue(client.waitForClose(timeout: 3)) }

    XCTAssertTrue(server.waitUntilStopped(timeout: 5))
    XCTAssertEqual(server.openConnections, 0)
    XCTAssertThrowsError(try RawClient(port: port), "no longer accepting")
  }

  // Drain with nothing open stops at once.
  func testDrainWhenIdleStopsImmediately() throws {
    let (server, _) = try startServer()
    server.beginDrain()
    XCTAssertTrue(server.waitUntilStopped(timeout: 2))
  }

  // The grace period bounds a drain: a connection that never completes its request is closed.
  func testDrainGracePeriodClosesStragglers() throws {
    let (server, port) = try startServer(configure: {
      $0.drainGracePeriod = 0.5
      $0.rules.headTimeout = 30
    })
    let straggler = try RawClient(port: port)
    straggler.send("GET /never-finished HTTP/1.1\r\n")
    XCTAssertTrue(eventually { server.openConnections == 1 })
    server.beginDrain()
    XCTAssertTrue(server.waitUntilStopped(timeout: 3))
    XCTAssertTrue(straggler.waitForClose(timeout: 2))
  }

  func testIPv6Loopback() throws {
    let probe = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    var addr = sockaddr_in6()
    addr.sin6_family = sa_family_t(AF_INET6)
    inet_pton(AF_INET6, "::1", &addr.sin6_addr)
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
      }
    }
    close(probe)
    if probe < 0 || bound != 0 {
      throw XCTSkip("::1 is not available on this machine")
    }
    let (_, port) = try startServer(host: "::1")
    let client = try RawClient(port: port, host: "::1")
    client.send(get("/v6"))
    XCTAssertEqual(try client.readResponse().text, "GET /v6")
  }

  // Nothing keeps a server alive once it has stopped and its owner lets go (no reference cycle
  // through connections, event loops, timers or the worker pool): it is freed, with everything
  // its handler captured.
  func testStoppedServerIsFreed() throws {
    weak var weakServer: HTTPServer?
    weak var weakCapture: Counter?
    try {
      let handled = Counter()
      var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
      configuration.socketEvents = Self.socketEvents
      let server = HTTPServer(configuration: configuration) { request in
        handled.increment()
        return ServerTestCase.echo(request)
      }
      let port = try server.start()
      let client = try RawClient(port: port)
      client.send(get("/once"))
      XCTAssertEqual(try client.readResponse().text, "GET /once")
      XCTAssertEqual(handled.count, 1)
      server.shutdownNow()
      XCTAssertTrue(server.waitUntilStopped(timeout: 5))
      weakServer = server
      weakCapture = handled
    }()
    // Dispatch releases cancelled sources' handlers asynchronously.
    XCTAssertTrue(eventually(timeout: 5) { weakServer == nil && weakCapture == nil })
  }

  // A connection accepted while shutdownNow runs is closed like the others: the accept handler
  // in flight must not hand it to a loop that has already stopped (the count of open
  // connections would then never reach zero and the server would never report stopped).
  func testShutdownWhileClientsConnectStops() throws {
    for round in 0..<20 {
      var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
      configuration.socketEvents = Self.socketEvents
      let server = HTTPServer(configuration: configuration) { ServerTestCase.echo($0) }
      let port = try server.start()
      let connecting = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        var clients: [RawClient] = []
        connecting.signal()
        // Until the listener is gone (connect refused), bounded.
        while clients.count < 400, let client = try? RawClient(port: port) {
          clients.append(client)
        }
        done.signal()
      }
      thread.start()
      connecting.wait()
      usleep(UInt32(1_000 + 500 * round))
      server.shutdownNow()
      XCTAssertTrue(
        server.waitUntilStopped(timeout: 5),
        "round \(round): \(server.openConnections) connections still counted")
      XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }
  }

  func testStartReportsBindErrors() throws {
    let (_, port) = try startServer()
    let second = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: port)) {
      _ in
      HTTPResponse(status: 200)
    }
    // SO_REUSEADDR does not allow two listeners on one port.
    XCTAssertThrowsError(try second.start())
  }
}
