import Foundation
import HTTP1
import PlannerService

/// The application's miss path (`--misses`): a zoom push POST whose source changes every time,
/// through `PlannerApp.handle` as a worker runs it - decode, plan, encode, ETag, canonical
/// URL and cache insertion - single-threaded. What `scripts/bench/bench-http.sh plan-vary` adds on top
/// of this is the server: parsing, the hand-off to a worker and the loopback send.
func benchMisses(iterations: Int) {
  let app = PlannerApp()
  var counter = 0
  func nextRequest() -> HTTPRequest {
    counter += 1
    let body = Array(
      #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":\#(counter % 200),"y":\#(100 + counter / 200),"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}"#
        .utf8)
    return HTTPRequest(
      head: HTTPRequestHead(
        method: "POST", target: "/v1/plans",
        headers: HTTPHeaders([("Content-Type", "application/json")]),
        framing: .contentLength(body.count)), body: body)
  }
  // Requests are built outside the timed loop so that only the application is measured.
  let requests = (0..<(iterations * 3 + max(iterations / 10, 10))).map { _ in nextRequest() }
  var next = 0
  let micros = measure(iterations: iterations) {
    let response = app.response(to: requests[next])
    precondition(response.status == 200, "status \(response.status)")
    next += 1
    blackHole(response)
  }
  print(
    "cache miss, zoom push 60 fps POST through PlannerApp.handle: \(fmt(micros)) µs per request")
}
