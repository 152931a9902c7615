import Foundation
import HTTP1
import HTTPServer
import JSON
import TestSupport
import XCTest

/// Starts a server on 127.0.0.1 port 0 for one test and shuts it down afterwards.
class ServerTestCase: XCTestCase {
  /// Servers started by the running test; tearDown shuts them down and lets them go. XCTest
  /// keeps every test case instance (and the closures given to `addTeardownBlock`) until the
  /// process exits, so a server captured there would outlive its test, and the
  /// AddressSanitizer run's leak check (scripts/test.sh) would report it.
  var servers: [HTTPServer] = []

  override func tearDown() {
    for server in servers {
      server.shutdownNow()
      XCTAssertTrue(server.waitUntilStopped(timeout: 10), "server did not stop")
    }
    servers.removeAll()
    super.tearDown()
  }

  /// Echoes the body, or "METHOD target" when there is none; `?ms=N` sleeps N ms first (to make
  /// handlers finish out of order).
  static let echo: @Sendable (HTTPRequest) -> HTTPResponse = { request in
    if let query = request.head.query, query.hasPrefix("ms="), let ms = UInt32(query.dropFirst(3)) {
      usleep(ms * 1000)
    }
    let body =
      request.body.isEmpty
      ? Array("\(request.head.method) \(request.head.target)".utf8) : request.body
    return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: body)
  }

  func startServer(
    host: String = "127.0.0.1",
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    headHandler: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse? = { _ in nil },
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = ServerTestCase.echo,
    onRequestLogged: (@Sendable (HTTPAccessRecord) -> Void)? = nil
  ) throws -> (HTTPServer, Int) {
    var configuration = HTTPServerConfiguration(host: host, port: 0)
    configuration.socketEvents = Self.socketEvents
    configure(&configuration)
    let server = HTTPServer(
      configuration: configuration, responder: ProblemResponder(head: headHandler, handler),
      onRequestLogged: onRequestLogged)
    let port = try server.start()
    servers.append(server)
    return (server, port)
  }

  /// The suite runs with the default (thread); scripts/test.sh runs it again with
  /// `HTTP_TEST_SOCKET_EVENTS=dispatch`, so both kinds pass every server test.
  static var socketEvents: HTTPServerConfiguration.SocketEvents {
    ProcessInfo.processInfo.environment["HTTP_TEST_SOCKET_EVENTS"].flatMap {
      HTTPServerConfiguration.SocketEvents(rawValue: $0)
    } ?? HTTPServerConfiguration().socketEvents
  }

  func get(_ target: String, extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
  }
}

/// ``ClosureResponder`` whose server answers are problem documents, as the application's are.
struct ProblemResponder: HTTPResponder {
  let closures: ClosureResponder

  init(
    head: @escaping @Sendable (HTTPRequestHead) -> HTTPResponse?,
    _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    closures = ClosureResponder(head: head, handler)
  }

  func judge(_ head: HTTPRequestHead, _ context: HTTPHeadContext) -> HTTPHeadVerdict {
    if let tooLarge = context.bodyTooLarge { return .refuse(serverResponse(tooLarge, origin: nil)) }
    return closures.judge(head, context)
  }

  func serverResponse(_ problem: HTTPServerProblem, origin: String?) -> HTTPResponse {
    Self.problem(status: problem.status, detail: problem.detail, headers: problem.headers)
  }

  static func problem(status: Int, detail: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
    let document = Problem(
      status: status, type: Problem.standardType(for: status),
      title: HTTPStatus.reasonPhrase(for: status), detail: detail)
    var headers = headers
    headers.replaceOrAdd(name: "Content-Type", value: Problem.contentType)
    return HTTPResponse(status: status, headers: headers, body: document.encoded())
  }
}
