import Foundation
import Glibc
import HTTP1
import HTTPServer
import TestSupport
import XCTest

/// Protocol behaviour over real sockets.
final class ServerProtocolTests: ServerTestCase {
  func testKeepAliveRequestIDAndDate() throws {
    let (_, port) = try startServer()
    let client = try RawClient(port: port)
    client.send(get("/a", extra: "X-Request-ID: abc-123\r\n"))
    let first = try client.readResponse()
    XCTAssertEqual(first.status, 200)
    XCTAssertEqual(first.text, "GET /a")
    XCTAssertEqual(first.header("X-Request-ID"), "abc-123", "echoed")
    XCTAssertNotNil(first.header("Date"))
    XCTAssertNil(first.header("Connection"), "HTTP/1.1 keeps the connection by default")
    client.send(get("/b"))
    let second = try client.readResponse()
    XCTAssertEqual(second.text, "GET /b")
    XCTAssertFalse(second.header("X-Request-ID")?.isEmpty ?? true, "generated")
    XCTAssertNotEqual(second.header("X-Request-ID"), "abc-123")
  }

  // RFC 9112 section 9.3.2: pipelined requests are answered in the order received, even when
  // handlers finish in another order.
  func testPipelinedRequestsAnsweredInOrder() throws {
    let (_, port) = try startServer(configure: { $0.workerCount = 4 })
    let client = try RawClient(port: port)
    let delays = [120, 10, 80, 0, 50, 5, 100, 1]
    client.send(delays.enumerated().map { get("/\($0.offset)?ms=\($0.element)") }.joined())
    for (i, ms) in delays.enumerated() {
      let response = try client.readResponse()
      XCTAssertEqual(response.text, "GET /\(i)?ms=\(ms)")
    }
  }

  // RFC 9110 section 10.1.1: 100 Continue arrives before the client sends the body.
  func testExpectContinueHonoured() throws {
    let (_, port) = try startServer()
    let client = try RawClient(port: port)
    client.send(
      "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
    let interim = try client.readResponse(timeout: 2)
    XCTAssertEqual(interim.status, 100)
    client.send("hello")
    let final = try client.readResponse()
    XCTAssertEqual(final.status, 200)
    XCTAssertEqual(final.text, "hello")
  }

  /// A responder that words the server's answers itself, with Vary and CORS, like the
  /// application.
  struct DecoratingResponder: HTTPResponder {
    func judge(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HTTPHeadVerdict {
      .accept { _ in .now(HTTPResponse(status: 200, headers: ["Vary": "Origin"])) }
    }
    func serverResponse(_ problem: HTTPServerProblem, origin: String?) -> HTTPResponse {
      var response = HTTPResponse(
        status: problem.status, headers: problem.headers,
        body: Array("worded: \(problem.detail)".utf8))
      response.headers.add(name: "Vary", value: "Origin")
      if let origin { response.headers.add(name: "Access-Control-Allow-Origin", value: origin) }
      return response
    }
  }

  // Answers the server makes itself (framing errors, time-outs) are worded by the responder
  // (the seam) and carry its headers: Vary always, CORS when the head named an Origin.
  func testServerMadeAnswersCarryTheRespondersHeaders() throws {
    var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
    configuration.socketEvents = Self.socketEvents
    configuration.rules.bodyTimeout = 0.3
    let server = HTTPServer(configuration: configuration, responder: DecoratingResponder())
    let port = try server.start()
    servers.append(server)
    let broken = try RawClient(port: port)
    broken.send("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
    let framing = try broken.readResponse()
    XCTAssertEqual(framing.status, 400)
    XCTAssertTrue(framing.text.hasPrefix("worded: "), framing.text)
    XCTAssertEqual(framing.header("Vary"), "Origin")
    XCTAssertNil(framing.header("Access-Control-Allow-Origin"), "no head, no known origin")
    let slow = try RawClient(port: port)
    slow.send(
      "POST / HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\nContent-Length: 5\r\n\r\nab")
    let timeout = try slow.readResponse()
    XCTAssertEqual(timeout.status, 408)
    XCTAssertEqual(timeout.header("Vary"), "Origin")
    XCTAssertEqual(timeout.header("Access-Control-Allow-Origin"), "https://app.example")
  }

  // RFC 9112 section 6.1 / 6.3: CL with TE is a smuggling attempt: 400 and close.
  func testContentLengthWithTransferEncodingRefused() throws {
    let (_, port) = try startServer()
    let client = try RawClient(port: port)
    client.send(
      "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        + get("/smuggled"))
    let response = try client.readResponse()
    XCTAssertEqual(response.status, 400)
    XCTAssertTrue(response.closes)
    XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
    let problem = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    XCTAssertEqual(problem?["status"] as? Int, 400)
    XCTAssertEqual(problem?["type"] as? String, "/problems/malformed-request")
    XCTAssertNotNil(problem?["title"] as? String)
    XCTAssertTrue((problem?["detail"] as? String)?.contains("Transfer-Encoding") ?? false)
    XCTAssertTrue(client.waitForClose(timeout: 3))
    XCTAssertEqual(client.bufferedByteCount, 0, "the smuggled request is never answered")
  }

  // RFC 9110 section 9.3.2: HEAD has the GET headers (Content-Length) and no body.
  func testHeadHasNoBody() throws {
    let (_, port) = try startServer()
    let client = try RawClient(port: port)
    client.send("HEAD /thing HTTP/1.1\r\nHost: t\r\n\r\n" + get("/next"))
    let head = try client.readResponse(head: true)
    XCTAssertEqual(head.status, 200)
    XCTAssertEqual(head.header("Content-Length"), "\("HEAD /thing".utf8.count)")
    // The next response starts right away: no stray body bytes in between.
    let next = try client.readResponse()
    XCTAssertEqual(next.text, "GET /next")
  }

  // A client that half-closes in the middle of a request gets a 400 and the connection closes
  // (the request can never complete).
  func testHalfCloseMidRequest() throws {
    let (server, port) = try startServer()
    let client = try RawClient(port: port)
    client.send("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
    client.shutdownWrite()
    XCTAssertEqual(try client.readResponse().status, 400)
    XCTAssertTrue(client.waitForClose(timeout: 3))
    XCTAssertTrue(eventually { server.openConnections == 0 })
  }

  // A broken client (reset, garbage, half-sent head) affects only its own connection.
  func testBrokenClientsAffectOnlyThemselves() throws {
    let (server, port) = try startServer()
    let good = try RawClient(port: port)
    good.send(get("/1"))
    XCTAssertEqual(try good.readResponse().status, 200)

    let resetter = try RawClient(port: port)
    resetter.send("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\npartial")
    usleep(50_000)
    resetter.reset()
    let garbage = try RawClient(port: port)
    garbage.send([UInt8](repeating: 0, count: 1000))
    XCTAssertEqual(try garbage.readResponse().status, 400)
    let stalled = try RawClient(port: port)
    stalled.send("GET /st")

    good.send(get("/2"))
    XCTAssertEqual(try good.readResponse().text, "GET /2")
    XCTAssertTrue(
      eventually { server.openConnections == 2 }, "reset and garbage connections are gone")
    withExtendedLifetime(stalled) {}
  }

  func testAccessLog() throws {
    let records = Recorder<HTTPAccessRecord>()
    let (_, port) = try startServer(onRequestLogged: { records.append($0) })
    let client = try RawClient(port: port)
    client.send(get("/logged?q=1", extra: "X-Request-ID: rid-1\r\n"))
    _ = try client.readResponse()
    XCTAssertTrue(eventually { records.all.count == 1 })
    let record = try XCTUnwrap(records.all.first)
    XCTAssertEqual(record.method, "GET")
    XCTAssertEqual(record.path, "/logged")
    XCTAssertEqual(record.status, 200)
    XCTAssertEqual(record.bytes, "GET /logged?q=1".utf8.count)
    XCTAssertEqual(record.requestID, "rid-1")
    XCTAssertGreaterThanOrEqual(record.durationSeconds, 0)
    XCTAssertTrue(record.jsonLine.hasPrefix("{\"time\":"))
  }
}
