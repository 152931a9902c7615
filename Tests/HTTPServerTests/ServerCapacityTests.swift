import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// Connection cap, many idle connections, pipelining depth, handler queue bound.
final class ServerCapacityTests: ServerTestCase {
  // docs/HTTP.md: 1,000 idle keep-alive connections cost little and no threads; a new client is
  // still served promptly.
  func testThousandIdleKeepAliveConnections() throws {
    raiseOpenFileLimit()
    let (server, port) = try startServer()
    let threadsBefore = processThreadCount()
    var idle: [RawClient] = []
    for i in 0..<1000 {
      let client = try RawClient(port: port)
      if i % 100 == 0 {
        // Some of them have served a request and sit between requests.
        client.send(get("/warm"))
        XCTAssertEqual(try client.readResponse().status, 200)
      }
      idle.append(client)
    }
    XCTAssertTrue(eventually { server.openConnections == 1000 }, "open: \(server.openConnections)")
    let threadsAfter = processThreadCount()
    XCTAssertLessThan(threadsAfter - threadsBefore, 20, "connections must not cost threads")

    let start = Date()
    let fresh = try RawClient(port: port)
    fresh.send(get("/fresh"))
    XCTAssertEqual(try fresh.readResponse().text, "GET /fresh")
    XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    // And an old one still works.
    idle[500].send(get("/old"))
    XCTAssertEqual(try idle[500].readResponse().text, "GET /old")
  }

  // docs/HTTP.md: at the cap with no connection idle, new sockets are accepted and closed at
  // once; existing ones keep working.
  func testConnectionCap() throws {
    let (server, port) = try startServer(configure: {
      $0.maximumConnections = 5
      $0.rules.headTimeout = 30
    })
    var clients: [RawClient] = []
    for i in 0..<5 {
      let client = try RawClient(port: port)
      // Busy: a head has started, so none is idle and none may be closed for the newcomer.
      client.send("GET /\(i) HTTP/1.1\r\n")
      clients.append(client)
    }
    XCTAssertTrue(eventually { server.openConnections == 5 })
    // Let the loops read the partial heads: until then the connections look idle.
    usleep(300_000)
    let sixth = try RawClient(port: port)
    sixth.send(get("/six"))
    let start = Date()
    XCTAssertTrue(sixth.waitForClose(timeout: 2))
    XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    XCTAssertEqual(sixth.bufferedByteCount, 0)
    for (i, client) in clients.enumerated() {
      client.send("Host: test\r\n\r\n")
      XCTAssertEqual(try client.readResponse().text, "GET /\(i)")
    }
    // A slot freed by a closing client is usable again.
    clients.removeLast()
    XCTAssertTrue(eventually { server.openConnections == 4 })
    let replacement = try RawClient(port: port)
    replacement.send(get("/replacement"))
    XCTAssertEqual(try replacement.readResponse().status, 200)
  }

  // Server-wide budgets: request bodies held by all connections, and unsent answers. Past the
  // first, the request whose bytes tip it over is answered 503 and its connection closed; past
  // the second, new work is answered 503 with Retry-After instead of being computed.
  func testServerWideBudgetsForBodiesAndUnsentAnswers() throws {
    let (_, port) = try startServer(
      configure: {
        $0.maximumBufferedBodyBytes = 1000
        $0.maximumHeldResponseBytes = 1000
      },
      handler: { request in
        request.head.target == "/big"
          ? HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 8 << 20))
          : HTTPResponse(status: 200, body: Array("ok".utf8))
      })
    let uploader = try RawClient(port: port)
    uploader.send(
      "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n"
        + String(repeating: "b", count: 2000))
    let refused = try uploader.readResponse()
    XCTAssertEqual(refused.status, 503)
    XCTAssertTrue(refused.closes)

    // A reader that takes none of an 8 MiB answer holds it; meanwhile new work is refused.
    let stalled = try RawClient(port: port)
    stalled.send(get("/big"))
    usleep(500_000)
    let other = try RawClient(port: port)
    other.send(get("/small"))
    let answer = try other.readResponse()
    XCTAssertEqual(answer.status, 503)
    XCTAssertEqual(answer.header("Retry-After"), "1")
    // Once the stalled reader is gone, work is taken again.
    stalled.reset()
    XCTAssertTrue(
      eventually {
        let again = try? RawClient(port: port)
        again?.send(self.get("/small"))
        return (try? again?.readResponse().status) == 200
      })
  }

  // At the cap full of idle keep-alive connections, a new client is admitted and the one idle
  // longest (on its event loop) is closed to make room, as nginx does.
  func testAtTheCapTheLongestIdleKeepAliveConnectionMakesRoom() throws {
    let (server, port) = try startServer(configure: {
      $0.maximumConnections = 4
      $0.eventLoopCount = 1
    })
    var clients: [RawClient] = []
    for i in 0..<4 {
      let client = try RawClient(port: port)
      client.send(get("/\(i)"))
      XCTAssertEqual(try client.readResponse().status, 200)
      clients.append(client)
      usleep(20_000)
    }
    XCTAssertEqual(server.openConnections, 4)
    let fresh = try RawClient(port: port)
    fresh.send(get("/fresh"))
    XCTAssertEqual(try fresh.readResponse().text, "GET /fresh")
    XCTAssertTrue(clients[0].waitForClose(timeout: 2), "the longest idle is closed")
    for client in clients.dropFirst() {
      client.send(get("/still"))
      XCTAssertEqual(try client.readResponse().text, "GET /still")
    }
    XCTAssertTrue(eventually { server.openConnections == 4 })
  }

  // docs/HTTP.md: handler work beyond the workers and the queue bound is refused 503 with
  // Retry-After at once.
  func testQueueFullGets503() throws {
    let release = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let (_, port) = try startServer(
      configure: {
        $0.workerCount = 1
        $0.maximumQueuedRequests = 1
      },
      handler: { request in
        if request.head.path == "/block" {
          entered.signal()
          release.wait()
        }
        return ServerTestCase.echo(request)
      })
    let running = try RawClient(port: port)
    running.send(get("/block"))
    XCTAssertEqual(entered.wait(timeout: .now() + 5), .success)
    let queued = try RawClient(port: port)
    queued.send(get("/block"))
    usleep(200_000)
    let refused = try RawClient(port: port)
    refused.send(get("/block"))
    let response = try refused.readResponse(timeout: 2)
    XCTAssertEqual(response.status, 503)
    XCTAssertEqual(response.header("Retry-After"), "1")
    XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
    release.signal()
    release.signal()
    XCTAssertEqual(try running.readResponse().status, 200)
    XCTAssertEqual(try queued.readResponse().status, 200)
    // The refused connection stays usable once there is room.
    refused.send(get("/ok"))
    XCTAssertEqual(try refused.readResponse().status, 200)
  }
}
