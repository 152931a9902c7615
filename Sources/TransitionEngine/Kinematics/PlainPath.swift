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
