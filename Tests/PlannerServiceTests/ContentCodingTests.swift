import Gzip
import HTTP1
import JSON
import XCTest

@testable import PlannerService

/// `Accept-Encoding` (RFC 9110 12.5.3) and gzip answers: negotiated per route, compressed once
/// and cached in both codings, a strong tag per coding, HEAD and 304 as GET.
final class ContentCodingTests: XCTestCase {
  func testAcceptEncodingRules() {
    func coding(_ header: [String], size: Int = 4096) -> ContentCoding? {
      let a = AcceptEncoding(header)
      return a.admitsAny ? a.coding(forSize: size) : nil
    }
    XCTAssertEqual(coding([]), .identity)
    XCTAssertEqual(coding(["gzip"]), .gzip)
    XCTAssertEqual(coding(["GZIP;Q=0.5"]), .gzip)
    XCTAssertEqual(coding(["x-gzip"]), .gzip)
    XCTAssertEqual(coding(["gzip, deflate, br"]), .gzip)
    XCTAssertEqual(coding(["br", "gzip;q=0.8"]), .gzip)
    XCTAssertEqual(coding(["*"]), .gzip)
    XCTAssertEqual(coding(["br"]), .identity)
    XCTAssertEqual(coding([""]), .identity)
    XCTAssertEqual(coding(["gzip;q=0"]), .identity)
    XCTAssertEqual(coding(["gzip;q=0.5, identity"]), .identity)
    XCTAssertEqual(coding(["gzip, identity;q=0.5"]), .gzip)
    // Small bodies go as they are, unless identity is excluded.
    XCTAssertEqual(coding(["gzip"], size: 1023), .identity)
    XCTAssertEqual(coding(["gzip", "identity;q=0"], size: 10), .gzip)
    XCTAssertEqual(coding(["gzip, *;q=0"], size: 10), .gzip)
    // Nothing the service writes.
    XCTAssertNil(coding(["identity;q=0"]))
    XCTAssertNil(coding(["br, *;q=0"]))
    XCTAssertNil(coding(["gzip;q=0, identity;q=0"]))
    // q-values follow RFC 9110's grammar; anything else reads as 1.
    XCTAssertEqual(coding(["identity;q=nan"]), .identity)
    XCTAssertEqual(coding(["gzip;q=inf, identity;q=0.5"]), .gzip)
    XCTAssertNil(coding(["identity;q=0.000"]))
    XCTAssertEqual(WeightedList.qvalue("0.125"), 0.125)
    for bad in ["1.5", "1.001", "0.1234", "1e-3", "-0", ".5", "0x1p-2", "nan"] {
      XCTAssertNil(WeightedList.qvalue(bad), bad)
    }
    // 64 elements are read; a header with more is disregarded whole (identity), even when it
    // excludes identity.
    XCTAssertEqual(coding([String(repeating: "br, ", count: 64) + "gzip"]), .identity)
    XCTAssertEqual(coding([String(repeating: "br, ", count: 63) + "gzip"]), .gzip)
    XCTAssertEqual(coding([String(repeating: "br, ", count: 64) + "identity;q=0"]), .identity)
  }

  let app = PlannerApp()
  let json = [("Content-Type", "application/json")]
  let gzip = [("Accept-Encoding", "gzip")]

  func inflate(_ r: HTTPResponse) throws -> [UInt8] {
    XCTAssertEqual(r.headers.first(name: "Content-Encoding"), "gzip")
    return try XCTUnwrap(Gzip.decompress(r.body, maximumBytes: 64 << 20))
  }

  func testPlansInEveryFormatAreTheIdentityBytesCompressed() throws {
    for format in ["json", "waapi", "css", "lottie", "svg", "waapi&keyframes=compact"] {
      let target = "/v1/plans?format=\(format)"
      let plain = app.handle("POST", target, json, body: zoomPushJSON)
      // Miss, then the exact-repeat hit on the event loop: the same bytes both times.
      let first = app.handle("POST", target, json + gzip, body: zoomPushJSON)
      let second = app.immediateResponse(
        to:
          HTTPRequest(
            head: HTTPRequestHead(
              method: "POST", target: target, headers: HTTPHeaders(json + gzip),
              framing: .contentLength(zoomPushJSON.utf8.count)),
            body: Array(zoomPushJSON.utf8)))
      XCTAssertEqual(plain.status, 200)
      XCTAssertNil(plain.headers.first(name: "Content-Encoding"))
      XCTAssertEqual(try inflate(first), plain.body, format)
      XCTAssertLessThan(first.body.count * 3, plain.body.count, format)
      let hit = try XCTUnwrap(second, "\(format): a gzip repeat is answered from the cache")
      XCTAssertEqual(hit.body, first.body)
      // A strong tag per coding, each stable.
      let tag = try XCTUnwrap(first.headers.first(name: "ETag"))
      XCTAssertNotEqual(tag, plain.headers.first(name: "ETag"))
      XCTAssertEqual(hit.headers.first(name: "ETag"), tag)
      XCTAssertEqual(first.headers.first(name: "Vary"), "Accept, Accept-Encoding")
      // The canonical GET in either coding, and If-None-Match with that coding's tag.
      let location = try XCTUnwrap(first.headers.first(name: "Content-Location"))
      let get = app.handle("GET", location, gzip)
      XCTAssertEqual(get.body, first.body)
      XCTAssertEqual(app.handle("GET", location, gzip + [("If-None-Match", tag)]).status, 304)
      XCTAssertEqual(app.handle("GET", location, [("If-None-Match", tag)]).status, 200)
      let head = app.handle("HEAD", location, gzip)
      XCTAssertEqual(head.headers.first(name: "Content-Encoding"), "gzip")
      XCTAssertEqual(head.headers.first(name: "ETag"), tag)
    }
  }

  func testTheGzipAnswerIsMadeFromTheCachedIdentityOne() throws {
    let before = app.cache.bytes
    _ = app.handle("POST", "/v1/plans", json, body: zoomPushJSON)
    let identityBytes = app.cache.bytes - before
    let compressed = app.handle("POST", "/v1/plans", json + gzip, body: zoomPushJSON)
    // Both codings are held in one entry per key (the canonical key and the body's), so a
    // request probes at most two keys; the budget counts both codings.
    let gzipBytes = app.cache.bytes - before - identityBytes
    XCTAssertEqual(gzipBytes, 2 * compressed.body.count)
    XCTAssertEqual(app.cache.count, 2)
  }

  func testInteractionsAndStaticDocuments() throws {
    let interaction = """
      {"transition": \(zoomPushJSON),
       "gesture": {"samples": [{"t": 0, "x": 0, "y": 0, "state": "began"},
                               {"t": 0.1, "x": 60, "y": 0, "state": "changed"},
                               {"t": 0.2, "x": 200, "y": 0, "state": "ended"}]}}
      """
    let plain = app.handle("POST", "/v1/interactions", json, body: interaction)
    let coded = app.handle("POST", "/v1/interactions", json + gzip, body: interaction)
    XCTAssertEqual(try inflate(coded), plain.body)
    XCTAssertEqual(coded.headers.first(name: "Cache-Control"), "no-store")
    for path in ["/v1/styles", "/openapi.yaml", "/", "/player.js"] {
      let plain = app.handle("GET", path)
      let coded = app.handle("GET", path, gzip)
      XCTAssertEqual(try inflate(coded), plain.body, path)
      if let tag = coded.headers.first(name: "ETag") {
        XCTAssertNotEqual(tag, plain.headers.first(name: "ETag"), path)
        XCTAssertEqual(app.handle("GET", path, gzip + [("If-None-Match", tag)]).status, 304)
      }
    }
    // Never: the probes and the metrics, small answers and problems.
    for path in ["/healthz", "/readyz", "/metrics"] {
      XCTAssertNil(app.handle("GET", path, gzip).headers.first(name: "Content-Encoding"), path)
    }
    let problem = app.handle("POST", "/v1/plans", json + gzip, body: "{}")
    XCTAssertEqual(problem.status, 422)
    XCTAssertNil(problem.headers.first(name: "Content-Encoding"))
  }

  func testNoAcceptableCodingIsA406() throws {
    for path in ["/v1/plans", "/v1/styles", "/openapi.yaml"] {
      let r = app.handle(
        path == "/v1/plans" ? "POST" : "GET", path, json + [("Accept-Encoding", "identity;q=0")],
        body: path == "/v1/plans" ? zoomPushJSON : nil)
      XCTAssertEqual(r.status, 406, path)
      let detail = try XCTUnwrap(try JSONParser.parse(r.body)["detail"]?.text)
      XCTAssertTrue(detail.contains("excludes both gzip and identity"), detail)
    }
    // The probes answer anyway.
    XCTAssertEqual(
      app.handle("GET", "/healthz", [("Accept-Encoding", "identity;q=0")]).status, 200)
  }
}

/// What a review found: the cached gzip answer follows the request's preference and the
/// minimum size, whatever the cache holds.
final class ContentCodingCacheTests: XCTestCase {
  let json = [("Content-Type", "application/json")]

  func testAGzipEntryIsNotServedToARequestPreferringIdentity() throws {
    let app = PlannerApp()
    let compressed = app.handle(
      "POST", "/v1/plans", json + [("Accept-Encoding", "gzip")], body: zoomPushJSON)
    XCTAssertEqual(compressed.headers.first(name: "Content-Encoding"), "gzip")
    for header in ["identity, gzip;q=0.5", "gzip;q=0.1, identity"] {
      let r = app.handle(
        "POST", "/v1/plans", json + [("Accept-Encoding", header)], body: zoomPushJSON)
      XCTAssertNil(r.headers.first(name: "Content-Encoding"), header)
      let location = try XCTUnwrap(r.headers.first(name: "Content-Location"))
      XCTAssertNil(
        app.handle("GET", location, [("Accept-Encoding", header)]).headers.first(
          name: "Content-Encoding"), header)
    }
  }

  func testASmallBodyCompressedForARequestExcludingIdentityIsNotKept() throws {
    let app = PlannerApp()
    let body = String(
      decoding: try ExportFixtures.example("cartSheet-present-reduced"), as: UTF8.self)
    let target = "/v1/plans?format=waapi&keyframes=compact"
    let forced = app.handle(
      "POST", target, json + [("Accept-Encoding", "gzip, identity;q=0")], body: body)
    XCTAssertEqual(forced.headers.first(name: "Content-Encoding"), "gzip")
    let plain = app.handle("POST", target, json + [("Accept-Encoding", "gzip")], body: body)
    XCTAssertNil(plain.headers.first(name: "Content-Encoding"))
    XCTAssertLessThan(plain.body.count, ContentCoding.minimumBytes)
    XCTAssertEqual(try XCTUnwrap(Gzip.decompress(forced.body, maximumBytes: 1 << 20)), plain.body)
  }
}
