/// A decomposed transform as 17 numbers in docs/TIMING.md 14's order: perspective (4),
/// translate (3), scale (3), skew (xy, xz, yz), quaternion (x, y, z, w). Retargeting runs
/// springs and offsets on these numbers, never on matrix entries (a matrix sum breaks
/// rotations).
public struct TransformParts: Sendable, Hashable {
  public static let count = 17
  /// Where the quaternion starts in ``values``.
  public static let quaternionStart = 13
  /// Where the translate parts start (they are positions: points, not factors).
  public static let translateRange = 4..<7

  public var values: [Double]

  public init(values: [Double]) {
    precondition(values.count == Self.count)
    self.values = values
  }

  public init(_ d: DecomposedTransform) {
    let q = d.quaternion
    values = [
      d.perspective.0, d.perspective.1, d.perspective.2, d.perspective.3,
      d.translation.0, d.translation.1, d.translation.2,
      d.scale.0, d.scale.1, d.scale.2,
      d.skew.0, d.skew.1, d.skew.2,
      q.x, q.y, q.z, q.w,
    ]
  }

  /// The parts of `matrix`, or nil for a singular one.
  public init?(_ matrix: Transform3D) {
    guard let d = Self.decompose(matrix) else { return nil }
    self.init(d)
  }

  /// `DecomposedTransform(matrix)`, without the arithmetic for the identity (most layers'
  /// held transform) and a pure translation (a screen sliding in), whose decompositions are
  /// exactly these: the general algorithm's unit rows have length 1 and no skew.
  static func decompose(_ m: Transform3D) -> DecomposedTransform? {
    if m.isIdentity { return .identity }
    var linear = m
    (linear.m41, linear.m42, linear.m43) = (0, 0, 0)
    if linear.isIdentity {
      var d = DecomposedTransform.identity
      d.translation = (m.m41, m.m42, m.m43)
      return d
    }
    return DecomposedTransform(m)
  }

  public var quaternion: Quaternion {
    get {
      Quaternion(x: values[13], y: values[14], z: values[15], w: values[16])
    }
    set {
      values[13] = newValue.x
      values[14] = newValue.y
      values[15] = newValue.z
      values[16] = newValue.w
    }
  }

  public var decomposed: DecomposedTransform {
    let v = values
    return DecomposedTransform(
      perspective: (v[0], v[1], v[2], v[3]), translation: (v[4], v[5], v[6]),
      scale: (v[7], v[8], v[9]), skew: (v[10], v[11], v[12]), quaternion: quaternion)
  }

  /// The matrix these parts build (docs/TIMING.md 8); the quaternion must be a unit one.
  public var recomposed: Transform3D { decomposed.recomposed }
}

extension Quaternion {
  public static prefix func - (q: Quaternion) -> Quaternion {
    Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
  }

  /// The conjugate `(-x, -y, -z, w)`: the inverse rotation of a unit quaternion.
  public var conjugate: Quaternion { Quaternion(x: -x, y: -y, z: -z, w: w) }

  public var norm: Double { (x * x + y * y + z * z + w * w).squareRoot() }

  /// The Hamilton product `a (x) b` on (x, y, z, w).
  public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
    Quaternion(
      x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
      y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
      w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
  }

  public static func + (a: Quaternion, b: Quaternion) -> Quaternion {
    Quaternion(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z, w: a.w + b.w)
  }

  public func scaled(_ s: Double) -> Quaternion {
    Quaternion(x: x * s, y: y * s, z: z * s, w: w * s)
  }

  /// The slerp of a track's path and its derivative in u, with docs/TIMING.md 14's sign rule:
  /// when `a . b < 0` it is `a` that is negated (so the start of the path is `-a` and its end
  /// `b` itself). The rotation is the one ``slerp(_:_:_:)`` gives; only the sign may differ.
  public static func pathSlerp(_ a0: Quaternion, _ b: Quaternion, _ u: Double)
    -> (value: Quaternion, derivative: Quaternion)
  {
    var a = a0
    var p = a.dot(b)
    if p < 0 {
      a = -a
      p = -p
    }
    p = min(p, 1)
    // As close as slerp itself goes linear: the weights' derivatives then are -1 and 1.
    if p > 1 - 1e-12 {
      return (a.scaled(1 - u) + b.scaled(u), p == 1 ? Quaternion(x: 0, y: 0, z: 0, w: 0) : b + (-a))
    }
    let theta = acos(p)
    let r = (1 - p * p).squareRoot()
    let s = sin(u * theta)
    let c = cos(u * theta)
    let value = a.scaled(c - p * s / r) + b.scaled(s / r)
    let derivative = a.scaled(-theta * s - p * theta * c / r) + b.scaled(theta * c / r)
    return (value, derivative)
  }
}

extension DecomposedTransform {
  /// An additive track's parts (docs/TIMING.md 14): `self + (r - b)` on the 13 linear parts,
  /// the rotation `q_r (x) conj(q_b) (x) q_self`.
  func adding(_ r: DecomposedTransform, less b: DecomposedTransform) -> DecomposedTransform {
    DecomposedTransform(
      perspective: (
        perspective.0 + (r.perspective.0 - b.perspective.0),
        perspective.1 + (r.perspective.1 - b.perspective.1),
        perspective.2 + (r.perspective.2 - b.perspective.2),
        perspective.3 + (r.perspective.3 - b.perspective.3)
      ),
      translation: (
        translation.0 + (r.translation.0 - b.translation.0),
        translation.1 + (r.translation.1 - b.translation.1),
        translation.2 + (r.translation.2 - b.translation.2)
      ),
      scale: (
        scale.0 + (r.scale.0 - b.scale.0), scale.1 + (r.scale.1 - b.scale.1),
        scale.2 + (r.scale.2 - b.scale.2)
      ),
      skew: (
        skew.0 + (r.skew.0 - b.skew.0), skew.1 + (r.skew.1 - b.skew.1),
        skew.2 + (r.skew.2 - b.skew.2)
      ),
      quaternion: r.quaternion * b.quaternion.conjugate * quaternion)
  }
}
