import TransitionEngine

/// Points of a piecewise-linear function that stays within a tolerance of a smooth one, for
/// what a browser can only draw as straight pieces: a spring's progress as CSS `linear()` and
/// an arc's left and top as keyframes (docs/API.md, "Compact keyframes").
///
/// The interval is cut in halves where the chord misses the function by more than the
/// tolerance at any of seven interior probes, starting from eight pieces, so no wiggle of a
/// spring shorter than an eighth of its duration hides between two first probes; then points
/// whose removal keeps every probe within the tolerance are dropped again.
enum PiecewiseLinearFit {
  /// One point: the input and the function's (up to two) outputs there.
  struct Point: Equatable {
    var t: Double
    var value: (Double, Double)

    static func == (a: Point, b: Point) -> Bool { a.t == b.t && a.value == b.value }
  }

  /// At most this many points per function: a 60 s undamped spring is refused by the timing
  /// rules, but a long, barely damped one could otherwise ask for tens of thousands.
  static let maximumPoints = 4096

  /// The points from `0` to `duration` (both included); `tolerance` applies to each output.
  static func fit(
    duration: Double, tolerance: Double, _ f: (Double) -> (Double, Double)
  ) -> [Point] {
    let start = Point(t: 0, value: f(0))
    guard duration > 0 else { return [start] }
    var points = [start]
    let pieces = 8
    var a = start
    for i in 1...pieces {
      let t = i == pieces ? duration : duration * Double(i) / Double(pieces)
      let b = Point(t: t, value: f(t))
      refine(a, b, depth: 0, tolerance: tolerance, f, into: &points)
      a = b
    }
    return simplified(points, tolerance: tolerance, f)
  }

  private static func refine(
    _ a: Point, _ b: Point, depth: Int, tolerance: Double, _ f: (Double) -> (Double, Double),
    into points: inout [Point]
  ) {
    if depth < 24, points.count < maximumPoints - 2,
      chordError(a, b, f) > tolerance * 0.9
    {
      let mid = (a.t + b.t) / 2
      let m = Point(t: mid, value: f(mid))
      refine(a, m, depth: depth + 1, tolerance: tolerance, f, into: &points)
      refine(m, b, depth: depth + 1, tolerance: tolerance, f, into: &points)
      return
    }
    points.append(b)
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
