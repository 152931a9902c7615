/// The clocks an evaluator collects while it reads a choreography (``ChoreographyEvaluator``):
/// the distinct (delay, timing, shift) of the tracks, the plan's undelayed clock first, and
/// for a retarget plan's springs their basis functions, two "clocks" each. A value of its own
/// (not variables captured by local functions of the evaluator's initialiser, which boxed
/// every one of them on the heap and made a plain plan's evaluator a third slower to build).
struct ClockTable {
  var delays: [Double] = [0]
  var timings: [Timing?] = [nil]
  /// Empty while every shift is 0.
  var shifts: [Double] = []
  /// Empty while there is no spring basis; else per clock -1, or `2 b + part`.
  var basisOf: [Int] = []
  var springBases: [SpringBasis] = []
  /// Whether a track reads each clock.
  var used: [Bool] = [false]

  /// The plan's own undelayed clock, 0.
  mutating func plansClock() -> Int {
    used[0] = true
    return 0
  }

  /// The clock of a delay, an own timing (nil: the plan's) and a shift, added when new.
  mutating func index(_ d: Double, _ timing: Timing?, shift: Double = 0) -> Int {
    // The timing compared last: the numbers are cheaper to tell apart.
    for k in delays.indices
    where delays[k] == d && (shifts.isEmpty ? 0 : shifts[k]) == shift && timings[k] == timing {
      used[k] = true
      return k
    }
    if shift != 0, shifts.isEmpty { shifts = Array(repeating: 0, count: delays.count) }
    delays.append(d)
    timings.append(timing)
    if !shifts.isEmpty { shifts.append(shift) }
    if !basisOf.isEmpty { basisOf.append(-1) }
    used.append(true)
    return delays.count - 1
  }

  /// The f clock of a spring basis (g is the next), added with it when new.
  mutating func basis(_ basis: SpringBasis) -> Int {
    if basisOf.isEmpty { basisOf = Array(repeating: -1, count: delays.count) }
    if let b = springBases.firstIndex(of: basis) {
      return basisOf.firstIndex(of: 2 * b)!
    }
    springBases.append(basis)
    let b = springBases.count - 1
    for part in 0..<2 {
      delays.append(0)
      timings.append(nil)
      if !shifts.isEmpty { shifts.append(0) }
      basisOf.append(2 * b + part)
      used.append(true)
    }
    return delays.count - 2
  }
}
