/// A property's value and velocity at one instant of a plan (docs/TIMING.md 14).
public struct PropertyState: Sendable, Hashable {
  public var value: PropertyValue
  /// The value in vector form: 1 number, a rect's 4, a transform's 17 parts (the path's own,
  /// quaternion sign included); empty for a transform without parts (a singular end).
  public var vector: [Double]
  /// The time derivative of ``vector``, per second; zeros outside a track's open span.
  public var velocity: [Double]

  public init(value: PropertyValue, vector: [Double], velocity: [Double]) {
    self.value = value
    self.vector = vector
    self.velocity = velocity
  }

  /// A value that stands still.
  public init(held value: PropertyValue) {
    let vector = value.vector ?? []
    self.init(value: value, vector: vector, velocity: Array(repeating: 0, count: vector.count))
  }
}

/// The clock a plain path runs on: `timing`'s progress after `delay`, on the plan's time plus
/// `shift` (an additive track's in-flight track runs `at` seconds ahead of the retarget plan).
/// The end is decided by `t >= delay + duration`, summed once (docs/TIMING.md 10).
public struct PathClock: Sendable, Hashable {
  public var timing: Timing
  public var delay: Double
  public var shift: Double

  public init(timing: Timing, delay: Double, shift: Double = 0) {
    self.timing = timing
    self.delay = delay
    self.shift = shift
  }

  public var end: Double { delay + timing.duration }

  @inline(__always)
  public func progress(at t: Double) -> Double {
    timing.progress(at: t + shift, delay: delay, end: end)
  }

  /// dP/dt at plan time `t`: 0 outside the open span.
  func rate(at t: Double) -> Double {
    let x = t + shift
    return x <= delay || x >= end ? 0 : timing.velocity(at: x - delay)
  }
}

/// Evaluates any track of any plan - plain (straight, arc, transform path, a reversal's piece,
/// delayed, with its own timing), spring or additive - at any plan time: its exact, unclamped
/// value and its analytic velocity (docs/TIMING.md 14).
///
/// Built once per track. A track's plain paths run on ``clocks``; a sampler that evaluates
/// many tracks at one instant computes each distinct clock once and passes the progress in
/// (``value(at:progress:)``): a retarget plan's offsets all share the plan's clock, and their
/// in-flight tracks the in-flight plan's few. A class: the evaluator reads it per sample, and
/// a struct this size was copied each time.
public final class TrackKinematics: Sendable {
  /// The open span (start, end): the track holds `from` up to `start` and `to` from `end` on.
  public let start: Double
  public let end: Double
  public let from: PropertyValue
  public let to: PropertyValue
  /// A plain track's clock, or an additive track's offset leg's; nil for a spring track.
  let clock: PathClock?
  /// How many clocks ``value(at:progress:)`` asks the progress of.
  let clockCount: Int
  private let kind: Kind

  private enum Kind: Sendable {
    case plain(PlainPath)
    case spring(SpringRun)
    case additive(AdditiveRun)
  }

  /// `track` in a plan whose timing is `plan`.
  public init(_ track: Track, planTiming plan: Timing) {
    let (from, to) = track.change.ends
    self.from = from
    self.to = to
    let timing = track.timing ?? plan
    switch track.motion {
    case .none:
      start = track.delay
      end = track.end(planTiming: plan)
      clock = PathClock(timing: timing, delay: track.delay)
      clockCount = 1
      kind = .plain(PlainPath(track))
    case .spring(let motion):
      start = 0
      end = motion.end
      clock = nil
      clockCount = 0
      kind = .spring(SpringRun(track, motion, timing: timing))
    case .additive(let motion):
      start = 0
      end = motion.end
      let run = AdditiveRun(track, motion, timing: timing)
      clock = PathClock(timing: timing, delay: 0)
      clockCount = run.inner.clockCount + 1
      kind = .additive(run)
    }
  }

  /// The clocks ``value(at:progress:)`` asks the progress of, by index: a plain track's own,
  /// or an additive track's in-flight clocks (run `at` ahead) then its offset leg's.
  public var clocks: [PathClock] {
    switch kind {
    case .plain: [clock!]
    case .spring: []
    case .additive(let run):
      run.inner.clocks.map {
        PathClock(timing: $0.timing, delay: $0.delay, shift: $0.shift + run.at)
      } + [clock!]
    }
  }

  /// The progress of clock `k` at plan time `t`, computed here.
  func progress(ofClock k: Int, at t: Double) -> Double {
    if case .additive(let run) = kind, k < run.inner.clockCount {
      return run.inner.progress(ofClock: k, at: run.at + t)
    }
    return clock!.progress(at: t)
  }

  /// Whether the track moves at `t`: strictly inside its span.
  public func isRunning(at t: Double) -> Bool { start < t && t < end }

  /// The value at plan time `t` (what a keyframe shows before clamping).
  public func value(at t: Double) -> PropertyValue {
    value(at: t) { progress(ofClock: $0, at: t) }
  }

  /// The value at plan time `t` with `progress(k)` the progress of `clocks[k]` at `t`.
  public func value(at t: Double, progress: (Int) -> Double) -> PropertyValue {
    switch kind {
    case .plain(let path):
      return path.value(u: progress(0))
    case .spring(let run):
      if t <= start { return from }
      if t >= end { return to }
      return run.value(at: t, like: from)
    case .additive(let run):
      if t <= start { return from }
      if t >= end { return to }
      return run.value(at: t, like: from, progress: progress)
    }
  }

  /// ``value(at:progress:)`` of a number track (alpha, radius, shadow opacity), without the
  /// enum: the sampler asks this per layer per frame.
  func number(at t: Double, progress: (Int) -> Double) -> Double {
    switch kind {
    case .plain(let path):
      return path.number(u: progress(0))
    case .spring(let run):
      return t <= start
        ? run.target[0] + run.components[0].e0 : t >= end ? run.target[0] : run.number(at: t)
    case .additive(let run):
      if t <= start, case .number(let v) = from { return v }
      if t >= end, case .number(let v) = to { return v }
      return run.number(at: t, progress: progress)
    }
  }

  /// ``value(at:progress:)`` of a rect track (frame, content frame).
  func rect(at t: Double, progress: (Int) -> Double) -> Rect {
    switch kind {
    case .plain(let path):
      return path.rect(u: progress(0))
    case .spring(let run):
      if t <= start || t >= end, case .rect(let r) = t <= start ? from : to { return r }
      return run.rect(at: t)
    case .additive(let run):
      if t <= start || t >= end, case .rect(let r) = t <= start ? from : to { return r }
      return run.rect(at: t, progress: progress)
    }
  }

  /// A transform track's decomposed parts at `t` (what an additive track composes with), the
  /// quaternion with the path's own sign.
  func decomposed(at t: Double, progress: (Int) -> Double) -> DecomposedTransform {
    switch kind {
    case .plain(let path):
      return path.decomposed(u: progress(0))
    case .spring(let run):
      return run.decomposed(at: min(max(t, start), end), ended: t >= end)
    case .additive(let run):
      return run.decomposed(at: min(max(t, start), end), progress: progress)
    }
  }

  /// The value and velocity at plan time `t`.
  public func state(at t: Double) -> PropertyState {
    switch kind {
    case .plain(let path):
      let clock = clock!
      return path.state(u: clock.progress(at: t), rate: isRunning(at: t) ? clock.rate(at: t) : 0)
    case .spring(let run):
      return run.state(at: t, from: from, to: to, span: (start, end))
    case .additive(let run):
      return run.state(at: t, from: from, to: to, span: (start, end))
    }
  }
}

/// A plain track's path gamma(u) from `from` (u = 0) to `to` (u = 1) and its derivative. A
/// class, as the other runs: binding an enum's payload of this size copied it per sample.
final class PlainPath: Sendable {
  enum Shape: Sendable {
    case number(Double, Double)
    case rect(Rect, Rect, arc: (Point, Point, Point)?)
    /// Decomposed ends (a reversal's where it has them), nil for a singular end, which jumps
    /// at half way. Boxed: inline, these 600 bytes were copied to read a number path's two
    /// ends (a third of a hero retarget's sampling).
    indirect case transform(
      Transform3D, Transform3D, ends: (DecomposedTransform, DecomposedTransform)?)
  }

  let shape: Shape

  init(_ track: Track) {
    switch track.change {
    case .alpha(let a, let b), .cornerRadius(let a, let b), .shadowOpacity(let a, let b):
      shape = .number(a, b)
    case .frame(let a, let b):
      shape = .rect(a, b, arc: track.arcControl.map { (a.center, $0, b.center) })
    case .contentFrame(let a, let b):
      shape = .rect(a, b, arc: nil)
    case .transform(let a, let b):
      if let ends = track.decomposedEnds {
        shape = .transform(a, b, ends: (ends.from, ends.to))
      } else {
        shape = .transform(a, b, ends: Self.decomposed(a, b))
      }
    }
  }

  /// The straight path between two values of one kind (docs/TIMING.md section 8 for transforms).
  init(from: PropertyValue, to: PropertyValue) {
    switch (from, to) {
    case (.number(let a), .number(let b)): shape = .number(a, b)
    case (.rect(let a), .rect(let b)): shape = .rect(a, b, arc: nil)
    case (.transform(let a), .transform(let b)):
      shape = .transform(a, b, ends: Self.decomposed(a, b))
    default: preconditionFailure("a path between values of two kinds")
    }
  }

  static func decomposed(_ a: Transform3D, _ b: Transform3D)
    -> (DecomposedTransform, DecomposedTransform)?
  {
    TransformParts.decompose(a).flatMap { pa in TransformParts.decompose(b).map { (pa, $0) } }
  }

  @inline(__always)
  func number(u: Double) -> Double {
    guard case .number(let a, let b) = shape else { preconditionFailure("not a number path") }
    return lerp(a, b, u)
  }

  @inline(__always)
  func rect(u: Double) -> Rect {
    guard case .rect(let a, let b, let arc) = shape else { preconditionFailure("not a rect path") }
    return ChoreographyEvaluator.rect(a, b, arc, u)
  }

  /// The value at path progress `u`, as the sampler computes it.
  @inline(__always)
  func value(u: Double) -> PropertyValue {
    switch shape {
    case .number(let a, let b): .number(lerp(a, b, u))
    case .rect(let a, let b, let arc): .rect(ChoreographyEvaluator.rect(a, b, arc, u))
    case .transform(let a, let b, let ends):
      if u == 0 {
        .transform(a)
      } else if u == 1 {
        .transform(b)
      } else if let (da, db) = ends {
        .transform(DecomposedTransform.interpolate(da, db, u).recomposed)
      } else {
        .transform(u < 0.5 ? a : b)
      }
    }
  }

  /// A transform path's decomposed parts at `u` (the quaternion with docs/TIMING.md 14's
  /// sign), without arrays: an additive transform asks this per sample.
  func decomposed(u: Double) -> DecomposedTransform {
    guard case .transform(_, _, let ends?) = shape else { return .identity }
    var d = DecomposedTransform.interpolateLinearParts(ends.0, ends.1, u)
    d.quaternion = Quaternion.pathSlerp(ends.0.quaternion, ends.1.quaternion, u).value
    return d
  }

  /// A transform path's parts at `u` (the quaternion with docs/TIMING.md 14's sign).
  func parts(u: Double) -> [Double] {
    guard case .transform(_, _, let ends?) = shape else { return [] }
    let pa = TransformParts(ends.0).values
    let pb = TransformParts(ends.1).values
    var value = [Double](repeating: 0, count: TransformParts.count)
    for i in 0..<TransformParts.quaternionStart { value[i] = lerp(pa[i], pb[i], u) }
    let q = Quaternion.pathSlerp(ends.0.quaternion, ends.1.quaternion, u).value
    let k = TransformParts.quaternionStart
    (value[k], value[k + 1], value[k + 2], value[k + 3]) = (q.x, q.y, q.z, q.w)
    return value
  }

  /// The value at path progress `u` and the velocity for a progress rate `rate` (du/dt).
  func state(u: Double, rate: Double) -> PropertyState {
    switch shape {
    case .number(let a, let b):
      let v = lerp(a, b, u)
      return PropertyState(value: .number(v), vector: [v], velocity: [(b - a) * rate])
    case .rect(let a, let b, let arc):
      let r = ChoreographyEvaluator.rect(a, b, arc, u)
      let dw = b.width - a.width
      let dh = b.height - a.height
      var dx = b.x - a.x
      var dy = b.y - a.y
      if let (p0, c, p1) = arc {
        // The centre's derivative along the quadratic, less half the size's.
        dx = 2 * (1 - u) * (c.x - p0.x) + 2 * u * (p1.x - c.x) - dw / 2
        dy = 2 * (1 - u) * (c.y - p0.y) + 2 * u * (p1.y - c.y) - dh / 2
      }
      return PropertyState(
        value: .rect(r), vector: [r.x, r.y, r.width, r.height],
        velocity: [dx * rate, dy * rate, dw * rate, dh * rate])
    case .transform(let a, let b, let ends):
      guard let (da, db) = ends else {
        return PropertyState(value: .transform(u < 0.5 ? a : b), vector: [], velocity: [])
      }
      let pa = TransformParts(da).values
      let pb = TransformParts(db).values
      var velocity = [Double](repeating: 0, count: TransformParts.count)
      for i in 0..<TransformParts.quaternionStart { velocity[i] = (pb[i] - pa[i]) * rate }
      let dq = Quaternion.pathSlerp(da.quaternion, db.quaternion, u).derivative
      let k = TransformParts.quaternionStart
      (velocity[k], velocity[k + 1], velocity[k + 2], velocity[k + 3]) = (
        dq.x * rate, dq.y * rate, dq.z * rate, dq.w * rate
      )
      return PropertyState(value: value(u: u), vector: parts(u: u), velocity: velocity)
    }
  }
}

/// A spring track's run: each component's error in closed form (docs/TIMING.md 14).
final class SpringRun: Sendable {
  let target: [Double]
  let components: [ComponentSpring]
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
      ComponentSpring(e0: y0[$0] - y1[$0], velocity: motion.velocity[$0], spring)
    }
    basis = ComponentSpring(e0: 0, velocity: 0, spring).basis
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

/// A plain track's path, public: the value of `from -> to` at any progress u (the arc's centre
/// along its curve, a transform along its decomposition), as the sampler computes it. An
/// export that evaluates a track on its own clock (a sampled native row) reads it.
public struct TrackPath: Sendable {
  private let path: PlainPath

  /// The path of a plain track (a spring or additive track has no path: its
  /// ``TrackKinematics`` gives its values).
  public init(_ track: Track) { path = PlainPath(track) }

  public func value(at u: Double) -> PropertyValue { path.value(u: u) }

  /// A frame or content frame path's rect at `u`: ``value(at:)``'s, without the enum value
  /// (the native sampler evaluates an arc a thousand times per hero document).
  public func rect(at u: Double) -> Rect { path.rect(u: u) }
}
