/// A spring track's run: each component's error in closed form (docs/TIMING.md 14).
final class SpringRun: Sendable {
  let target: [Double]
  let components: [SpringOscillator]
  /// The functions every component combines, and each component's two weights on them.
  let basis: SpringBasis
  let alphas: [Double]
  let betas: [Double]

  init(_ track: Track, _ motion: SpringMotion, timing: Timing) {
    let (from, to) = track.change.ends
    let y0 = motion.parts?.from.values ?? from.vector ?? []
    let y1 = motion.parts?.to.values ?? to.vector ?? []
    // Only spring timings make spring tracks.
    let spring = SpringParameters(timing)!
    target = y1
    components = y0.indices.map {
      SpringOscillator(e0: y0[$0] - y1[$0], velocity: motion.velocity[$0], spring)
    }
    basis = SpringOscillator(e0: 0, velocity: 0, spring).basis
    alphas = components.map(\.weights.alpha)
    betas = components.map(\.weights.beta)
  }

  /// Component `i` at basis values (f, g).
  @inline(__always)
  private func component(_ i: Int, _ f: Double, _ g: Double) -> Double {
    target[i] + (alphas[i] * f + betas[i] * g)
  }

  /// The components at `t` inside the span (a transform's quaternion renormalised).
  func vector(at t: Double) -> [Double] {
    let (f, g) = basis.at(t)
    var vector = target
    for i in components.indices { vector[i] = component(i, f, g) }
    if vector.count == TransformParts.count {
      var parts = TransformParts(values: vector)
      let q = parts.quaternion
      parts.quaternion = q.scaled(1 / q.norm)
      return parts.values
    }
    return vector
  }

  func number(at t: Double) -> Double {
    let (f, g) = basis.at(t)
    return component(0, f, g)
  }

  /// A transform spring's parts at `t` (its target's at and after its end), the quaternion
  /// renormalised.
  func decomposed(at t: Double, ended: Bool) -> DecomposedTransform {
    let (f, g) = ended ? (0, 0) : basis.at(t)
    func c(_ i: Int) -> Double { ended ? target[i] : component(i, f, g) }
    let q = Quaternion(x: c(13), y: c(14), z: c(15), w: c(16))
    return DecomposedTransform(
      perspective: (c(0), c(1), c(2), c(3)), translation: (c(4), c(5), c(6)),
      scale: (c(7), c(8), c(9)), skew: (c(10), c(11), c(12)),
      quaternion: ended ? q : q.scaled(1 / q.norm))
  }

  func rect(at t: Double) -> Rect {
    let (f, g) = basis.at(t)
    return Rect(
      x: component(0, f, g), y: component(1, f, g), width: component(2, f, g),
      height: component(3, f, g))
  }

  /// The value at `t` inside the span, of the kind of `like`.
  func value(at t: Double, like: PropertyValue) -> PropertyValue {
    switch like {
    case .number: .number(number(at: t))
    case .rect: .rect(rect(at: t))
    case .transform: .transform(decomposed(at: t, ended: false).recomposed)
    }
  }

  func state(at t: Double, from: PropertyValue, to: PropertyValue, span: (Double, Double))
    -> PropertyState
  {
    if t <= span.0 || t >= span.1 {
      let value = t >= span.1 ? to : from
      let vector = t >= span.1 ? target : zip(target, components).map { $0 + $1.e0 }
      return PropertyState(
        value: value, vector: vector, velocity: Array(repeating: 0, count: vector.count))
    }
    var vector = target
    var velocity = target
    for (i, c) in components.enumerated() {
      let (e, de) = c.error(at: t)
      vector[i] = target[i] + e
      velocity[i] = de
    }
    guard vector.count == TransformParts.count else {
      return PropertyState(value: from.with(vector: vector), vector: vector, velocity: velocity)
    }
    // The quaternion is renormalised; its velocity is the derivative of q / |q|.
    let k = TransformParts.quaternionStart
    let raw = Quaternion(x: vector[k], y: vector[k + 1], z: vector[k + 2], w: vector[k + 3])
    let dRaw = Quaternion(
      x: velocity[k], y: velocity[k + 1], z: velocity[k + 2], w: velocity[k + 3])
    let n = raw.norm
    let q = raw.scaled(1 / n)
    let dq = (dRaw + q.scaled(-q.dot(dRaw))).scaled(1 / n)
    (vector[k], vector[k + 1], vector[k + 2], vector[k + 3]) = (q.x, q.y, q.z, q.w)
    (velocity[k], velocity[k + 1], velocity[k + 2], velocity[k + 3]) = (dq.x, dq.y, dq.z, dq.w)
    return PropertyState(
      value: .transform(TransformParts(values: vector).recomposed), vector: vector,
      velocity: velocity)
  }
}
