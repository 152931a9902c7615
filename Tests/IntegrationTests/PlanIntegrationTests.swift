import Foundation
import JSON
import PlannerClient
import PlannerService
import XCTest

/// The plan API through libcurl against the live server.
final class PlanIntegrationTests: IntegrationTestCase {
  func testEveryStyleAndOperation() throws {
    let cases = [
      ("zoom-push", ["fromView", "toView", "snapshot"]),
      ("zoom-pop", ["toView", "fromView", "snapshot"]),
      ("expand-push", ["background", "toView", "topSlice", "bottomSlice"]),
      ("expand-pop", ["background", "fromView", "toView", "topSlice", "bottomSlice"]),
      ("cartSheet-present", ["fromSnapshot", "toView"]),
      ("cartSheet-dismiss", ["toSnapshot", "fromView"]),
    ]
    for (name, layers) in cases {
      let plan = try client.plan(try example(name))
      XCTAssertEqual(plan.exchange.status, 200, name)
      XCTAssertEqual(plan.layerIDs, layers, name)
      XCTAssertEqual(plan.style, String(name.split(separator: "-")[0]))
      XCTAssertNotNil(plan.etag)
      XCTAssertEqual(plan.exchange.header("Content-Type"), "application/json")
    }
    // The seed's number, through the wire: zoom push snapshot at 0.5 s.
    let zoom = try client.plan(try example("zoom-push"))
    let mid = try XCTUnwrap(zoom.keyframes(of: "snapshot").first { $0.t == 0.5 })
    XCTAssertEqual(mid.x, 16 - 16 * 1.038955774, accuracy: 1e-6)
  }

  /// The client asks for gzip and decodes it; the plan is the identity plan byte for byte, in
  /// every format, and the tags differ per coding.
  func testBothCodingsGiveTheSamePlan() throws {
    let plain = try PlannerClient(baseURL: client.baseURL)
    plain.acceptEncoding = nil
    for name in ["zoom-push", "hero-avatar", "expand-pop"] {
      let body = Array(try example(name).utf8)
      for format in ["json", "waapi", "css", "lottie", "svg", "waapi&keyframes=compact"] {
        let headers = ["Content-Type: application/json"]
        let gzip = try client.send(
          "POST", "/v1/plans?format=\(format)", headers: headers, body: body)
        let identity = try plain.send(
          "POST", "/v1/plans?format=\(format)", headers: headers, body: body)
        XCTAssertEqual(gzip.status, 200)
        XCTAssertEqual(gzip.header("Content-Encoding"), "gzip", "\(name) \(format)")
        XCTAssertNil(identity.header("Content-Encoding"))
        XCTAssertEqual(gzip.body, identity.body, "\(name) \(format)")
        XCTAssertNotEqual(gzip.header("ETag"), identity.header("ETag"))
      }
    }
    let interaction = Array(try example("interaction-slow-drag").utf8)
    let gzip = try client.send(
      "POST", "/v1/interactions", headers: ["Content-Type: application/json"], body: interaction)
    let identity = try plain.send(
      "POST", "/v1/interactions", headers: ["Content-Type: application/json"], body: interaction)
    XCTAssertEqual(gzip.header("Content-Encoding"), "gzip")
    XCTAssertEqual(gzip.body, identity.body)
  }

  func testHeroPlansThroughTheClient() throws {
    let push = try client.plan(try example("hero-grid-push"))
    XCTAssertEqual(push.exchange.status, 200)
    XCTAssertEqual(push.style, "hero")
    XCTAssertEqual(push.curveType, "linearOutSlowIn")
    XCTAssertEqual(
      push.layerIDs,
      [
        "fromView", "fromDimming", "toView", "searchBar@from", "photo-0@from", "photo-1@from",
        "photo-2@from", "photo-4@from", "photo-5@from", "photo-3@from", "photo-3@to",
        "title@to", "body@to",
      ])
    XCTAssertNotNil(push.contentLocation)
    // The selected photo flies from its grid cell to the header, ending exactly there.
    let photo = push.keyframes(of: "photo-3@to")
    XCTAssertEqual(photo.first?.x, 204)
    XCTAssertEqual(photo.first?.y, 338)
    XCTAssertEqual(photo.last?.width, 390)
    XCTAssertEqual(photo.last?.y, 91)
    // The pop of the same screens, swapped: the photo flies back; pull instead of push.
    let pop = try client.plan(try example("hero-grid-pop"))
    XCTAssertEqual(pop.curveType, "fastOutSlowIn")
    XCTAssertEqual(pop.layerIDs.prefix(3), ["toView", "toDimming", "fromView"])
    XCTAssertEqual(pop.keyframes(of: "photo-3@from").last?.x, 204)
    // A duplicate id is a 422 at the later one's id.
    let invalid = problem {
      try self.client.plan(
        #"{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":{"to":{"elements":[{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1}},{"id":"b","frame":{"x":0,"y":0,"width":1,"height":1}},{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1}}]}}}"#
      )
    }
    XCTAssertEqual(invalid?.status, 422)
    XCTAssertEqual(invalid?.errors.map(\.pointer), ["/screens/to/elements/2/id"])
  }

  /// A push retargeted twice through the client: each plan starts where the one in flight was
  /// at its moment, echoes it, and ends at the new destination; a bad retarget is a problem
  /// with its pointer.
  func testRetargetThroughTheClient() throws {
    let push = try example("zoom-push")
    let moved = push.replacingOccurrences(of: #""y": 91"#, with: #""y": 131"#)
    XCTAssertNotEqual(moved, push)
    let inFlight = try client.plan(push)
    let first = try client.retarget(moved, from: push, at: 0.1)
    XCTAssertEqual(first.exchange.status, 200)
    XCTAssertEqual(first.json?["retarget"]?["policy"], .string("spring"))
    XCTAssertEqual(first.json?["retarget"]?["fromDuration"], .number(1))
    let before = try XCTUnwrap(inFlight.keyframes(of: "snapshot").first { $0.t == 0.1 })
    let start = try XCTUnwrap(first.keyframes(of: "snapshot").first)
    XCTAssertEqual(start.x, before.x, accuracy: 1e-9)
    XCTAssertEqual(start.y, before.y, accuracy: 1e-9)
    XCTAssertEqual(start.width, before.width, accuracy: 1e-9)
    let end = try XCTUnwrap(first.keyframes(of: "snapshot").last)
    XCTAssertEqual([end.x, end.y, end.width], [0, 131, 390])
    // A chain: the retarget request itself is the next `from`.
    let firstRequest = try PlannerClient.retargetRequest(moved, from: push, at: 0.1)
    let second = try client.retarget(push, from: firstRequest, at: 0.25, policy: "additive")
    XCTAssertEqual(second.json?["retarget"]?["policy"], .string("additive"))
    let secondStart = try XCTUnwrap(second.keyframes(of: "snapshot").first)
    let firstAt = try XCTUnwrap(first.keyframes(of: "snapshot").first { abs($0.t - 0.25) < 1e-12 })
    XCTAssertEqual(secondStart.y, firstAt.y, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(second.keyframes(of: "snapshot").last).y, 91)
    let late = problem { try self.client.retarget(push, from: push, at: 5) }
    XCTAssertEqual(late?.status, 422)
    XCTAssertEqual(late?.errors.map(\.pointer), ["/retarget/at"])
    XCTAssertThrowsError(try PlannerClient.retargetRequest("[1]", from: push, at: 0.1))
  }

  func testExplicitTimingsOfEveryCurveType() throws {
    let curves = [
      #"{"type":"linear"}"#, #"{"type":"easeIn"}"#, #"{"type":"easeOut"}"#,
      #"{"type":"easeInOut"}"#,
      #"{"type":"default"}"#, #"{"type":"fastOutSlowIn"}"#, #"{"type":"linearOutSlowIn"}"#,
      #"{"type":"fastOutLinearIn"}"#,
      #"{"type":"cubicBezier","x1":0.2,"y1":-0.3,"x2":0.4,"y2":1.3}"#,
      #"{"type":"spring","dampingRatio":0.5,"initialVelocity":2}"#,
      #"{"type":"springPhysics","mass":1,"stiffness":300,"damping":20}"#,
      #"{"type":"springResponse","response":0.4,"dampingRatio":0.7}"#,
      #"{"type":"springBounce","duration":0.5,"bounce":-0.2}"#,
    ]
    for curve in curves {
      let json =
        #"{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"timing":{"duration":0.4,"curve":\#(curve)}}"#
      let plan = try client.plan(json)
      let type = try XCTUnwrap(try JSONParser.parse(Array(curve.utf8))["type"])
      XCTAssertEqual(plan.json?["timing"]?["curve"]?["type"], type)
      XCTAssertEqual(plan.duration, 0.4)
      let frames = plan.keyframes(of: "snapshot")
      XCTAssertEqual(frames.first?.x, 0)
      XCTAssertEqual(frames.last?.x, 16, curve)
      XCTAssertEqual(frames.last?.t, 0.4)
    }
  }

  func testEachErrorClass() throws {
    let zoom = try example("zoom-push")
    // 400 with the offset.
    let syntax = problem { try self.client.plan(#"{"style": "zoom",,}"#) }
    XCTAssertEqual(syntax?.status, 400)
    XCTAssertEqual(syntax?.offset, 17)
    // 422 with every bad field.
    let invalid = problem {
      try self.client.plan(
        #"{"style":"zoom","operation":"push","container":{"width":-1,"height":844},"frameRate":500}"#
      )
    }
    XCTAssertEqual(invalid?.status, 422)
    XCTAssertEqual(
      invalid?.errors.map(\.pointer), ["/container/width", "/source", "/destination", "/frameRate"])
    // 404, 405 with Allow, 415, 406.
    XCTAssertEqual(try client.send("GET", "/v2/plans").status, 404)
    let notAllowed = try client.send("DELETE", "/v1/plans")
    XCTAssertEqual(notAllowed.status, 405)
    XCTAssertEqual(notAllowed.header("Allow"), "GET, HEAD, POST, OPTIONS")
    XCTAssertEqual(
      try client.send(
        "POST", "/v1/plans", headers: ["Content-Type: text/plain"], body: Array(zoom.utf8)
      ).status, 415)
    XCTAssertEqual(
      try client.send("POST", "/v1/plans", headers: ["Content-Type:"], body: Array(zoom.utf8))
        .status, 415)
    let notAcceptable = try client.send(
      "POST", "/v1/plans", headers: ["Content-Type: application/json", "Accept: text/html"],
      body: Array(zoom.utf8))
    XCTAssertEqual(notAcceptable.status, 406)
    for exchange in [notAllowed, notAcceptable] {
      XCTAssertEqual(exchange.header("Content-Type"), "application/problem+json")
    }
  }

  func testExpectContinueIsAnsweredAtOnceFor64KiB() throws {
    // A valid request padded with an ignored field to 64 KiB.
    let zoom = try example("zoom-push")
    let padding = String(repeating: "x", count: 64 * 1024)
    let body = "{\"padding\":\"\(padding)\"," + zoom.drop { $0 != "{" }.dropFirst()
    let exchange = try client.send(
      "POST", "/v1/plans", headers: ["Content-Type: application/json", "Expect: 100-continue"],
      body: Array(body.utf8))
    XCTAssertEqual(exchange.status, 200)
    XCTAssertEqual(exchange.interimStatuses, [100])
    XCTAssertEqual(exchange.bytesSent, body.utf8.count)
    // curl waits a whole second when a server ignores Expect; this must be far quicker.
    XCTAssertLessThan(exchange.totalTime, 0.5)
  }

  func testBodyOverTheLimitIsRefusedBeforeItIsSent() throws {
    let big = [UInt8](repeating: 0x20, count: 3 * 1024 * 1024)
    let exchange = try client.send(
      "POST", "/v1/plans", headers: ["Content-Type: application/json"], body: big)
    XCTAssertEqual(exchange.status, 413)
    XCTAssertEqual(exchange.header("Content-Type"), "application/problem+json")
    XCTAssertLessThan(
      exchange.bytesSent, big.count / 2, "curl stopped sending when the 413 arrived")
  }

  func testGETFormETagAnd304AndKeepAlive() throws {
    let zoom = try example("zoom-pop")
    let posted = try client.plan(zoom)
    let fetched = try client.planByGET(zoom)
    XCTAssertEqual(fetched.exchange.body, posted.exchange.body)
    XCTAssertEqual(fetched.etag, posted.etag)
    XCTAssertEqual(fetched.exchange.header("Cache-Control"), "public, max-age=86400")
    let again = try client.planByGET(zoom, ifNoneMatch: posted.etag)
    XCTAssertTrue(again.notModified)
    XCTAssertEqual(again.etag, posted.etag)
    XCTAssertTrue(again.exchange.body.isEmpty)
    // The easy handle kept its connection: none of the last calls opened a new one.
    XCTAssertEqual(fetched.exchange.newConnections, 0)
    XCTAssertEqual(again.exchange.newConnections, 0)
    // The Content-Location of a POST is the canonical GET.
    let location = try XCTUnwrap(posted.contentLocation)
    XCTAssertEqual(try client.send("GET", location).body, posted.exchange.body)
    // POST with a matching If-None-Match is 412.
    let failed = try client.send(
      "POST", "/v1/plans",
      headers: ["Content-Type: application/json", "If-None-Match: \(posted.etag!)"],
      body: Array(zoom.utf8))
    XCTAssertEqual(failed.status, 412)
  }

  func testStylesAndCORS() throws {
    let styles = try client.styles()
    XCTAssertEqual(styles.map(\.name), ["zoom", "expand", "cartSheet", "hero"])
    XCTAssertEqual(styles[2].operations, ["present", "dismiss"])
    let preflight = try client.send(
      "OPTIONS", "/v1/plans",
      headers: [
        "Origin: https://app.example", "Access-Control-Request-Method: POST",
        "Access-Control-Request-Headers: content-type",
      ])
    XCTAssertEqual(preflight.status, 204)
    XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), "*")
    XCTAssertEqual(preflight.header("Access-Control-Allow-Methods"), "GET, HEAD, POST, OPTIONS")
    XCTAssertEqual(preflight.header("Access-Control-Max-Age"), "600")
    let simple = try client.send("GET", "/healthz", headers: ["Origin: https://app.example"])
    XCTAssertEqual(simple.header("Access-Control-Allow-Origin"), "*")
    XCTAssertEqual(simple.header("Vary"), "Accept, Accept-Encoding")
    XCTAssertNotNil(simple.header("X-Request-ID"))
  }

  func testTransportErrorsAreTyped() throws {
    let dead = try PlannerClient(baseURL: "http://127.0.0.1:1", timeout: 2)
    XCTAssertThrowsError(try dead.styles()) { error in
      guard case .transport = error as? PlannerClientError else { return XCTFail("\(error)") }
    }
  }
}
