/// A 4x4 transform split the way CSS Transforms Level 2 ("Interpolation of 3D matrices"),
/// WebKit and Chromium split it, so that tracks between two matrices animate as browsers and
/// Core Animation animate them.
///
/// With row vectors the matrix is `Scale * Skew * Rotation * Translation * Perspective`
/// (applied left to right); `recomposed` builds exactly that product, so decomposing and
/// recomposing gives the matrix back.
public struct DecomposedTransform: Sendable, Hashable {
  /// The last column (m14, m24, m34, m44) of the perspective factor.
  public var perspective: (Double, Double, Double, Double)
  public var translation: (Double, Double, Double)
  public var scale: (Double, Double, Double)
  /// xy, xz, yz shear factors.
  public var skew: (Double, Double, Double)
  public var quaternion: Quaternion

  public static let identity = DecomposedTransform(
    perspective: (0, 0, 0, 1), translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0),
    quaternion: .identity)

  public init(
    perspective: (Double, Double, Double, Double), translation: (Double, Double, Double),
    scale: (Double, Double, Double), skew: (Double, Double, Double), quaternion: Quaternion
  ) {
    self.perspective = perspective
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.quaternion = quaternion
  }

  /// Decomposes `matrix`, or returns nil when it is singular (then a track jumps at half way).
  public init?(_ matrix: Transform3D) {
    var m = matrix.rows
    guard m[3][3] != 0 else { return nil }
    let w = m[3][3]
    for i in 0..<4 { for j in 0..<4 { m[i][j] /= w } }

    // The perspective-free part must be invertible.
    var pm = m
    for i in 0..<3 { pm[i][3] = 0 }
    pm[3][3] = 1
    guard let inverse = Matrix4.inverse(pm) else { return nil }

    if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
      // Solve pm * p = rhs for the perspective column p.
      let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
      var p = [0.0, 0, 0, 0]
      for i in 0..<4 { for k in 0..<4 { p[i] += inverse[i][k] * rhs[k] } }
      perspective = (p[0], p[1], p[2], p[3])
    } else {
      perspective = (0, 0, 0, 1)
    }

    translation = (m[3][0], m[3][1], m[3][2])

    var row0 = Vector3(m[0][0], m[0][1], m[0][2])
    var row1 = Vector3(m[1][0], m[1][1], m[1][2])
    var row2 = Vector3(m[2][0], m[2][1], m[2][2])

    var sx = row0.length
    row0 = row0.scaled(1 / sx)
    var kxy = row0.dot(row1)
    row1 = row1.adding(row0, times: -kxy)
    var sy = row1.length
    row1 = row1.scaled(1 / sy)
    kxy /= sy
    var kxz = row0.dot(row2)
    row2 = row2.adding(row0, times: -kxz)
    var kyz = row1.dot(row2)
    row2 = row2.adding(row1, times: -kyz)
    var sz = row2.length
    row2 = row2.scaled(1 / sz)
    kxz /= sz
    kyz /= sz

    // A left-handed basis is a reflection: fold it into negative scales.
    if row0.dot(row1.cross(row2)) < 0 {
      sx = -sx
      sy = -sy
      sz = -sz
      row0 = row0.scaled(-1)
      row1 = row1.scaled(-1)
      row2 = row2.scaled(-1)
    }
    scale = (sx, sy, sz)
    skew = (kxy, kxz, kyz)
    quaternion = Quaternion(rowMatrix: [row0.array, row1.array, row2.array])
  }

  /// `Scale * Skew * Rotation * Translation * Perspective` as one matrix.
  public var recomposed: Transform3D {
    // Scalars, not nested arrays: this runs for every transform keyframe, and the arrays were
    // eight allocations each time.
    let (n0, n1, n2) = quaternion.rows
    let (sx, sy, sz) = scale
    let (kxy, kxz, kyz) = skew
    // Upper 3x3: rows r0 = sx n0, r1 = sy (n1 + kxy n0), r2 = sz (n2 + kxz n0 + kyz n1).
    let a00 = sx * n0.0
    let a01 = sx * n0.1
    let a02 = sx * n0.2
    let a10 = sy * (n1.0 + kxy * n0.0)
    let a11 = sy * (n1.1 + kxy * n0.1)
    let a12 = sy * (n1.2 + kxy * n0.2)
    let a20 = sz * (n2.0 + kxz * n0.0 + kyz * n1.0)
    let a21 = sz * (n2.1 + kxz * n0.1 + kyz * n1.1)
    let a22 = sz * (n2.2 + kxz * n0.2 + kyz * n1.2)
    let (tx, ty, tz) = translation
    let linear = Transform3D(
      m11: a00, m12: a01, m13: a02, m14: 0,
      m21: a10, m22: a11, m23: a12, m24: 0,
      m31: a20, m32: a21, m33: a22, m34: 0,
      m41: tx, m42: ty, m43: tz, m44: 1)
    let (p0, p1, p2, p3) = perspective
    if p0 == 0 && p1 == 0 && p2 == 0 && p3 == 1 { return linear }
    var pers = Transform3D.identity
    pers.m14 = p0
    pers.m24 = p1
    pers.m34 = p2
    pers.m44 = p3
    return linear.concatenating(pers)
  }

  /// Linear in perspective, translation, scale and skew; spherical in the rotation.
  public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ p: Double)
    -> DecomposedTransform
  {
    var d = interpolateLinearParts(a, b, p)
    d.quaternion = Quaternion.slerp(a.quaternion, b.quaternion, p)
    return d
  }

  /// `a` to `b` at `p` on the 13 linear parts; the quaternion is `a`'s (the caller picks the
  /// slerp: the sampler's, or a retarget path's with its own sign rule).
  static func interpolateLinearParts(
    _ a: DecomposedTransform, _ b: DecomposedTransform, _ p: Double
  )
    -> DecomposedTransform
  {
    DecomposedTransform(
      perspective: (
        lerp(a.perspective.0, b.perspective.0, p), lerp(a.perspective.1, b.perspective.1, p),
        lerp(a.perspective.2, b.perspective.2, p), lerp(a.perspective.3, b.perspective.3, p)
      ),
      translation: (
        lerp(a.translation.0, b.translation.0, p), lerp(a.translation.1, b.translation.1, p),
        lerp(a.translation.2, b.translation.2, p)
      ),
      scale: (
        lerp(a.scale.0, b.scale.0, p), lerp(a.scale.1, b.scale.1, p), lerp(a.scale.2, b.scale.2, p)
      ),
      skew: (lerp(a.skew.0, b.skew.0, p), lerp(a.skew.1, b.skew.1, p), lerp(a.skew.2, b.skew.2, p)),
      quaternion: a.quaternion)
  }

  public static func == (l: DecomposedTransform, r: DecomposedTransform) -> Bool {
    l.perspective == r.perspective && l.translation == r.translation && l.scale == r.scale
      && l.skew == r.skew && l.quaternion == r.quaternion
  }

  public func hash(into h: inout Hasher) {
    for v in [
      perspective.0, perspective.1, perspective.2, perspective.3, translation.0, translation.1,
      translation.2, scale.0, scale.1, scale.2, skew.0, skew.1, skew.2,
    ] {
      h.combine(v)
    }
    h.combine(quaternion)
  }
}

struct Vector3 {
  var x: Double
  var y: Double
  var z: Double

  init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  var length: Double { (x * x + y * y + z * z).squareRoot() }
  var array: [Double] { [x, y, z] }
  func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
  func scaled(_ s: Double) -> Vector3 { Vector3(x * s, y * s, z * s) }
  func adding(_ o: Vector3, times s: Double) -> Vector3 {
    Vector3(x + o.x * s, y + o.y * s, z + o.z * s)
  }
  func cross(_ o: Vector3) -> Vector3 {
    Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
  }
}
