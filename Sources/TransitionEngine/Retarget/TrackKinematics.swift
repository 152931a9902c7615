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

/// Evaluates any track of any plan - plain (straight, arc, transform path, a reversal's piece,
/// delayed, with its own timing), spring or additive - at any plan time: its exact, unclamped
/// value and its analytic velocity. Built once per track, evaluated as often as needed (the
/// retarget moment, every keyframe of a retarget plan, an export's sample).
public struct TrackKinematics: Sendable {
  /// The open span (start, end): the track holds `from` up to `start` and `to` from `end` on.
  public let start: Double
  public let end: Double
  public let from: PropertyValue
  public let to: PropertyValue
  private let kind: Kind

  private indirect enum Kind: Sendable {
    case plain(PlainPath, timing: Timing, delay: Double)
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
      kind = .plain(PlainPath(track), timing: timing, delay: track.delay)
    case .spring(let motion):
      start = 0
      end = motion.end
      kind = .spring(SpringRun(track, motion, timing: timing))
    case .additive(let motion):
      start = 0
      end = motion.end
      kind = .additive(AdditiveRun(track, motion, timing: timing))
    }
  }

  /// Whether the track moves at `t`: strictly inside its span.
  public func isRunning(at t: Double) -> Bool { start < t && t < end }

  /// The value and velocity at plan time `t`.
  public func state(at t: Double) -> PropertyState {
    switch kind {
    case .plain(let path, let timing, let delay):
      if t <= start { return path.state(u: 0, rate: 0) }
      if t >= end { return path.state(u: 1, rate: 0) }
      let local = t - delay
      return path.state(u: timing.curveProgress(at: local), rate: timing.velocity(at: local))
    case .spring(let run):
      return run.state(at: t, from: from, to: to, span: (start, end))
    case .additive(let run):
      return run.state(at: t, from: from, to: to, span: (start, end))
    }
  }

  /// The value at plan time `t` (what a keyframe shows before clamping).
  public func value(at t: Double) -> PropertyValue { state(at: t).value }
}

/// A plain track's path gamma(u) from `from` (u = 0) to `to` (u = 1) and its derivative.
struct PlainPath: Sendable {
  enum Shape: Sendable {
    case number(Double, Double)
    case rect(Rect, Rect, arc: (Point, Point, Point)?)
    /// Parts at both ends (a reversal's decomposed ends where it has them), nil for a singular
    /// end, which jumps at half way.
    case transform(Transform3D, Transform3D, parts: (TransformParts, TransformParts)?)
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
      var parts: (TransformParts, TransformParts)? = nil
      if let ends = track.decomposedEnds {
        parts = (TransformParts(ends.from), TransformParts(ends.to))
      } else if let pa = TransformParts(a), let pb = TransformParts(b) {
        parts = (pa, pb)
      }
      shape = .transform(a, b, parts: parts)
    }
  }

  /// The straight path between two values of one kind (TIMING.md 8 for transforms).
  init(from: PropertyValue, to: PropertyValue) {
    switch (from, to) {
    case (.number(let a), .number(let b)): shape = .number(a, b)
    case (.rect(let a), .rect(let b)): shape = .rect(a, b, arc: nil)
    case (.transform(let a), .transform(let b)):
      shape = .transform(
        a, b, parts: TransformParts(a).flatMap { pa in TransformParts(b).map { (pa, $0) } })
    default: preconditionFailure("a path between values of two kinds")
    }
  }

  /// The value at path progress `u` and the velocity for a progress rate `rate` (du/dt).
  func state(u: Double, rate: Double) -> PropertyState {
    switch shape {
    case .number(let a, let b):
      return PropertyState(
        value: .number(lerp(a, b, u)), vector: [lerp(a, b, u)], velocity: [(b - a) * rate])
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
    case .transform(let a, let b, let parts):
      guard let (pa, pb) = parts else {
        return PropertyState(value: .transform(u < 0.5 ? a : b), vector: [], velocity: [])
      }
      var value = [Double](repeating: 0, count: TransformParts.count)
      var velocity = value
      for i in 0..<TransformParts.quaternionStart {
        value[i] = lerp(pa.values[i], pb.values[i], u)
        velocity[i] = (pb.values[i] - pa.values[i]) * rate
      }
      let (q, dq) = Quaternion.pathSlerp(pa.quaternion, pb.quaternion, u)
      let k = TransformParts.quaternionStart
      (value[k], value[k + 1], value[k + 2], value[k + 3]) = (q.x, q.y, q.z, q.w)
      (velocity[k], velocity[k + 1], velocity[k + 2], velocity[k + 3]) = (
        dq.x * rate, dq.y * rate, dq.z * rate, dq.w * rate
      )
      // The ends exactly, as the sampler shows them.
      let matrix = u == 0 ? a : u == 1 ? b : TransformParts(values: value).recomposed
      return PropertyState(value: .transform(matrix), vector: value, velocity: velocity)
    }
  }
}

/// A spring track's run: each component's error in closed form (docs/TIMING.md 14).
struct SpringRun: Sendable {
  let target: [Double]
  let components: [ComponentSpring]
  let isTransform: Bool

  init(_ track: Track, _ motion: SpringMotion, timing: Timing) {
    let (from, to) = track.change.ends
    let y0 = motion.parts?.from.values ?? from.vector ?? []
    let y1 = motion.parts?.to.values ?? to.vector ?? []
    let spring =
      SpringParameters(timing)
      ?? SpringParameters(mass: 1, stiffness: 100, damping: 20, regime: .critical)
    target = y1
    components = y0.indices.map {
      ComponentSpring(e0: y0[$0] - y1[$0], velocity: motion.velocity[$0], spring)
    }
    if case .transform = from { isTransform = true } else { isTransform = false }
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
    guard isTransform else {
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
struct AdditiveRun: Sendable {
  let inner: TrackKinematics
  let at: Double
  /// The in-flight track's `to` in vector form (a transform: its matrix decomposed).
  let base: [Double]
  let offset: PlainPath
  let timing: Timing
  let isTransform: Bool

  init(_ track: Track, _ motion: AdditiveMotion, timing: Timing) {
    // The inner track always carries its timing: its plan's does not matter.
    let innerTiming = motion.inner.timing ?? timing
    inner = TrackKinematics(motion.inner, planTiming: innerTiming)
    at = motion.at
    base = inner.to.vector ?? []
    offset = PlainPath(from: inner.to, to: track.change.ends.to)
    self.timing = timing
    if case .transform = inner.to { isTransform = true } else { isTransform = false }
  }

  func state(at t: Double, from: PropertyValue, to: PropertyValue, span: (Double, Double))
    -> PropertyState
  {
    if t >= span.1 { return PlainPath(from: from, to: to).state(u: 1, rate: 0) }
    let r = inner.state(at: at + t)
    // The offset leg is a plain track: cut at its T like every plain track.
    let o =
      t <= span.0
      ? offset.state(u: 0, rate: 0)
      : offset.state(
        u: timing.progress(at: t, delay: 0, end: timing.duration), rate: timing.velocity(at: t))
    var vector = o.vector
    var velocity = o.vector
    let linear = isTransform ? TransformParts.quaternionStart : vector.count
    for i in 0..<linear {
      vector[i] = o.vector[i] + (r.vector[i] - base[i])
      velocity[i] = o.velocity[i] + r.velocity[i]
    }
    if t <= span.0 { velocity = velocity.map { _ in 0 } }
    guard isTransform else {
      // Before the start, `from` itself (the sum rounds it by an ulp or two).
      return PropertyState(
        value: t <= span.0 ? from : from.with(vector: vector), vector: vector, velocity: velocity)
    }
    // Rotations compose: q_R (x) conj(q_B) (x) q_O, and its derivative by the product rule.
    let k = TransformParts.quaternionStart
    func quaternion(_ v: [Double]) -> Quaternion {
      Quaternion(x: v[k], y: v[k + 1], z: v[k + 2], w: v[k + 3])
    }
    let qB = quaternion(base).conjugate
    let (qR, dR) = (quaternion(r.vector), quaternion(r.velocity))
    let (qO, dO) = (quaternion(o.vector), quaternion(o.velocity))
    let q = qR * qB * qO
    let dq = t <= span.0 ? Quaternion(x: 0, y: 0, z: 0, w: 0) : dR * qB * qO + qR * qB * dO
    (vector[k], vector[k + 1], vector[k + 2], vector[k + 3]) = (q.x, q.y, q.z, q.w)
    (velocity[k], velocity[k + 1], velocity[k + 2], velocity[k + 3]) = (dq.x, dq.y, dq.z, dq.w)
    return PropertyState(
      value: t <= span.0 ? from : .transform(TransformParts(values: vector).recomposed),
      vector: vector, velocity: velocity)
  }
}
