/// The two searches for when a decaying function falls below epsilon, one for each of
/// ``SpringOscillator/SettlingRule``'s rules (their answers are pinned by docs/TIMING.md 2's
/// and 14's reference values, so each keeps its own steps).
enum SettlingSearch {
  /// The time after which `f` stays below `epsilon`, for a function that decays like
  /// `e^(-rate t)` eventually: expand an upper bound, then bisect to 1e-12 s
  /// (docs/TIMING.md 2).
  static func lastTimeAbove(epsilon: Double, rateHint: Double, _ f: (Double) -> Double) -> Double {
    guard rateHint > 0, rateHint.isFinite else { return .infinity }
    var hi = max(1 / rateHint, 1e-6)
    var guardCount = 0
    while f(hi) > epsilon || f(hi * 1.5) > epsilon {
      hi *= 2
      guardCount += 1
      if guardCount > 200 { return .infinity }
    }
    var lo = 0.0
    // Find the last crossing: step back from hi until above epsilon (coarse scan).
    let steps = 2000
    var found = false
    for i in stride(from: steps, through: 0, by: -1) {
      let t = hi * Double(i) / Double(steps)
      if f(t) > epsilon {
        lo = t
        hi = hi * Double(min(i + 1, steps)) / Double(steps)
        found = true
        break
      }
    }
    if !found { return 0 }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if f(mid) > epsilon { lo = mid } else { hi = mid }
      if hi - lo < 1e-12 { break }
    }
    return hi
  }

  /// The time after `start` where a function falling from there crosses `epsilon`; `start`
  /// itself when it is already at or below. Bisects until the interval is two adjacent doubles
  /// (docs/TIMING.md 14).
  static func root(
    of f: (Double) -> Double, epsilon: Double, after start: Double, scale: Double
  ) -> Double {
    guard f(start) > epsilon else { return start }
    var lo = start
    var step = max(scale, 1e-9)
    var hi = start + step
    var doublings = 0
    while f(hi) > epsilon {
      lo = hi
      step *= 2
      hi = start + step
      doublings += 1
      if doublings > 1100 || !hi.isFinite { return .infinity }
    }
    for _ in 0..<2000 {
      let mid = lo + (hi - lo) / 2
      if mid <= lo || mid >= hi { break }
      if f(mid) > epsilon { lo = mid } else { hi = mid }
    }
    return hi
  }
}
