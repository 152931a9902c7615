import Foundation
import HTTP1
import PlannerService
import TransitionEngine

/// Export formats: bytes and microseconds to render each format from a computed plan (60 fps
/// default plans), and the application's cache-hit path (`immediateResponse(to:)` on a repeated POST)
/// for JSON and for each format, which the format negotiation must not slow down.
func benchFormats(iterations: Int) {
  print("")
  print("export formats (60 fps default plans): bytes / microseconds to render from the plan")
  print(
    pad("style/operation", 20)
      + ExportFormat.allCases.map { pad($0.rawValue, 18) }.joined())
  let service = PlanningService()
  for (style, op, extra) in scenes {
    let json =
      #"{"style":"\#(style)","operation":"\#(op)","container":{"width":390,"height":844},\#(extra),"frameRate":60}"#
    guard case .success(let request) = service.decodePlanRequest(Array(json.utf8)),
      case .success(let plan) = service.plan(request)
    else { fatalError("request failed: \(json)") }
    var line = pad("\(style) \(op)", 20)
    for format in ExportFormat.allCases {
      let bytes = format.render(plan).count
      let micros = measure(iterations: iterations) { blackHole(format.render(plan)) }
      line += pad("\(bytes) / \(String(format: "%.1f", micros))", 18)
    }
    print(line)
  }

  benchCacheHits(iterations: iterations)
}

/// The cache-hit path alone (`--cache-hits`), to compare builds quickly.
func benchCacheHits(iterations: Int) {
  let app = PlannerApp()
  let body = Array(
    #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}"#
      .utf8)
  func request(_ target: String, _ headers: [(String, String)]) -> HTTPRequest {
    HTTPRequest(
      head: HTTPRequestHead(
        method: "POST", target: target,
        headers: HTTPHeaders([("Content-Type", "application/json")] + headers),
        framing: .contentLength(body.count)), body: body)
  }
  print("")
  print("cache hit, zoom push POST through PlannerApp.immediateResponse (microseconds per request)")
  let cases: [(String, HTTPRequest)] =
    [
      ("json, no Accept", request("/v1/plans", [])),
      ("json, Accept: */*", request("/v1/plans", [("Accept", "*/*")])),
      ("json, Accept: application/json", request("/v1/plans", [("Accept", "application/json")])),
    ]
    + ExportFormat.allCases.dropFirst().map {
      ("?format=\($0.rawValue)", request("/v1/plans?format=\($0.rawValue)", []))
    }
  for (name, r) in cases {
    _ = app.response(to: r)  // fill the cache
    let micros = measure(iterations: iterations * 10) { blackHole(app.immediateResponse(to: r)) }
    print(pad(name, 36) + fmt(micros))
  }
}
