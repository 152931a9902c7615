import HTTP1
import JSON
import TestSupport
import XCTest

@testable import PlannerService

/// `POST /v1/interactions` through the application, without sockets.
final class InteractionRouteTests: XCTestCase {
  let app = PlannerApp()
  let jsonType = [("Content-Type", "application/json")]

  func send(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String? = nil,
    to app: PlannerApp? = nil
  ) -> HTTPResponse {
    (app ?? self.app).handle(method, target, headers, body: body)
  }

  func testPostAnswersTheInteractionPlanUncached() throws {
    let r = send("POST", "/v1/interactions", jsonType, body: interactionExampleJSON)
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/json")
    XCTAssertEqual(r.headers.first(name: "Cache-Control"), "no-store")
    XCTAssertEqual(r.headers.first(name: "Vary"), "Accept, Accept-Encoding")
    XCTAssertNil(r.headers.first(name: "ETag"))
    XCTAssertEqual(
      r.body, try PlanningService().interactionBody(Array(interactionExampleJSON.utf8)).get())
    let v = try JSONParser.parse(r.body)
    XCTAssertEqual(v["decision"], .string("finish"))
    // A trailing slash names the same route.
    XCTAssertEqual(
      send("POST", "/v1/interactions/", jsonType, body: interactionExampleJSON).status, 200)
  }

  func testEachPolicyOverHTTP() throws {
    let expected: [(GestureFixture, String, String)] = [
      (.slowDrag, "threshold", "finish"), (.slowDrag, "projected", "cancel"),
      (.slowDrag, "system", "cancel"), (.fastFlick, "threshold", "cancel"),
      (.fastFlick, "projected", "finish"), (.fastFlick, "system", "finish"),
      (.dragBack, "system", "cancel"), (.cancelled, "threshold", "cancel"),
    ]
    for (fixture, policy, decision) in expected {
      let r = send("POST", "/v1/interactions", jsonType, body: fixture.requestJSON(policy: policy))
      XCTAssertEqual(r.status, 200)
      let v = try JSONParser.parse(r.body)
      XCTAssertEqual(v["decision"], .string(decision), "\(fixture.rawValue) \(policy)")
      XCTAssertEqual(v["reason"]?["policy"], .string(policy))
    }
  }

  func testErrorsAreProblemsInAPIOrder() throws {
    // 405 with Allow: only POST (and OPTIONS).
    let get = send("GET", "/v1/interactions")
    XCTAssertEqual(get.status, 405)
    XCTAssertEqual(get.headers.first(name: "Allow"), "POST, OPTIONS")
    XCTAssertEqual(send("HEAD", "/v1/interactions").status, 405)
    // 415 without a JSON Content-Type, 406 for an Accept it cannot meet.
    XCTAssertEqual(send("POST", "/v1/interactions", body: interactionExampleJSON).status, 415)
    XCTAssertEqual(
      send("POST", "/v1/interactions", jsonType + [("Accept", "text/html")], body: "{}").status, 406
    )
    // 400 with the offset, 422 with every pointer.
    let syntax = send("POST", "/v1/interactions", jsonType, body: "{\"gesture\": [1,}")
    XCTAssertEqual(syntax.status, 400)
    XCTAssertEqual(try JSONParser.parse(syntax.body)["offset"], .number(15))
    let invalid = send(
      "POST", "/v1/interactions", jsonType,
      body:
        #"{"transition":\#(transitionJSON),"gesture":{"samples":[{"t":0,"x":0,"y":0,"state":"began"},{"t":-1,"x":0,"y":0,"state":"changed"},{"t":0.1,"x":0,"y":0,"state":"ended"},{"t":0.2,"x":0,"y":0,"state":"changed"}]}}"#
    )
    XCTAssertEqual(invalid.status, 422)
    let problem = try JSONParser.parse(invalid.body)
    XCTAssertEqual(problem["type"], .string("/problems/invalid-request"))
    guard case .array(let errors) = problem["errors"] else { return XCTFail("no errors") }
    XCTAssertEqual(
      errors.map { $0["pointer"] },
      [.string("/gesture/samples/1/t"), .string("/gesture/samples/2/state")])
    for r in [get, syntax, invalid] {
      XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/problem+json")
    }
  }

  /// 20,000 invalid fields (10,000 samples without `x` and `y`, about 400 KB): the answer lists
  /// the first 100 in the order found and gives the total, instead of a 2 MB list.
  func testAnswerListsTheFirstHundredOfTwentyThousandInvalidFields() throws {
    let body = ManyInvalidFields.interaction(samples: 10_000)
    let answer = send(
      "POST", "/v1/interactions", jsonType, body: String(decoding: body, as: UTF8.self))
    XCTAssertEqual(answer.status, 422)
    XCTAssertLessThan(answer.body.count, 16_384, "the answer is bounded, not 5 times the request")
    let problem = try JSONParser.parse(answer.body)
    XCTAssertEqual(problem["detail"], .string("20000 fields are invalid; the first 100 are listed"))
    XCTAssertEqual(problem["errorCount"], .number(20_000))
    guard case .array(let errors) = problem["errors"] else { return XCTFail("no errors") }
    XCTAssertEqual(
      errors.map { $0["pointer"] }, ManyInvalidFields.firstPointers(100).map { .string($0) })
    // 50 samples: exactly 100 errors, all listed, no count.
    let hundred = send(
      "POST", "/v1/interactions", jsonType,
      body: String(decoding: ManyInvalidFields.interaction(samples: 50), as: UTF8.self))
    let whole = try JSONParser.parse(hundred.body)
    XCTAssertEqual(whole["detail"], .string("100 fields are invalid"))
    XCTAssertNil(whole["errorCount"])
  }

  func testPreflightAndMetrics() {
    let preflight = send(
      "OPTIONS", "/v1/interactions",
      [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST")])
    XCTAssertEqual(preflight.status, 204)
    XCTAssertEqual(preflight.headers.first(name: "Access-Control-Allow-Methods"), "POST, OPTIONS")

    let fresh = PlannerApp()
    _ = send("POST", "/v1/interactions", jsonType, body: interactionExampleJSON, to: fresh)
    _ = send("POST", "/v1/interactions", jsonType, body: "{}", to: fresh)
    fresh.metrics.recordRequest(
      path: "/v1/interactions", method: "POST", status: 200, duration: 0.001)
    let m = String(
      decoding: send("GET", "/metrics", to: fresh).body, as: UTF8.self)
    XCTAssertTrue(m.contains("plans_total{style=\"zoom\",operation=\"pop\"} 1\n"), m)
    XCTAssertTrue(
      m.contains(
        "http_requests_total{route=\"/v1/interactions\",method=\"POST\",status=\"200\"} 1\n"))
  }
}
