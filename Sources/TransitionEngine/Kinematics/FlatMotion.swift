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
