/// A spring track of a number or rect: `target + alpha f(s) + beta g(s)` per lane. A
/// class, as ``FlatAdditive``: binding an enum's payload copies it, and the sampler reads each
/// per sample.
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
      let c = SpringOscillator(e0: from[i] - to[i], velocity: motion.velocity[i], spring)
      (alpha[i], beta[i]) = c.weights
    }
    self.alpha = alpha
    self.beta = beta
    basisClock = basis(SpringOscillator(e0: 0, velocity: 0, spring).basis)
    end = motion.end
  }

  @inline(__always)
  func lanes(at t: Double, progress: (Int) -> Double) -> SIMD4<Double> {
    if t <= 0 { return from }
    if t >= end { return to }
    return target + (alpha * progress(basisClock) + beta * progress(basisClock + 1))
  }
}
