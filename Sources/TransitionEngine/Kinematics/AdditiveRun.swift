/// An additive track's run: the in-flight track on its own clock, less its `to`, plus the
/// offset leg from that `to` to the new end (docs/TIMING.md 14).
final class AdditiveRun: Sendable {
  let inner: TrackKinematics
  let at: Double
  /// The in-flight track's `to` in vector form (a transform: its matrix decomposed).
  let base: [Double]
  /// A transform's `to` decomposed (the identity for the other properties).
  let baseParts: DecomposedTransform
  let offset: PlainPath
  /// The offset leg's clock: the new timing from 0, cut at its T.
  let clock: PathClock

  init(_ track: Track, _ motion: AdditiveMotion, timing: Timing) {
    // The inner track always carries its timing: the plan's does not matter.
    inner = TrackKinematics(motion.inner, planTiming: motion.inner.timing ?? timing)
    at = motion.at
    base = inner.to.vector ?? []
    if case .transform(let b) = inner.to, let d = TransformParts.decompose(b) {
      baseParts = d
    } else {
      baseParts = .identity
    }
    offset = PlainPath(from: inner.to, to: track.change.ends.to)
    clock = PathClock(timing: timing, delay: 0)
  }

  /// The offset leg's clock index in the track's ``TrackKinematics/clocks``.
  var offsetClock: Int { inner.clockCount }

  func number(at t: Double, progress: (Int) -> Double) -> Double {
    offset.number(u: progress(offsetClock))
      + (inner.number(at: at + t, progress: progress) - base[0])
  }

  func rect(at t: Double, progress: (Int) -> Double) -> Rect {
    let o = offset.rect(u: progress(offsetClock))
    let r = inner.rect(at: at + t, progress: progress)
    return Rect(
      x: o.x + (r.x - base[0]), y: o.y + (r.y - base[1]), width: o.width + (r.width - base[2]),
      height: o.height + (r.height - base[3]))
  }

  func value(at t: Double, like: PropertyValue, progress: (Int) -> Double) -> PropertyValue {
    switch like {
    case .number: .number(number(at: t, progress: progress))
    case .rect: .rect(rect(at: t, progress: progress))
    case .transform: .transform(decomposed(at: t, progress: progress).recomposed)
    }
  }

  /// A transform's parts at `t`: the 13 linear parts summed, the rotations composed.
  func decomposed(at t: Double, progress: (Int) -> Double) -> DecomposedTransform {
    let r = inner.decomposed(at: at + t, progress: progress)
    let o = offset.decomposed(u: progress(offsetClock))
    return o.adding(r, less: baseParts)
  }

  func state(at t: Double, from: PropertyValue, to: PropertyValue, span: (Double, Double))
    -> PropertyState
  {
    if t >= span.1 { return PlainPath(from: from, to: to).state(u: 1, rate: 0) }
    let r = inner.state(at: at + t)
    let running = t > span.0
    let o = offset.state(
      u: running ? clock.progress(at: t) : 0, rate: running ? clock.rate(at: t) : 0)
    var vector = o.vector
    var velocity = o.vector
    let isTransform = vector.count == TransformParts.count
    let linear = isTransform ? TransformParts.quaternionStart : vector.count
    for i in 0..<linear {
      vector[i] = o.vector[i] + (r.vector[i] - base[i])
      velocity[i] = running ? o.velocity[i] + r.velocity[i] : 0
    }
    guard isTransform else {
      // Before the start, `from` itself (the sum rounds it by an ulp or two).
      return PropertyState(
        value: running ? from.with(vector: vector) : from, vector: vector, velocity: velocity)
    }
    // Rotations compose: q_R (x) conj(q_B) (x) q_O, and its derivative by the product rule.
    let k = TransformParts.quaternionStart
    let qB = quaternion(base, k).conjugate
    let (qR, dR) = (quaternion(r.vector, k), quaternion(r.velocity, k))
    let (qO, dO) = (quaternion(o.vector, k), quaternion(o.velocity, k))
    let q = qR * qB * qO
    let dq = running ? dR * qB * qO + qR * qB * dO : Quaternion(x: 0, y: 0, z: 0, w: 0)
    (vector[k], vector[k + 1], vector[k + 2], vector[k + 3]) = (q.x, q.y, q.z, q.w)
    (velocity[k], velocity[k + 1], velocity[k + 2], velocity[k + 3]) = (dq.x, dq.y, dq.z, dq.w)
    return PropertyState(
      value: running ? .transform(TransformParts(values: vector).recomposed) : from,
      vector: vector, velocity: velocity)
  }
}

/// The quaternion stored at `k` in a vector of transform parts.
private func quaternion(_ v: [Double], _ k: Int) -> Quaternion {
  Quaternion(x: v[k], y: v[k + 1], z: v[k + 2], w: v[k + 3])
}
