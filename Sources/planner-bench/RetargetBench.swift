import Foundation
import PlannerService
import TransitionEngine

/// `request` with `"retarget": {"from": from, "at": at}` added after its first member.
func retargeted(_ request: String, from: String, at: Double) -> String {
  String(request.dropLast()) + #","retarget":{"at":\#(at),"from":\#(from)}}"#
}

/// Retargets against the plans they retarget: engine + encode of the retarget plan (the
/// in-flight plan's state at one instant plus the new plan) beside the new plan alone, which
/// docs/PERFORMANCE.md holds to 1.5x (scripts/bench/retarget-instructions.sh counts the same
/// in instructions).
func benchRetarget(iterations: Int) {
  print("\nretarget: engine + encode, microseconds per plan, against the new request alone")
  print(pad("plan", 34) + pad("layers", 8) + pad("bytes", 9) + "    alone µs  retarget µs   ratio")
  let service = PlanningService()
  let zoom =
    #"{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}"#
  let zoomMoved = zoom.replacingOccurrences(of: #""y":91"#, with: #""y":131"#)
  let hero = heroRequest(pairs: 10, fps: 60)
  // The detail layout moved down 40 pt while the push flies.
  let heroMoved = hero.replacingOccurrences(of: #","y":60"#, with: #","y":100"#)
  let cases: [(String, String, String, Double)] = [
    ("zoom push (spring), at 0.1 s", zoom, zoomMoved, 0.1),
    ("hero push, 10 pairs + 10, at 0.1 s", hero, heroMoved, 0.1),
  ]
  // RETARGET_CASE=zoom (or hero) runs one case alone, for a profiler.
  let only = ProcessInfo.processInfo.environment["RETARGET_CASE"]
  for (name, from, moved, at) in cases where only.map({ name.hasPrefix($0) }) ?? true {
    let body = Array(retargeted(moved, from: from, at: at).utf8)
    guard case .success(let alone) = service.decodePlanRequest(Array(moved.utf8)),
      case .success(let request) = service.decodePlanRequest(body),
      case .success(let plan) = service.plan(request)
    else { fatalError("retarget request failed: \(name)") }
    // For a profiler or callgrind: RETARGET_ONLY=prepare, plan (engine), retarget or alone
    // (engine + encode) loops over that and nothing else; setup does nothing (a baseline).
    switch ProcessInfo.processInfo.environment["RETARGET_ONLY"] {
    case "prepare":
      for _ in 0..<iterations { blackHole(try! Planner.prepare(request)) }
      continue
    case "plan":
      for _ in 0..<iterations { blackHole(try! Planner.plan(request)) }
      continue
    case "retarget":
      for _ in 0..<iterations { blackHole(PlanEncoder.encode(try! Planner.plan(request))) }
      continue
    case "alone":
      for _ in 0..<iterations { blackHole(PlanEncoder.encode(try! Planner.plan(alone))) }
      continue
    case "setup":
      continue
    default: break
    }
    let n = max(iterations / (plan.choreography.layers.count / 3 + 1), 20)
    // Side by side, best of five rounds each: on a shared machine a figure taken minutes
    // apart from the other says little.
    var single = Double.infinity
    var both = Double.infinity
    for _ in 0..<5 {
      single = min(
        single, measure(iterations: n) { blackHole(PlanEncoder.encode(try! Planner.plan(alone))) })
      both = min(
        both, measure(iterations: n) { blackHole(PlanEncoder.encode(try! Planner.plan(request))) })
    }
    if ProcessInfo.processInfo.environment["RETARGET_PHASES"] != nil {
      let e1 = measure(iterations: n) { blackHole(try! Planner.plan(alone)) }
      let e2 = measure(iterations: n) { blackHole(try! Planner.plan(request)) }
      let p1 = measure(iterations: n) { blackHole(try! Planner.prepare(alone)) }
      let p2 = measure(iterations: n) { blackHole(try! Planner.prepare(request)) }
      let plan1 = try! Planner.plan(alone)
      let c1 = measure(iterations: n) { blackHole(PlanEncoder.encode(plan1)) }
      let c2 = measure(iterations: n) { blackHole(PlanEncoder.encode(plan)) }
      print(
        "  engine \(fmt(e1)) vs \(fmt(e2)); prepare \(fmt(p1)) vs \(fmt(p2)); encode \(fmt(c1)) vs \(fmt(c2)) (\(PlanEncoder.encode(plan1).count) bytes alone)"
      )
    }
    print(
      pad(name, 34) + pad("\(plan.choreography.layers.count)", 8)
        + pad("\(PlanEncoder.encode(plan).count)", 9) + "\(fmt(single))    \(fmt(both))    "
        + String(format: "%5.2f", both / single))
  }
}
