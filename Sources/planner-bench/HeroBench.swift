import PlannerService
import TransitionEngine

/// A hero push of `pairs` shared elements (grid cells with radii and images flying to a
/// detail layout, every other one along an arc) plus 10 entries fading in with a cascade.
func heroRequest(pairs: Int, fps: Int, entries: Int = 10) -> String {
  func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
    #"{"x":\#(x),"y":\#(y),"width":\#(w),"height":\#(h)}"#
  }
  var from: [String] = []
  var to: [String] = []
  for i in 0..<pairs {
    let column = Double(i % 3)
    let row = Double(i / 3)
    from.append(
      #"{"id":"cell-\#(i)","frame":\#(rect(8 + column * 126, 100 + row * 126, 120, 120)),"cornerRadius":10,"content":{"width":1200,"height":800},"contentMode":"aspectFill"}"#
    )
    to.append(
      #"{"id":"cell-\#(i)","frame":\#(rect(Double(i % 2) * 195, 60 + Double(i / 2) * 40, 195, 36)),"contentMode":"aspectFit","arc":\#(i % 2 == 0 ? 1 : 0)}"#
    )
  }
  for i in 0..<entries {
    to.append(#"{"id":"entry-\#(i)","frame":\#(rect(20, 500 + Double(i) * 30, 350, 24))}"#)
  }
  return
    #"{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":{"from":{"elements":[\#(from.joined(separator: ","))]},"to":{"elements":[\#(to.joined(separator: ","))]}},"options":{"preset":"push","unmatched":{"enter":"fade"},"cascade":{"delta":0.01}},"frameRate":\#(fps)}"#
}

/// Hero rows: engine, engine + encode and the pipeline from request bytes to response bytes,
/// and nanoseconds of engine + encode per keyframe (which should stay flat as layers grow).
func benchHero(iterations: Int) {
  print("\nhero push: n pairs + 10 cascaded entries; microseconds per plan")
  print(
    pad("pairs", 7) + pad("fps", 5) + pad("layers", 8) + pad("bytes", 9)
      + "  decode µs   engine µs   +encode µs  pipeline µs   keyframes   ns/keyframe (engine+encode)"
  )
  let service = PlanningService()
  for pairs in [2, 10, 50] {
    for fps in [60, 120] {
      let body = Array(heroRequest(pairs: pairs, fps: fps).utf8)
      guard case .success(let request) = service.decodePlanRequest(body),
        case .success(let plan) = service.plan(request)
      else { fatalError("hero request failed") }
      let keyframes = plan.keyframes.reduce(0) { $0 + $1.count }
      let bytes = PlanEncoder.encode(plan).count
      // Fewer iterations for the large rows: the figure is per plan either way.
      let n = max(iterations * 2 / pairs / (fps / 60), 20)
      let decode = measure(iterations: n) { blackHole(service.decodePlanRequest(body)) }
      let engine = measure(iterations: n) { blackHole(try! Planner.plan(request)) }
      let encoded = measure(iterations: n) {
        blackHole(PlanEncoder.encode(try! Planner.plan(request)))
      }
      let pipeline = measure(iterations: n) { blackHole(service.planBody(body)) }
      print(
        pad("\(pairs)", 7) + pad("\(fps)", 5) + pad("\(plan.choreography.layers.count)", 8)
          + pad("\(bytes)", 9)
          + "\(fmt(decode))   \(fmt(engine))   \(fmt(encoded))   \(fmt(pipeline))   "
          + pad("\(keyframes)", 11) + fmt(encoded * 1000 / Double(keyframes)))
    }
  }
}

/// `--hero-scaling`: whether a keyframe costs the same in a plan of 2 pairs and of 256 (the
/// most a screen holds, so no cascaded entries here), from request bytes to response bytes,
/// as JSON and as a `coreanimation` document, at 60 fps.
func benchHeroScaling(iterations: Int) {
  print("\nhero push of n pairs (no entries), 60 fps; request bytes to response bytes")
  print(
    pad("pairs", 7) + pad("keyframes", 11)
      + "  decode µs   json µs   ns/keyframe   coreanimation µs   ns/keyframe")
  let service = PlanningService()
  for pairs in [2, 4, 8, 16, 32, 64, 128, 256] {
    let body = Array(heroRequest(pairs: pairs, fps: 60, entries: 0).utf8)
    guard case .success(let request) = service.decodePlanRequest(body),
      case .success(let plan) = service.plan(request)
    else { fatalError("hero request failed") }
    let keyframes = plan.keyframes.reduce(0) { $0 + $1.count }
    let n = max(iterations * 2 / pairs, 10)
    let decode = measure(iterations: n) { blackHole(service.decodePlanRequest(body)) }
    let json = measure(iterations: n) { blackHole(service.planBody(body, format: .json)) }
    let native = measure(iterations: n) {
      blackHole(service.planBody(body, format: .coreanimation))
    }
    print(
      pad("\(pairs)", 7) + pad("\(keyframes)", 11) + "\(fmt(decode))   \(fmt(json))   "
        + "\(fmt(json * 1000 / Double(keyframes)))      \(fmt(native))           "
        + fmt(native * 1000 / Double(keyframes)))
  }
}

/// `--hero-pipeline`: only request bytes to response bytes for the 10-pair, 60 fps row, for
/// instruction counts (callgrind) when comparing builds.
func benchHeroPipeline(iterations: Int) {
  let service = PlanningService()
  // `--pairs N`: N pairs without entries (the scaling rows' request), for instructions per
  // keyframe under callgrind.
  let body = Array(
    (heroPairs.map { heroRequest(pairs: $0, fps: 60, entries: 0) }
      ?? heroRequest(pairs: 10, fps: 60)).utf8)
  guard case .success(let bytes) = service.planBody(body, format: format) else {
    fatalError("hero request failed")
  }
  let micros = measure(iterations: iterations) {
    blackHole(service.planBody(body, format: format))
  }
  print(
    "hero push, \(heroPairs.map { "\($0) pairs" } ?? "10 pairs + 10 cascaded entries"), 60 fps, request to \(format.rawValue) response (\(bytes.count) bytes): \(fmt(micros)) µs"
  )
}

/// `--hero-decode`: only parsing and validating the 10-pair request.
func benchHeroDecode(iterations: Int) {
  let service = PlanningService()
  let body = Array(heroRequest(pairs: 10, fps: 60).utf8)
  let micros = measure(iterations: iterations) { blackHole(service.decodePlanRequest(body)) }
  print("hero push, 10 pairs + 10 cascaded entries: decode \(fmt(micros)) µs (\(body.count) bytes)")
}
