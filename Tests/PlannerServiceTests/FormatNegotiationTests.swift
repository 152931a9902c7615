import HTTP1
import JSON
import XCTest

@testable import PlannerService

/// Choosing the export format: `format`, `Accept` with q-values, 400/406, and the caching
/// headers each format gets.
final class FormatNegotiationTests: XCTestCase {
  let app = PlannerApp()
  let jsonType = [("Content-Type", "application/json")]
  let exports = ExportFormat.allCases.filter { $0 != .json }

  func send(
    _ method: String, _ target: String, _ headers: [(String, String)] = [], body: String? = nil,
    to app: PlannerApp? = nil
  ) -> HTTPResponse {
    (app ?? self.app).handle(method, target, headers, body: body)
  }

  func postPlan(_ query: String = "", _ headers: [(String, String)] = []) -> HTTPResponse {
    send("POST", "/v1/plans" + query, jsonType + headers, body: zoomPushJSON)
  }

  func mediaType(_ f: ExportFormat) -> String { f.mediaType.type + "/" + f.mediaType.subtype }

  func testFormatParameterSelectsEachFormat() throws {
    let plan = try PlanningService().decodePlanRequest(Array(zoomPushJSON.utf8))
      .flatMap(PlanningService().plan).get()
    for f in ExportFormat.allCases {
      let r = postPlan("?format=\(f.rawValue)")
      XCTAssertEqual(r.status, 200, "\(f)")
      XCTAssertEqual(r.headers.first(name: "Content-Type"), f.contentType)
      XCTAssertEqual(r.body, f.render(plan), "\(f): the exporter's bytes")
      XCTAssertEqual(r.headers.first(name: "ETag"), ETag.of(r.body))
      XCTAssertEqual(r.headers.first(name: "Cache-Control"), "public, max-age=86400")
      XCTAssertEqual(r.headers.first(name: "Vary"), "Accept, Accept-Encoding")
    }
  }

  func testAcceptSelectsTheFormatWithQValues() {
    for f in exports {
      XCTAssertEqual(
        postPlan("", [("Accept", mediaType(f))]).headers.first(name: "Content-Type"),
        f.contentType)
      // A lower q for JSON: the export wins; a lower q for the export: JSON wins.
      XCTAssertEqual(
        postPlan("", [("Accept", "application/json;q=0.5, \(mediaType(f))")])
          .headers.first(name: "Content-Type"), f.contentType)
      XCTAssertEqual(
        postPlan("", [("Accept", "\(mediaType(f));q=0.2, application/json;q=0.9")])
          .headers.first(name: "Content-Type"), "application/json")
    }
    // Missing, */* and application/json mean JSON; a more specific q=0 excludes a type that
    // */* would admit.
    XCTAssertEqual(postPlan().headers.first(name: "Content-Type"), "application/json")
    XCTAssertEqual(
      postPlan("", [("Accept", "*/*")]).headers.first(name: "Content-Type"), "application/json")
    XCTAssertEqual(
      postPlan("", [("Accept", "application/json;q=0, */*;q=0.5")]).headers
        .first(name: "Content-Type"), ExportFormat.allCases[1].contentType)
  }

  func testParameterNamesMayBePercentEncoded() {
    XCTAssertEqual(
      postPlan("?%66ormat=css").headers.first(name: "Content-Type"), "text/css; charset=utf-8")
    XCTAssertEqual(
      postPlan("?formats=css&x=1").headers.first(name: "Content-Type"), "application/json")
    XCTAssertTrue(FormatNegotiation.mayName("a=1&moments=3"))
    XCTAssertFalse(FormatNegotiation.mayName("request=abc&form=1&moment=2"))
  }

  // A parameter given twice is ambiguous: 400 naming it, whichever value came first.
  func testRepeatedParametersAre400NamingTheParameter() throws {
    let body = Array(zoomPushJSON.utf8)
    let query = QueryString.encode(body)
    for (target, name) in [
      ("/v1/plans?request=\(query)&request=\(query)", "request"),
      ("/v1/plans?request=\(query)&format=svg&format=css", "format"),
      ("/v1/plans?request=\(query)&format=svg&moments=3&moments=4", "moments"),
    ] {
      let r = send("GET", target)
      XCTAssertEqual(r.status, 400, target)
      XCTAssertTrue(
        String(decoding: r.body, as: UTF8.self).contains("gives \(name) more than once"), target)
    }
    XCTAssertEqual(send("GET", "/v1/plans?request=\(query)&format=svg").status, 200)
  }

  func testUnknownFormatIs400NamingTheValues() throws {
    let r = postPlan("?format=xml")
    XCTAssertEqual(r.status, 400)
    XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/problem+json")
    let p = try JSONParser.parse(r.body)
    XCTAssertEqual(p["type"], .string("/problems/invalid-parameter"))
    for f in ExportFormat.allCases {
      XCTAssertTrue(p["detail"]?.text?.contains(f.rawValue) ?? false, "\(f)")
    }
    XCTAssertEqual(
      send("POST", "/v1/interactions?format=gif", jsonType, body: interactionExampleJSON).status,
      400)
    XCTAssertEqual(send("GET", "/v1/plans?format=&request=%7B%7D").status, 400)
  }

  func testAcceptThatExcludesTheFormatIs406() throws {
    for f in exports {
      let r = postPlan("?format=\(f.rawValue)", [("Accept", "application/json")])
      XCTAssertEqual(r.status, 406, "\(f)")
      XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/problem+json")
      let detail = try XCTUnwrap(try JSONParser.parse(r.body)["detail"]?.text)
      XCTAssertTrue(detail.contains(mediaType(f)), detail)
    }
    // An Accept admitting none of the formats, with or without a format (406 before 400).
    for query in ["", "?format=waapi", "?format=nope", "?format=svg&moments=99"] {
      let r = postPlan(query, [("Accept", "text/html")])
      XCTAssertEqual(r.status, 406, query)
      let detail = try XCTUnwrap(try JSONParser.parse(r.body)["detail"]?.text)
      for f in ExportFormat.allCases { XCTAssertTrue(detail.contains(mediaType(f)), detail) }
    }
    XCTAssertEqual(
      send(
        "POST", "/v1/interactions", jsonType + [("Accept", "text/html")],
        body: interactionExampleJSON
      ).status, 406)
    // 406 comes after 415 in docs/API.md's order.
    XCTAssertEqual(
      send(
        "POST", "/v1/plans?format=nope", [("Content-Type", "text/plain"), ("Accept", "text/html")],
        body: zoomPushJSON
      ).status, 415)
  }

  func testEachFormatHasItsOwnTagLocationAndConditionalAnswers() throws {
    var tags: Set<String> = []
    for f in ExportFormat.allCases {
      let r = postPlan(f == .json ? "" : "?format=\(f.rawValue)")
      let etag = try XCTUnwrap(r.headers.first(name: "ETag"))
      tags.insert(etag)
      let location = try XCTUnwrap(r.headers.first(name: "Content-Location"))
      if f == .json {
        XCTAssertFalse(location.contains("format="))
      } else {
        XCTAssertTrue(location.hasSuffix("&format=\(f.rawValue)"), location)
      }
      // The canonical GET answers the same bytes and tag; a matching tag gives 304 there and
      // 412 on POST.
      let get = send("GET", location)
      XCTAssertEqual(get.status, 200)
      XCTAssertEqual(get.body, r.body)
      XCTAssertEqual(get.headers.first(name: "Content-Type"), f.contentType)
      XCTAssertEqual(get.headers.first(name: "ETag"), etag)
      let notModified = send("GET", location, [("If-None-Match", etag)])
      XCTAssertEqual(notModified.status, 304)
      XCTAssertEqual(notModified.headers.first(name: "ETag"), etag)
      XCTAssertEqual(
        postPlan(f == .json ? "" : "?format=\(f.rawValue)", [("If-None-Match", etag)]).status, 412)
    }
    XCTAssertEqual(tags.count, ExportFormat.allCases.count, "every format has its own tag")
  }

  func testCacheKeyIncludesTheFormat() throws {
    let app = PlannerApp()
    let request = { (query: String) in
      HTTPRequest(
        head: HTTPRequestHead(
          method: "POST", target: "/v1/plans" + query, headers: HTTPHeaders(self.jsonType),
          framing: .contentLength(zoomPushJSON.utf8.count)), body: Array(zoomPushJSON.utf8))
    }
    // A computed JSON plan does not answer a format's request from the cache, and vice versa.
    XCTAssertEqual(app.handle(request("")).status, 200)
    for f in exports {
      XCTAssertNil(app.immediateResponse(to: request("?format=\(f.rawValue)")), "\(f): a miss")
      let computed = app.handle(request("?format=\(f.rawValue)"))
      let hit = try XCTUnwrap(
        app.immediateResponse(to: request("?format=\(f.rawValue)")), "\(f): a hit")
      XCTAssertEqual(hit.body, computed.body)
      XCTAssertEqual(hit.headers.first(name: "Content-Type"), f.contentType)
    }
    XCTAssertEqual(
      try XCTUnwrap(app.immediateResponse(to: request(""))).headers.first(name: "Content-Type"),
      "application/json")
  }

  func testInteractionsAnswerEveryFormatUncached() throws {
    let plan = try PlanningService().decodeInteractionRequest(Array(interactionExampleJSON.utf8))
      .flatMap(PlanningService().interact).get()
    for f in ExportFormat.allCases where f.servesInteractions {
      let r = send(
        "POST", "/v1/interactions?format=\(f.rawValue)", jsonType, body: interactionExampleJSON)
      XCTAssertEqual(r.status, 200)
      XCTAssertEqual(r.headers.first(name: "Content-Type"), f.contentType)
      XCTAssertEqual(r.headers.first(name: "Cache-Control"), "no-store")
      XCTAssertNil(r.headers.first(name: "ETag"))
      XCTAssertEqual(r.body, f.render(plan))
      let byAccept = send(
        "POST", "/v1/interactions", jsonType + [("Accept", mediaType(f))],
        body: interactionExampleJSON)
      XCTAssertEqual(byAccept.body, r.body)
    }
  }

  /// docs/VIEWTRANSITIONS.md 1: plans only; an Accept that admits only the view-transition
  /// type is a 406 on the interactions route; `keyframes=compact` is a 400, `sampled` changes
  /// nothing.
  func testViewTransitionIsForPlansOnly() throws {
    let named = send(
      "POST", "/v1/interactions?format=viewtransition", jsonType, body: interactionExampleJSON)
    XCTAssertEqual(named.status, 400)
    let problem = try JSONParser.parse(named.body)
    XCTAssertEqual(problem["type"], .string("/problems/invalid-parameter"))
    XCTAssertEqual(
      problem["detail"], .string("format viewtransition is for plans, not interactions"))
    let onlyIt = send(
      "POST", "/v1/interactions", jsonType + [("Accept", mediaType(.viewtransition))],
      body: interactionExampleJSON)
    XCTAssertEqual(onlyIt.status, 406)
    let detail = try XCTUnwrap(try JSONParser.parse(onlyIt.body)["detail"]?.text)
    XCTAssertFalse(detail.contains(mediaType(.viewtransition)), detail)
    // Preferred but not alone: the route answers in the next best type.
    let preferred = send(
      "POST", "/v1/interactions",
      jsonType + [("Accept", "\(mediaType(.viewtransition)), application/json;q=0.5")],
      body: interactionExampleJSON)
    XCTAssertEqual(preferred.status, 200)
    XCTAssertEqual(preferred.headers.first(name: "Content-Type"), "application/json")
    XCTAssertEqual(postPlan("?format=viewtransition&keyframes=compact").status, 400)
    XCTAssertEqual(
      postPlan("?format=viewtransition&keyframes=sampled").body,
      postPlan("?format=viewtransition").body)
  }

  func testSameRequestTwiceGivesIdenticalBytes() {
    for f in ExportFormat.allCases {
      // Two apps: no shared cache, so both compute.
      let a = send(
        "POST", "/v1/plans?format=\(f.rawValue)", jsonType, body: zoomPushJSON, to: PlannerApp())
      let b = send(
        "POST", "/v1/plans?format=\(f.rawValue)", jsonType, body: zoomPushJSON, to: PlannerApp())
      XCTAssertEqual(a.body, b.body, "\(f)")
      XCTAssertEqual(a.headers.first(name: "ETag"), b.headers.first(name: "ETag"))
    }
  }

  func testAcceptHeaderQualityUsesTheMostSpecificRange() throws {
    let accept = try XCTUnwrap(AcceptHeader(["text/*;q=0.3, text/css;q=0.7, */*;q=0.1"]))
    XCTAssertEqual(accept.quality(type: "text", subtype: "css"), 0.7)
    XCTAssertEqual(accept.quality(type: "text", subtype: "plain"), 0.3)
    XCTAssertEqual(accept.quality(type: "image", subtype: "svg+xml"), 0.1)
    XCTAssertEqual(AcceptHeader(["text/css"])?.quality(type: "image", subtype: "png"), 0)
    XCTAssertNil(AcceptHeader([]))
    XCTAssertNil(AcceptHeader([" , "]))
  }

  // One list grammar and one matching rule for every route (RFC 9110 12.5.1: the most specific
  // range decides): the same header is judged alike by /v1/plans and /v1/styles.
  func testEveryRouteReadsAcceptAlike() {
    let accept = [("Accept", "application/json;q=0, application/*")]
    XCTAssertEqual(
      postPlan("", accept).headers.first(name: "Content-Type"),
      ExportFormat.waapi.contentType, "JSON refused, waapi matches application/*")
    XCTAssertEqual(send("GET", "/v1/styles", accept).status, 406, "JSON refused here too")
    // `q=1e-3` is no qvalue: disregarded, the range weighs 1 in both.
    let odd = [("Accept", "text/css;q=1e-3, application/json;q=0.5")]
    XCTAssertEqual(
      postPlan("", odd).headers.first(name: "Content-Type"), ExportFormat.css.contentType)
    XCTAssertEqual(send("GET", "/v1/styles", [("Accept", "application/json;q=1e-3")]).status, 200)
  }

  // An Accept longer than the parser reads is disregarded, never judged on its first
  // elements: the default representation, not a 406 that claims what was not read.
  func testAnAcceptPastTheElementBoundIsDisregarded() {
    let long =
      Array(repeating: "text/html", count: 1200).joined(separator: ", ") + ", application/json"
    let plan = postPlan("", [("Accept", long)])
    XCTAssertEqual(plan.status, 200)
    XCTAssertEqual(plan.headers.first(name: "Content-Type"), "application/json")
    XCTAssertEqual(send("GET", "/v1/styles", [("Accept", long)]).status, 200)
    let excluding = Array(repeating: "text/html", count: 65).joined(separator: ", ")
    XCTAssertEqual(postPlan("", [("Accept", excluding)]).status, 200)
    let short = Array(repeating: "text/html", count: 64).joined(separator: ", ")
    XCTAssertEqual(postPlan("", [("Accept", short)]).status, 406, "64 elements are read")
  }
}
