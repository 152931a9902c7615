import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// docs/HTTP.md "Time-outs": idle, head (slowloris) and body time-outs.
final class ServerTimeoutTests: ServerTestCase {
  // RFC 9110 section 15.5.9 (408): a head trickled one byte per 0.3 s with a 1 s head time-out
  // gets 408 and is closed, while another client is served normally meanwhile.
  func testSlowHeadGets408WhileOthersAreServed() throws {
    let (_, port) = try startServer(configure: { $0.rules.headTimeout = 1 })
    let slowResult = Recorder<String>()
    let slowDone = DispatchSemaphore(value: 0)
    let slowThread = Thread {
      defer { slowDone.signal() }
      guard let slow = try? RawClient(port: port) else {
        return slowResult.append("connect failed")
      }
      let start = Date()
      for byte in "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n".utf8 {
        slow.send([byte])
        if slow.fill(timeout: 0.3) || slow.sawEOF { break }
      }
      if let response = try? slow.readResponse(timeout: 3) {
        slowResult.append("\(response.status) \(response.closes) \(slow.waitForClose(timeout: 3))")
        slowResult.append(String(format: "%.1f", Date().timeIntervalSince(start)))
      } else {
        slowResult.append("no response")
      }
    }
    slowThread.start()
    let fast = try RawClient(port: port)
    for i in 0..<10 {
      let start = Date()
      fast.send(get("/fast\(i)"))
      XCTAssertEqual(try fast.readResponse().text, "GET /fast\(i)")
      XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
      usleep(100_000)
    }
    XCTAssertEqual(slowDone.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(slowResult.all.first, "408 true true")
    if let elapsed = slowResult.all.last.flatMap(Double.init) {
      XCTAssertGreaterThanOrEqual(elapsed, 0.9)
      XCTAssertLessThan(elapsed, 2.5)
    }
  }

  // docs/HTTP.md: the idle time-out closes quietly, both for a fresh connection and between
  // requests (RFC 9112 section 9.5 allows closing an idle connection at any time).
  func testIdleTimeoutClosesQuietly() throws {
    let (server, port) = try startServer(configure: {
      $0.rules.idleTimeout = 0.5
      $0.rules.headTimeout = 5
    })
    let fresh = try RawClient(port: port)
    XCTAssertTrue(fresh.closesQuietly(timeout: 3))

    let used = try RawClient(port: port)
    used.send(get("/once"))
    XCTAssertEqual(try used.readResponse().status, 200)
    let start = Date()
    XCTAssertTrue(used.closesQuietly(timeout: 3))
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.4)
    XCTAssertTrue(eventually { server.openConnections == 0 })
  }

  // Empty lines alone do not make a connection busy: the idle time-out still applies.
  func testEmptyLinesDoNotDefeatIdleTimeout() throws {
    let (_, port) = try startServer(configure: {
      $0.rules.idleTimeout = 0.6
      $0.rules.headTimeout = 30
    })
    let client = try RawClient(port: port)
    for _ in 0..<4 {
      client.send("\r\n")
      usleep(200_000)
    }
    XCTAssertTrue(client.closesQuietly(timeout: 3))
  }

  // docs/HTTP.md: time between body bytes over the limit: 408 and close.
  func testBodyTimeout408() throws {
    let (_, port) = try startServer(configure: { $0.rules.bodyTimeout = 0.5 })
    let client = try RawClient(port: port)
    client.send("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
    let response = try client.readResponse(timeout: 3)
    XCTAssertEqual(response.status, 408)
    XCTAssertTrue(response.closes)
    XCTAssertTrue(client.waitForClose(timeout: 3))
  }

  // A body that keeps coming (each byte within the body time-out) is not cut off.
  func testSteadyBodyIsNotTimedOut() throws {
    let (_, port) = try startServer(configure: { $0.rules.bodyTimeout = 0.5 })
    let client = try RawClient(port: port)
    client.send("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n")
    for byte in "hello".utf8 {
      usleep(250_000)
      client.send([byte])
    }
    XCTAssertEqual(try client.readResponse().text, "hello")
  }
}
