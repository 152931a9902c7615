/// A retarget plan's spring or additive track compiled for the sampler (docs/TIMING.md 14).
///
/// Numbers and rects - almost every retarget track - become plain values in SIMD lanes (x, y,
/// width, height; a number in x): a spring is its target plus two weights per lane on the
/// spring's two basis functions, an additive track its in-flight straight or arc path and its
/// offset leg, each on a clock of the evaluator's. What they cannot express (transforms, a
/// retarget of a retarget's springs and offsets) is evaluated by ``TrackKinematics``. Per
/// sample this is a few multiplications where the general evaluation, with its objects and
/// closures, took as long as a whole plain plan's keyframe.
struct FlatMotion: Sendable {
  let property: LayerProperty
  let kind: Kind

  enum Kind: Sendable {
    case spring(FlatSpring)
    case additive(FlatAdditive)
    /// The general evaluation and the evaluator's clock for each of its clocks.
    case general(TrackKinematics, clocks: [Int])
  }

  /// `track` (a spring or additive track) in a plan timed by `plan`; `clock` gives the
  /// evaluator's index of a clock, `basis` that of a spring basis's f (its g is the next),
  /// adding them when new.
  init(
    _ track: Track, planTiming plan: Timing, clock: (PathClock) -> Int,
    basis: (SpringBasis) -> Int
  ) {
    property = track.change.layerProperty
    let timing = track.timing ?? plan
    let flat: Kind? =
      switch track.motion {
      case .spring: FlatSpring(track, timing: timing, basis: basis).map { .spring($0) }
      case .additive: FlatAdditive(track, timing: timing, clock: clock).map { .additive($0) }
      case .none: nil
      }
    if let flat {
      kind = flat
    } else {
      let kinematics = TrackKinematics(track, planTiming: plan)
      kind = .general(kinematics, clocks: kinematics.clocks.map(clock))
    }
  }

  /// The value at plan time `t` of a number or rect track in lanes, `progress(k)` the
  /// progress of the evaluator's clock k at `t`.
  @inline(__always)
  func lanes(at t: Double, progress: (Int) -> Double) -> SIMD4<Double> {
    switch kind {
    case .spring(let s): return s.lanes(at: t, progress: progress)
    case .additive(let a): return a.lanes(at: t, progress: progress)
    case .general(let k, let clocks):
      switch k.value(at: t, progress: { progress(clocks[$0]) }) {
      case .number(let v): return SIMD4(v, 0, 0, 0)
      case .rect(let r): return SIMD4(r.x, r.y, r.width, r.height)
      case .transform: preconditionFailure("a transform read as lanes")
      }
    }
  }

  /// The value of a transform track at `t`.
  func transform(at t: Double, progress: (Int) -> Double) -> Transform3D {
    guard case .general(let k, let clocks) = kind,
      case .transform(let m) = k.value(at: t, progress: { progress(clocks[$0]) })
    else { preconditionFailure("lanes read as a transform") }
    return m
  }
}

/// A number or rect as SIMD lanes (x, y, width, height; a number in x).
extension PropertyValue {
  var lanes: SIMD4<Double>? {
    switch self {
    case .number(let v): SIMD4(v, 0, 0, 0)
    case .rect(let r): SIMD4(r.x, r.y, r.width, r.height)
    case .transform: nil
    }
  }
}

extension Rect {
  init(lanes v: SIMD4<Double>) { self.init(x: v.x, y: v.y, width: v.z, height: v.w) }
}

/// A spring track of a number or rect: `target + alpha f(s) + beta g(s)` per lane. Classes,
/// both: binding an enum's payload copies it, and the sampler reads each per sample.
final class FlatSpring: Sendable {
  let from: SIMD4<Double>
  let to: SIMD4<Double>
  let target: SIMD4<Double>
  let alpha: SIMD4<Double>
  let beta: SIMD4<Double>
  /// The evaluator's clock holding f(s); g(s) is the next.
  let basisClock: Int
  let end: Double

  init?(_ track: Track, timing: Timing, basis: (SpringBasis) -> Int) {
    guard case .spring(let motion) = track.motion, motion.parts == nil,
      let spring = SpringParameters(timing)
    else { return nil }
    let (a, b) = track.change.ends
    guard let from = a.lanes, let to = b.lanes else { return nil }
    self.from = from
    self.to = to
    target = to
    var alpha = SIMD4<Double>(repeating: 0)
    var beta = SIMD4<Double>(repeating: 0)
    for i in motion.velocity.indices {
      let c = ComponentSpring(e0: from[i] - to[i], velocity: motion.velocity[i], spring)
      (alpha[i], beta[i]) = c.weights
    }
    self.alpha = alpha
    self.beta = beta
    basisClock = basis(ComponentSpring(e0: 0, velocity: 0, spring).basis)
    end = motion.end
  }

  @inline(__always)
  func lanes(at t: Double, progress: (Int) -> Double) -> SIMD4<Double> {
    if t <= 0 { return from }
    if t >= end { return to }
    return target + (alpha * progress(basisClock) + beta * progress(basisClock + 1))
  }
}

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
