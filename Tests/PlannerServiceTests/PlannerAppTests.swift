import Foundation
import HTTP1
import JSON
import XCTest

@testable import PlannerService

/// The application without sockets: status precedence, caching headers, CORS.
final class PlannerAppTests: XCTestCase {
  let app = PlannerApp()

  func head(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], length: Int? = nil
  ) -> HTTPRequestHead {
    HTTPRequestHead(
      method: method, target: target, headers: HTTPHeaders(headers),
      framing: length.map { .contentLength($0) } ?? .none)
  }

  func send(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String? = nil
  ) -> HTTPResponse {
    app.handle(method, target, headers, body: body)
  }

  func json(_ r: HTTPResponse) throws -> JSONValue { try JSONParser.parse(r.body) }

  let jsonType = [("Content-Type", "application/json")]

  func testPostPlanAnswersThePlanWithCachingHeaders() throws {
    let r = send("POST", "/v1/plans", jsonType, body: zoomPushJSON)
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/json")
    XCTAssertEqual(r.headers.first(name: "Cache-Control"), "public, max-age=86400")
    XCTAssertEqual(r.headers.first(name: "Vary"), "Accept, Accept-Encoding")
    let etag = try XCTUnwrap(r.headers.first(name: "ETag"))
    XCTAssertEqual(etag, ETag.of(r.body))
    XCTAssertTrue(etag.hasPrefix("\"") && etag.count == 18)
    XCTAssertEqual(try json(r)["style"], .string("zoom"))
    // Content-Location is the canonical GET, which answers the same bytes and tag.
    let location = try XCTUnwrap(r.headers.first(name: "Content-Location"))
    XCTAssertTrue(location.hasPrefix("/v1/plans?request=%7B%22style%22%3A%22zoom%22"))
    let get = send("GET", location)
    XCTAssertEqual(get.status, 200)
    XCTAssertEqual(get.body, r.body)
    XCTAssertEqual(get.headers.first(name: "ETag"), etag)
  }

  func testConditionalRequests() throws {
    let r = send("POST", "/v1/plans", jsonType, body: zoomPushJSON)
    let etag = try XCTUnwrap(r.headers.first(name: "ETag"))
    let location = try XCTUnwrap(r.headers.first(name: "Content-Location"))
    // RFC 9110 13.1.2: GET/HEAD with a matching If-None-Match is 304, weak tags compare equal.
    let notModified = send("GET", location, [("If-None-Match", "\"0000000000000000\", W/\(etag)")])
    XCTAssertEqual(notModified.status, 304)
    XCTAssertEqual(notModified.headers.first(name: "ETag"), etag)
    XCTAssertTrue(notModified.body.isEmpty)
    XCTAssertEqual(send("HEAD", location, [("If-None-Match", etag)]).status, 304)
    XCTAssertEqual(send("GET", location, [("If-None-Match", "\"other\"")]).status, 200)
    // ...and on POST it is 412.
    let failed = send("POST", "/v1/plans", jsonType + [("If-None-Match", etag)], body: zoomPushJSON)
    XCTAssertEqual(failed.status, 412)
    XCTAssertEqual(failed.headers.first(name: "Content-Type"), "application/problem+json")
    XCTAssertEqual(
      send("POST", "/v1/plans", jsonType + [("If-None-Match", "*")], body: zoomPushJSON).status, 412
    )
    XCTAssertEqual(
      send("POST", "/v1/plans", jsonType + [("If-None-Match", "\"x\"")], body: zoomPushJSON).status,
      200)
  }

  // 64 elements of Accept are read, over all its fields: with more the header is disregarded
  // (the default representation), never judged on the elements read.
  func testAnAcceptOfMoreThanSixtyFourElementsIsDisregarded() {
    let junk = Array(repeating: "x/y", count: 63)
    let within = (junk + ["application/json"]).joined(separator: ", ")
    let excluding = (junk + ["x/z"]).joined(separator: ",")
    let beyond = (junk + ["x/z", "x/w"]).joined(separator: ",")
    XCTAssertEqual(send("GET", "/v1/styles", [("Accept", within)]).status, 200)
    XCTAssertEqual(send("GET", "/v1/styles", [("Accept", excluding)]).status, 406)
    XCTAssertEqual(send("GET", "/v1/styles", [("Accept", beyond)]).status, 200)
    // Spread over several fields, the count is shared.
    XCTAssertEqual(
      send("GET", "/v1/styles", [("Accept", junk.joined(separator: ",")), ("Accept", "x/z, x/w")])
        .status, 200)
    XCTAssertEqual(
      send("GET", "/v1/styles", [("Accept", junk.joined(separator: ",")), ("Accept", "x/z")])
        .status, 406)
  }

  func testOptionsAsteriskDescribesTheServer() {
    let r = app.handle(HTTPRequest(head: head("OPTIONS", "*")))
    XCTAssertEqual(r.status, 204)
    XCTAssertEqual(r.headers.first(name: "Allow"), "GET, HEAD, POST, OPTIONS")
    XCTAssertEqual(r.body, [])
  }

  func testStatusPrecedenceFollowsAPIOrder() {
    // 404 before anything else.
    XCTAssertEqual(app.refusal(for: head("DELETE", "/nope", length: 5_000_000))?.status, 404)
    // 405 (with Allow) before 413.
    let notAllowed = app.refusal(for: head("PUT", "/v1/plans", length: 5_000_000))
    XCTAssertEqual(notAllowed?.status, 405)
    XCTAssertEqual(notAllowed?.headers.first(name: "Allow"), "GET, HEAD, POST, OPTIONS")
    // 413 before 415.
    XCTAssertEqual(
      app.refusal(
        for: head("POST", "/v1/plans", [("Content-Type", "text/plain")], length: 2_000_000))?
        .status, 413)
    // 415 before 406; a missing Content-Type is 415.
    XCTAssertEqual(
      app.refusal(for: head("POST", "/v1/plans", [("Accept", "text/html")], length: 10))?.status,
      415)
    XCTAssertEqual(
      app.refusal(for: head("POST", "/v1/plans", [("Content-Type", "text/plain")], length: 10))?
        .status, 415)
    XCTAssertEqual(
      app.refusal(
        for:
          head(
            "POST", "/v1/plans", [("Content-Type", "application/json; charset=latin1")], length: 10)
      )?
      .status,
      415)
    // 406 before 400.
    XCTAssertEqual(
      app.refusal(for: head("POST", "/v1/plans", jsonType + [("Accept", "text/html")], length: 10))?
        .status, 406)
    XCTAssertNil(
      app.refusal(
        for:
          head(
            "POST", "/v1/plans", jsonType + [("Accept", "text/html, application/*;q=0.5")],
            length: 10
          )))
    XCTAssertEqual(
      app.refusal(
        for:
          head("POST", "/v1/plans", jsonType + [("Accept", "application/json;q=0")], length: 10))?
        .status, 406)
    XCTAssertNil(
      app.refusal(
        for:
          head("POST", "/v1/plans", [("Content-Type", "application/merge-patch+json")], length: 10))
    )
    // Then 400 for bad JSON and 422 for bad values.
    XCTAssertEqual(send("POST", "/v1/plans", jsonType, body: "{nope").status, 400)
    XCTAssertEqual(send("POST", "/v1/plans", jsonType, body: "{}").status, 422)
  }

  func testEveryErrorIsProblemJSON() throws {
    let responses = [
      send("GET", "/missing"), send("DELETE", "/v1/styles"),
      send("POST", "/v1/plans", jsonType, body: "[1,"),
      send("POST", "/v1/plans", jsonType, body: #"{"style":"zoom"}"#), send("GET", "/v1/plans"),
      send("GET", "/v1/plans?request=%zz"), send("POST", "/v1/plans", body: "{}"),
    ]
    XCTAssertEqual(responses.map(\.status), [404, 405, 400, 422, 400, 400, 415])
    for r in responses {
      XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/problem+json")
      let p = try json(r)
      XCTAssertNotNil(p["type"])
      XCTAssertNotNil(p["title"])
      XCTAssertEqual(p["status"], .number(Double(r.status)))
    }
    XCTAssertEqual(try json(responses[2])["offset"], .number(3))
  }

  func testGetPlanDecodesTheQueryLikeCurlDataUrlencode() throws {
    let request =
      #"{"style":"cartSheet","operation":"present","container":{"width":390,"height":844}}"#
    let target =
      "/v1/plans?request="
      + QueryString.encode(Array(request.utf8)).replacingOccurrences(of: "%20", with: "+")
    let r = send("GET", target)
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(try json(r)["operation"], .string("present"))
    XCTAssertNil(r.headers.first(name: "Content-Location"))
    let bad = send(
      "GET", "/v1/plans?request=" + QueryString.encode(Array(#"{"style":"cartSheet"}"#.utf8)))
    XCTAssertEqual(bad.status, 422)
  }

  func testCORS() throws {
    let simple = send("GET", "/v1/styles", [("Origin", "https://app.example")])
    XCTAssertEqual(simple.headers.first(name: "Access-Control-Allow-Origin"), "*")
    XCTAssertEqual(
      simple.headers.first(name: "Access-Control-Expose-Headers"), "ETag, X-Request-ID, Retry-After"
    )
    // Under `*` every answer is the same for every Origin: `*` without an Origin too, and
    // `Origin` is not in Vary, so a shared cache keeps one copy.
    let noOrigin = send("GET", "/v1/styles")
    XCTAssertEqual(noOrigin.headers.first(name: "Access-Control-Allow-Origin"), "*")
    XCTAssertEqual(noOrigin.headers.first(name: "Vary"), "Accept, Accept-Encoding")

    let preflight = send(
      "OPTIONS", "/v1/plans",
      [
        ("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type, x-evil, if-none-match"),
      ])
    XCTAssertEqual(preflight.status, 204)
    XCTAssertEqual(
      preflight.headers.first(name: "Access-Control-Allow-Methods"), "GET, HEAD, POST, OPTIONS")
    XCTAssertEqual(
      preflight.headers.first(name: "Access-Control-Allow-Headers"), "Content-Type, If-None-Match",
      "only the headers the API reads, never an echo")
    XCTAssertEqual(preflight.headers.first(name: "Access-Control-Max-Age"), "600")

    var config = PlannerAppConfiguration()
    config.allowedOrigins = ["https://good.example"]
    let strict = PlannerApp(configuration: config)
    let good = strict.handle(
      HTTPRequest(head: head("GET", "/healthz", [("Origin", "https://good.example")])))
    XCTAssertEqual(good.headers.first(name: "Access-Control-Allow-Origin"), "https://good.example")
    XCTAssertEqual(good.headers.first(name: "Vary"), "Accept, Origin, Accept-Encoding")
    let none = strict.handle(HTTPRequest(head: head("GET", "/healthz")))
    XCTAssertNil(none.headers.first(name: "Access-Control-Allow-Origin"))
    XCTAssertEqual(none.headers.first(name: "Vary"), "Accept, Origin, Accept-Encoding")
    // The server's own answers are worded here too, with the same headers.
    let timeout = strict.serverResponse(
      HTTPServerProblem(status: 408, detail: "late"), origin: "https://good.example")
    XCTAssertEqual(timeout.headers.first(name: "Content-Type"), "application/problem+json")
    XCTAssertEqual(
      timeout.headers.first(name: "Access-Control-Allow-Origin"), "https://good.example")
    XCTAssertEqual(timeout.headers.first(name: "Vary"), "Accept, Origin, Accept-Encoding")
    XCTAssertEqual(
      String(decoding: timeout.body, as: UTF8.self),
      #"{"type":"/problems/request-timeout","title":"Request Timeout","status":408,"detail":"late"}"#
    )
    let evil = strict.handle(
      HTTPRequest(
        head: head(
          "OPTIONS", "/v1/plans",
          [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")])))
    XCTAssertEqual(evil.status, 204)
    XCTAssertNil(evil.headers.first(name: "Access-Control-Allow-Origin"))
    XCTAssertNil(evil.headers.first(name: "Access-Control-Allow-Methods"))
  }

  func testOperationalRoutes() throws {
    XCTAssertEqual(send("GET", "/healthz").body, Array(#"{"status":"ok"}"#.utf8))
    XCTAssertEqual(send("GET", "/readyz").body, Array(#"{"status":"ready"}"#.utf8))
    let status = ServerStatus()
    let draining = PlannerApp(status: status)
    status.connect(draining: { true }, connections: { 7 })
    let r = draining.handle(HTTPRequest(head: head("GET", "/readyz")))
    XCTAssertEqual(r.status, 503)
    XCTAssertEqual(r.body, Array(#"{"status":"draining"}"#.utf8))
    XCTAssertNotNil(r.headers.first(name: "Retry-After"))

    draining.metrics.recordRequest(path: "/v1/plans", method: "POST", status: 200, duration: 0.002)
    draining.metrics.recordRequest(path: "/wp-admin", method: "BREW", status: 404, duration: 0.0001)
    _ = draining.handle(
      HTTPRequest(
        head: head("POST", "/v1/plans", jsonType, length: 1), body: Array(zoomPushJSON.utf8)))
    let m = String(
      decoding: draining.handle(HTTPRequest(head: head("GET", "/metrics"))).body, as: UTF8.self)
    XCTAssertTrue(
      m.contains("http_requests_total{route=\"/v1/plans\",method=\"POST\",status=\"200\"} 1\n"))
    XCTAssertTrue(
      m.contains("http_requests_total{route=\"unmatched\",method=\"OTHER\",status=\"404\"} 1\n"))
    XCTAssertTrue(m.contains("http_request_duration_seconds_bucket{le=\"0.0025\"} 2\n"))
    XCTAssertTrue(m.contains("http_request_duration_seconds_count 2\n"))
    XCTAssertTrue(m.contains("http_open_connections 7\n"))
    XCTAssertTrue(m.contains("plans_total{style=\"zoom\",operation=\"push\"} 1\n"))

    let styles = try json(send("GET", "/v1/styles"))
    guard case .array(let list) = styles["styles"] else { return XCTFail("no styles") }
    XCTAssertEqual(
      list.map { $0["name"] },
      [.string("zoom"), .string("expand"), .string("cartSheet"), .string("hero")])
    let yaml = send("GET", "/openapi.yaml")
    XCTAssertEqual(yaml.headers.first(name: "Content-Type"), "application/yaml")
    XCTAssertTrue(String(decoding: yaml.body, as: UTF8.self).hasPrefix("openapi: 3.1"))
  }

  // Requests differing only in key order or ignored fields share one canonical form.
  func testEquivalentRequestsShareOneCanonicalForm() {
    let a = try! PlanningService().decodePlanRequest(Array(zoomPushJSON.utf8)).get()
    let b = try! PlanningService().decodePlanRequest(
      Array(
        #"{"frameRate":60,"x":1,"timing":{"curve":{"initialVelocity":1,"type":"spring","dampingRatio":0.6},"duration":1},"destination":{"x":0,"y":91,"width":390,"height":390},"source":{"x":16,"y":220,"width":170,"height":170},"container":{"width":390,"height":844},"operation":"push","style":"zoom"}"#
          .utf8)
    ).get()
    XCTAssertEqual(CanonicalRequest.json(a), CanonicalRequest.json(b))
  }

  func testInlineFirstAnswersCacheHitsAndRefusalsButLeavesPlanningToWorkers() throws {
    let app = PlannerApp()
    let body = Array(zoomPushJSON.utf8)
    let request = HTTPRequest(
      head: head("POST", "/v1/plans", jsonType, length: body.count), body: body)
    XCTAssertNil(app.immediateResponse(to: request), "a miss must go to the workers")
    let computed = app.handle(request)
    let hit = try XCTUnwrap(app.immediateResponse(to: request))
    XCTAssertEqual(hit.status, 200)
    XCTAssertEqual(hit.body, computed.body)
    XCTAssertEqual(hit.headers.first(name: "ETag"), computed.headers.first(name: "ETag"))
    XCTAssertEqual(
      hit.headers.first(name: "Content-Location"), computed.headers.first(name: "Content-Location"))
    // Refusals decided by the head and cheap routes are answered inline too; a body that must
    // be decoded (here to find its 422) goes to the workers, which decode it once.
    XCTAssertEqual(
      app.immediateResponse(to: HTTPRequest(head: head("POST", "/v1/plans", [], length: 2)))?
        .status, 415)
    let invalid = HTTPRequest(
      head: head("POST", "/v1/plans", jsonType, length: 2), body: Array("{}".utf8))
    XCTAssertNil(app.immediateResponse(to: invalid))
    XCTAssertEqual(app.handle(invalid).status, 422)
    XCTAssertEqual(
      app.immediateResponse(to: HTTPRequest(head: head("GET", "/healthz")))?.status, 200)
    XCTAssertEqual(app.immediateResponse(to: HTTPRequest(head: head("GET", "/nope")))?.status, 404)
    let metrics = app.metrics.exposition(openConnections: 0)
    XCTAssertTrue(metrics.contains("plan_cache_requests_total{result=\"hit\"} 1"), metrics)
    XCTAssertTrue(metrics.contains("plan_cache_requests_total{result=\"miss\"} 1"), metrics)
  }
}
