import TransitionEngine

/// Points of a piecewise-linear function that stays within a tolerance of a smooth one, for
/// what a browser can only draw as straight pieces: a spring's progress as CSS `linear()` and
/// an arc's left and top as keyframes (docs/API.md, "Compact keyframes").
///
/// The interval is cut in halves where the chord misses the function by more than the
/// tolerance at any of seven interior probes, starting from eight pieces, so no wiggle of a
/// spring shorter than an eighth of its duration hides between two first probes; then points
/// whose removal keeps every probe within the tolerance are dropped again. A function that
/// needs too many points, or a document that has spent its budget, gets the plan's frame rate
/// instead (``sampled(duration:frameRate:_:)``).
enum PiecewiseLinearFit {
  /// One point: the input and the function's (up to two) outputs there.
  struct Point: Equatable {
    var t: Double
    var value: (Double, Double)

    static func == (a: Point, b: Point) -> Bool { a.t == b.t && a.value == b.value }
  }

  /// At most this many points per function: a long, barely damped spring could otherwise ask
  /// for tens of thousands. A function that needs more is not fitted (``fit`` returns nil).
  static let maximumPoints = 4096

  /// Evaluations of the function one document may spend on fitting (a few tens of
  /// milliseconds): a request is one worker's work, however many of its tracks are springs.
  static let documentBudget = 4_000_000

  /// The points from `0` to `duration` (both included), each output within `tolerance`; nil
  /// when that needs more than ``maximumPoints`` or more evaluations than `budget` has left
  /// (which it lowers by those spent).
  static func fit(
    duration: Double, tolerance: Double, budget: inout Int, _ f: (Double) -> (Double, Double)
  ) -> [Point]? {
    var calls = 0
    func counted(_ t: Double) -> (Double, Double) {
      calls += 1
      return f(t)
    }
    defer { budget -= calls }
    let limit = budget
    let start = Point(t: 0, value: counted(0))
    guard duration > 0 else { return [start] }
    var points = [start]
    let pieces = 8
    var a = start
    for i in 1...pieces {
      let t = i == pieces ? duration : duration * Double(i) / Double(pieces)
      let b = Point(t: t, value: counted(t))
      guard
        refine(
          a, b, depth: 0, tolerance: tolerance, counted, into: &points,
          over: { calls > limit })
      else { return nil }
      a = b
    }
    guard calls <= limit else { return nil }
    return simplified(points, tolerance: tolerance, counted)
  }

  /// The function at the plan's own frame rate: what a fit that ran out of points or budget
  /// falls back to, as accurate between frames as the sampled document.
  static func sampled(duration: Double, frameRate: Int, _ f: (Double) -> (Double, Double))
    -> [Point]
  {
    frameTimes(duration: duration, frameRate: frameRate).map { Point(t: $0, value: f($0)) }
  }

  /// 0, 1/frameRate, 2/frameRate, ... and `duration` itself last.
  static func frameTimes(duration: Double, frameRate: Int) -> [Double] {
    let count = max(Int((duration * Double(frameRate)).rounded(.up)), 1)
    return (0...count).map { k in k == count ? duration : Double(k) / Double(frameRate) }
  }

  /// Appends the points after `a` up to `b`; false when the points or the budget run out.
  private static func refine(
    _ a: Point, _ b: Point, depth: Int, tolerance: Double, _ f: (Double) -> (Double, Double),
    into points: inout [Point], over: () -> Bool
  ) -> Bool {
    if over() { return false }
    if depth < 24, chordError(a, b, f) > tolerance * 0.9 {
      guard points.count < maximumPoints - 2 else { return false }
      let mid = (a.t + b.t) / 2
      let m = Point(t: mid, value: f(mid))
      return refine(a, m, depth: depth + 1, tolerance: tolerance, f, into: &points, over: over)
        && refine(m, b, depth: depth + 1, tolerance: tolerance, f, into: &points, over: over)
    }
    points.append(b)
    return true
  }

  /// The largest miss of the chord from `a` to `b` at seven evenly spaced interior probes.
  private static func chordError(_ a: Point, _ b: Point, _ f: (Double) -> (Double, Double))
    -> Double
  {
    var worst = 0.0
    for j in 1..<8 {
      let s = Double(j) / 8
      let t = a.t + (b.t - a.t) * s
      let v = f(t)
      worst = max(
        worst, abs(v.0 - lerp(a.value.0, b.value.0, s)), abs(v.1 - lerp(a.value.1, b.value.1, s)))
    }
    return worst
  }

  /// Drops interior points the chord of their neighbours already follows: the chord from the
  /// last kept point to the next candidate must meet every point in between and the probes.
  private static func simplified(
    _ points: [Point], tolerance: Double, _ f: (Double) -> (Double, Double)
  ) -> [Point] {
    guard points.count > 2 else { return points }
    var kept = [points[0]]
    var anchor = 0
    var i = 1
    while i < points.count - 1 {
      // A chord may replace at most 64 pieces, which bounds the work at 64 checks a point.
      if i + 1 - anchor <= 64, spans(points, from: anchor, to: i + 1, tolerance: tolerance, f) {
        i += 1
        continue
      }
      kept.append(points[i])
      anchor = i
      i += 1
    }
    kept.append(points[points.count - 1])
    return kept
  }

  /// Whether the chord from `points[from]` to `points[to]` stays within the tolerance at every
  /// point between them and at the probes of each piece it replaces.
  private static func spans(
    _ points: [Point], from: Int, to: Int, tolerance: Double, _ f: (Double) -> (Double, Double)
  ) -> Bool {
    let a = points[from]
    let b = points[to]
    let limit = tolerance * 0.9
    func miss(_ t: Double, _ v: (Double, Double)) -> Bool {
      let s = (t - a.t) / (b.t - a.t)
      return abs(v.0 - lerp(a.value.0, b.value.0, s)) > limit
        || abs(v.1 - lerp(a.value.1, b.value.1, s)) > limit
    }
    for k in from..<to {
      if k > from, miss(points[k].t, points[k].value) { return false }
      let (p, q) = (points[k], points[k + 1])
      for j in 1..<8 {
        let t = p.t + (q.t - p.t) * Double(j) / 8
        if miss(t, f(t)) { return false }
      }
    }
    return true
  }
}
