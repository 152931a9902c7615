import JSON
import PlannerService
import TransitionEngine

/// Number formatting and plan encoding alone (`--numbers`): nanoseconds per number for
/// `JSONWriter.number` against the standard library's `description` on the same plan-like
/// values, and microseconds per encode of the zoom push plan, to compare builds of the encoder.
func benchNumbers(iterations: Int) {
  var state: UInt64 = 42
  func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
  // Fractions like a plan's: frame coordinates, alphas and times.
  let values = (0..<1000).map { i -> Double in
    switch i % 3 {
    case 0: return next() * 844
    case 1: return next()
    default: return Double(i) / 60
    }
  }
  let ours = measure(iterations: iterations) {
    var w = JSONWriter(capacity: 32 * 1024)
    for v in values { w.number(v) }
    blackHole(w.byteCount)
  }
  let library = measure(iterations: iterations) {
    var out: [UInt8] = []
    out.reserveCapacity(32 * 1024)
    for v in values { out.append(contentsOf: v.description.utf8) }
    blackHole(out)
  }
  print(
    "numbers: JSONWriter.number \(fmt(ours)) ns, Double.description \(fmt(library)) ns (per number)"
  )

  let request = Array(
    #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}"#
      .utf8)
  let service = PlanningService()
  guard case .success(let decoded) = service.decodePlanRequest(request),
    case .success(let plan) = service.plan(decoded)
  else { fatalError("the zoom push request failed") }
  let encode = measure(iterations: iterations) { blackHole(PlanEncoder.encode(plan)) }
  print("encode zoom push 60 fps (\(PlanEncoder.encode(plan).count) bytes): \(fmt(encode)) µs")
}
