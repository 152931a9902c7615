import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// Issue 8 "fault tests": hostile and broken clients - slowloris, resets mid-request and
/// mid-response, half-closes, garbage, bodies cut short - cost only their own connection: every
/// other client keeps being served, and no connection is left stuck open.
final class ServerFaultTests: ServerTestCase {
  /// 300 connections trickle a head one byte at a time (well inside the head time-out, so the
  /// server must hold them all) while a normal client's requests each succeed within the 2 s
  /// client time-out of the issue. The soak script (scripts/ops/soak.sh) prints the latencies.
  func testThreeHundredSlowlorisConnectionsDoNotStarveNormalClients() throws {
    raiseOpenFileLimit()
    let (server, port) = try startServer()
    let slowloris = try SlowlorisClients(count: 300, port: port)
    slowloris.start(byteInterval: 0.05)
    defer { slowloris.stop() }
    XCTAssertTrue(
      eventually { server.openConnections >= 300 }, "open: \(server.openConnections)")

    let keepAlive = try RawClient(port: port)
    var slowest = 0.0
    for i in 0..<40 {
      let start = Date()
      keepAlive.send(get("/keep\(i)"))
      XCTAssertEqual(try keepAlive.readResponse(timeout: 2).text, "GET /keep\(i)")
      // New connections too: the slow ones must not hold the accept path or the event loops.
      let fresh = try RawClient(port: port)
      fresh.send(get("/fresh\(i)"))
      XCTAssertEqual(try fresh.readResponse(timeout: 2).text, "GET /fresh\(i)")
      slowest = max(slowest, Date().timeIntervalSince(start))
      usleep(25_000)
    }
    XCTAssertLessThan(slowest, 2)
    // The trickling connections are still open (they did not get 408 or get dropped early)
    // and have each sent part of a head.
    XCTAssertGreaterThanOrEqual(server.openConnections, 300)
    XCTAssertGreaterThan(slowloris.bytesSentPerConnection, 10)
  }

  /// Clients that reset (SO_LINGER 0, then close) at every stage of a request: during the head,
  /// during the body, and right after a complete request before its answer was read.
  func testResetMidRequestLeavesNoConnectionAndOthersAreServed() throws {
    let (server, port) = try startServer()
    let good = try RawClient(port: port)
    let body = String(repeating: "x", count: 1000)
    let partials = [
      "GET /head-only HTTP/1.1\r\nHo",
      "POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n" + body.prefix(300),
      "POST /done?ms=50 HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n" + body,
    ]
    for round in 0..<10 {
      for partial in partials {
        let client = try RawClient(port: port)
        client.send(partial)
        if round % 2 == 0 { usleep(5_000) }  // sometimes after the server has read the bytes
        client.reset()
      }
      good.send(get("/good\(round)"))
      XCTAssertEqual(try good.readResponse(timeout: 2).text, "GET /good\(round)")
    }
    XCTAssertTrue(
      eventually { server.openConnections == 1 }, "left open: \(server.openConnections)")
  }

  /// Clients that reset while a large answer is being written: the write fails (EPIPE or
  /// ECONNRESET, never SIGPIPE) and only that connection is closed.
  func testResetMidResponseLeavesNoConnectionAndOthersAreServed() throws {
    let big = [UInt8](repeating: UInt8(ascii: "b"), count: 8 << 20)
    let (server, port) = try startServer(handler: { request in
      if request.head.path == "/big" {
        return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: big)
      }
      return ServerTestCase.echo(request)
    })
    let good = try RawClient(port: port)
    for round in 0..<10 {
      let client = try RawClient(port: port)
      client.send(get("/big"))
      // Wait for the first bytes of the answer (the server is writing), then reset.
      XCTAssertTrue(client.fill(timeout: 2), "no answer started")
      client.reset()
      good.send(get("/good\(round)"))
      XCTAssertEqual(try good.readResponse(timeout: 2).text, "GET /good\(round)")
    }
    XCTAssertTrue(
      eventually { server.openConnections == 1 }, "left open: \(server.openConnections)")
  }

  /// Garbage of several kinds (a TLS ClientHello, binary noise, NUL bytes, a line of text
  /// without a method) is answered 400 and closed at once; the server keeps serving.
  func testGarbageGets400AndCloseAndTheServerKeepsServing() throws {
    let (server, port) = try startServer()
    var noise = SystemRandomNumberGenerator()
    let tlsHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03]
    let garbage: [[UInt8]] = [
      tlsHello + [UInt8](repeating: 0x42, count: 160),
      (0..<512).map { _ in UInt8.random(in: 0x80...0xFF, using: &noise) },
      [UInt8](repeating: 0, count: 64),
      Array("{\"style\":\"zoom\"}\r\n\r\n".utf8),
    ]
    for bytes in garbage {
      let client = try RawClient(port: port)
      client.send(bytes)
      let start = Date()
      let response = try client.readResponse(timeout: 2)
      XCTAssertEqual(response.status, 400, "\(bytes.prefix(8))")
      XCTAssertTrue(response.closes)
      XCTAssertTrue(client.waitForClose(timeout: 2))
      XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refused at once, not by a time-out")
      let good = try RawClient(port: port)
      good.send(get("/after"))
      XCTAssertEqual(try good.readResponse(timeout: 2).text, "GET /after")
    }
    XCTAssertTrue(eventually { server.openConnections == 0 })
  }

}

/// Connections that each send a request head one byte at a time, round-robin from one thread.
final class SlowlorisClients: @unchecked Sendable {  // mutable state is guarded by `lock`
  private let clients: [RawClient]
  private let head = Array("GET /slow HTTP/1.1\r\nHost: t\r\nX-Pad: ".utf8)
  private let lock = NSLock()
  private var running = true
  private var sent = 0
  private let finished = DispatchSemaphore(value: 0)

  init(count: Int, port: Int) throws {
    clients = try (0..<count).map { _ in try RawClient(port: port) }
  }

  /// Bytes each connection has sent so far.
  var bytesSentPerConnection: Int {
    lock.lock()
    defer { lock.unlock() }
    return sent
  }

  func start(byteInterval: Double) {
    Thread { [self] in
      defer { finished.signal() }
      var index = 0
      while isRunning {
        // After the fixed prefix, an endless header value: the head never ends.
        let byte = index < head.count ? head[index] : UInt8(ascii: "a")
        for client in clients { client.send([byte]) }
        index += 1
        lock.lock()
        sent = index
        lock.unlock()
        usleep(UInt32(byteInterval * 1_000_000))
      }
    }.start()
  }

  private var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    return running
  }

  func stop() {
    lock.lock()
    running = false
    lock.unlock()
    finished.wait()
  }
}
