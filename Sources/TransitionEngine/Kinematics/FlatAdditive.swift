/// An additive track of a number or rect whose in-flight track is plain (straight or along an
/// arc): `O(s) + (R(tau + s) - B)`.
final class FlatAdditive: Sendable {
  let from: SIMD4<Double>
  let to: SIMD4<Double>
  let end: Double
  /// The in-flight track's path, its clock (run `at` ahead) and its `to`, B.
  let innerFrom: SIMD4<Double>
  let innerTo: SIMD4<Double>
  let arc: (Point, Point, Point)?
  let innerClock: Int
  /// The offset leg from B to the new `to`, on the plan's (or the track's own) timing.
  let offsetClock: Int

  init?(_ track: Track, timing: Timing, clock: (PathClock) -> Int) {
    guard case .additive(let motion) = track.motion, motion.inner.motion == nil else {
      return nil
    }
    let (a, b) = track.change.ends
    let (innerA, innerB) = motion.inner.change.ends
    guard let from = a.lanes, let to = b.lanes, let ia = innerA.lanes, let ib = innerB.lanes
    else { return nil }
    self.from = from
    self.to = to
    end = motion.end
    innerFrom = ia
    innerTo = ib
    if case .frame(let r0, let r1) = motion.inner.change, let control = motion.inner.arcControl {
      arc = (r0.center, control, r1.center)
    } else {
      arc = nil
    }
    innerClock = clock(
      PathClock(
        timing: motion.inner.timing ?? timing, delay: motion.inner.delay, shift: motion.at))
    offsetClock = clock(PathClock(timing: timing, delay: 0))
  }

  @inline(__always)
  func lanes(at t: Double, progress: (Int) -> Double) -> SIMD4<Double> {
    if t <= 0 { return from }
    if t >= end { return to }
    let u = progress(innerClock)
    var r: SIMD4<Double>
    if let arc {
      let rect = ChoreographyEvaluator.rect(Rect(lanes: innerFrom), Rect(lanes: innerTo), arc, u)
      r = SIMD4(rect.x, rect.y, rect.width, rect.height)
    } else {
      r = (1 - u) * innerFrom + u * innerTo
    }
    let v = progress(offsetClock)
    let o = (1 - v) * innerTo + v * to
    return o + (r - innerTo)
  }
}
