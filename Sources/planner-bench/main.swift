import Foundation
import HTTPServer
import PlannerService
import TransitionEngine

// Release-mode micro benchmark: plans per second and microseconds per plan for each style's
// default plan at 60 and 120 fps, engine only, engine + encoding, and the whole pipeline from
// request bytes; plus Foundation's JSONEncoder on the same plans, for the encoder choice.
// Usage: swift run -c release planner-bench [--glibc-defaults] [--iterations N]
//   [--format F] [--cache-hits | --misses | --numbers | --hero | --hero-scaling | --hero-pipeline | --hero-decode
//   | --hero-request | --retarget]
// (--cache-hits, --misses or --numbers, after --iterations: only the PlannerApp cache-hit or
// cache-miss timings, or only number formatting and plan encoding, to compare builds; --hero
// only the hero rows; --hero-pipeline in --format F (json by default: the native formats'
// docs/NATIVE.md 12 goal); --hero-request prints the 10-pair request;
// --glibc-defaults leaves out the server's AllocatorTuning, to measure what it does)

var iterations = 2000
/// `--format F`: the answer's format for --hero-pipeline (JSON when absent).
let format: ExportFormat = {
  let all = CommandLine.arguments
  guard let i = all.firstIndex(of: "--format"), i + 1 < all.count,
    let f = ExportFormat(rawValue: all[i + 1])
  else { return .json }
  return f
}()
/// `--pairs N`: --hero-pipeline plans N pairs without entries instead of its 10-pair request.
let heroPairs: Int? = {
  let all = CommandLine.arguments
  guard let i = all.firstIndex(of: "--pairs"), i + 1 < all.count else { return nil }
  return Int(all[i + 1])
}()
var args = CommandLine.arguments.dropFirst()
if !args.contains("--glibc-defaults") { AllocatorTuning.apply() }
// The modes that print one comparison only, by flag.
let modes: [String: (Int) -> Void] = [
  "--numbers": benchNumbers, "--misses": benchMisses, "--cache-hits": benchCacheHits,
  "--hero": benchHero, "--hero-scaling": benchHeroScaling, "--hero-pipeline": benchHeroPipeline,
  "--hero-decode": benchHeroDecode,
  "--retarget": benchRetarget, "--hero-request": { _ in print(heroRequest(pairs: 10, fps: 60)) },
]
while let a = args.popFirst() {
  if a == "--iterations", let n = args.popFirst().flatMap(Int.init) { iterations = n }
  if let mode = modes[a] {
    mode(iterations)
    exit(0)
  }
}

let scenes: [(String, String, String)] = [
  (
    "zoom", "push",
    #""source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}"#
  ),
  (
    "zoom", "pop",
    #""source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390}"#
  ),
  ("expand", "push", #""source":{"x":0,"y":300,"width":390,"height":60}"#),
  ("expand", "pop", #""source":{"x":0,"y":300,"width":390,"height":60}"#),
  ("cartSheet", "present", #""options":{}"#),
  ("cartSheet", "dismiss", #""options":{"perspective":100}"#),
]

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

func measure(iterations: Int, _ body: () -> Void) -> Double {
  for _ in 0..<max(iterations / 10, 10) { body() }  // warm-up
  var best = Double.infinity
  for _ in 0..<3 {
    let start = ContinuousClock.now
    for _ in 0..<iterations { body() }
    let elapsed = ContinuousClock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    best = min(best, seconds / Double(iterations))
  }
  return best * 1e6
}

func pad(_ s: String, _ n: Int) -> String {
  s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
}
func fmt(_ v: Double) -> String { String(format: "%8.1f", v) }

print(
  "planner-bench: best of 3 runs of \(iterations) iterations each; microseconds per plan (plans/s)")
print(
  pad("style/operation", 20) + pad("fps", 5) + pad("bytes", 8)
    + "   engine µs   +encode µs    pipeline µs   JSONEncoder µs   keyframes  ns/keyframe"
    + "  marginal ns/keyframe (60 -> 120 fps)")
let service = PlanningService()
for (style, op, extra) in scenes {
  // The pipeline time and keyframes at 60 fps, for the marginal cost per keyframe at 120.
  var previous: (pipeline: Double, keyframes: Int)? = nil
  for fps in [60, 120] {
    let json =
      #"{"style":"\#(style)","operation":"\#(op)","container":{"width":390,"height":844},\#(extra),"frameRate":\#(fps)}"#
    let body = Array(json.utf8)
    guard case .success(let request) = service.decodePlanRequest(body),
      case .success(let plan) = service.plan(request)
    else {
      fatalError("request failed: \(json)")
    }
    let encoded = PlanEncoder.encode(plan)
    let keyframes = plan.keyframes.reduce(0) { $0 + $1.count }
    let encoder = JSONEncoder()
    let engine = measure(iterations: iterations) { blackHole(try! Planner.plan(request)) }
    let withEncoding = measure(iterations: iterations) {
      blackHole(PlanEncoder.encode(try! Planner.plan(request)))
    }
    let pipeline = measure(iterations: iterations) { blackHole(service.planBody(body)) }
    let foundation = measure(iterations: iterations) {
      blackHole(try! encoder.encode(CodablePlan(try! Planner.plan(request))))
    }
    print(
      pad("\(style) \(op)", 20) + pad("\(fps)", 5) + pad("\(encoded.count)", 8)
        + "\(fmt(engine)) (\(Int(1e6 / engine))/s) \(fmt(withEncoding)) \(fmt(pipeline)) (\(Int(1e6 / pipeline))/s) \(fmt(foundation))"
        + "   \(pad("\(keyframes)", 10)) \(fmt(pipeline * 1000 / Double(keyframes)))"
        + (previous.map {
          "  " + fmt((pipeline - $0.pipeline) * 1000 / Double(keyframes - $0.keyframes))
        } ?? "")
    )
    previous = (pipeline, keyframes)
  }
}

benchHero(iterations: iterations)
benchRetarget(iterations: iterations)
benchFormats(iterations: iterations)
