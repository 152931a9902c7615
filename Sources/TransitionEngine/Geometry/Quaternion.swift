/// A unit quaternion (x, y, z, w) for the rotation part of a decomposed transform.
public struct Quaternion: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var z: Double
  public var w: Double

  public init(x: Double, y: Double, z: Double, w: Double) {
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }

  public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

  public func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }

  /// Spherical linear interpolation along the shorter arc. `p` may leave [0, 1] (spring
  /// overshoot): the same great circle is followed further.
  public static func slerp(_ a: Quaternion, _ b0: Quaternion, _ p: Double) -> Quaternion {
    var b = b0
    var d = a.dot(b)
    if d < 0 {
      b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
      d = -d
    }
    d = min(d, 1)
    let wa: Double
    let wb: Double
    if d > 1 - 1e-12 {
      // Nearly the same rotation: sin(theta) vanishes, linear weights are exact enough.
      wa = 1 - p
      wb = p
    } else {
      let theta = acos(d)
      let s = sin(theta)
      wa = sin((1 - p) * theta) / s
      wb = sin(p * theta) / s
    }
    return Quaternion(
      x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w
    )
  }

  /// The rotation as a row-vector 3x3 matrix `n[i][j]` (the transpose of the usual
  /// column-vector matrix), so that a CATransform3D rotation about z by `a` is
  /// `[[cos a, sin a], [-sin a, cos a]]`.
  var rowMatrix: [[Double]] {
    let (r0, r1, r2) = rows
    return [[r0.0, r0.1, r0.2], [r1.0, r1.1, r1.2], [r2.0, r2.1, r2.2]]
  }

  /// ``rowMatrix`` as three rows of three, without allocating: it is built for every
  /// transform keyframe.
  @inline(__always)
  var rows:
    (
      (Double, Double, Double), (Double, Double, Double), (Double, Double, Double)
    )
  {
    let xx = x * x
    let yy = y * y
    let zz = z * z
    return (
      (1 - 2 * (yy + zz), 2 * (x * y + z * w), 2 * (x * z - y * w)),
      (2 * (x * y - z * w), 1 - 2 * (xx + zz), 2 * (y * z + x * w)),
      (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (xx + yy))
    )
  }

  /// The inverse of `rowMatrix` for an orthonormal `n`, branching on the trace so that the
  /// square root never takes a small, cancellation-prone argument.
  init(rowMatrix n: [[Double]]) {
    // r[i][j] is the column-vector matrix: the transpose of n.
    let r00 = n[0][0]
    let r11 = n[1][1]
    let r22 = n[2][2]
    let r01 = n[1][0]
    let r10 = n[0][1]
    let r02 = n[2][0]
    let r20 = n[0][2]
    let r12 = n[2][1]
    let r21 = n[1][2]
    let trace = r00 + r11 + r22
    if trace > 0 {
      let s = 0.5 / (trace + 1).squareRoot()
      self.init(x: (r21 - r12) * s, y: (r02 - r20) * s, z: (r10 - r01) * s, w: 0.25 / s)
    } else if r00 > r11 && r00 > r22 {
      let s = 2 * (1 + r00 - r11 - r22).squareRoot()
      self.init(x: 0.25 * s, y: (r01 + r10) / s, z: (r02 + r20) / s, w: (r21 - r12) / s)
    } else if r11 > r22 {
      let s = 2 * (1 + r11 - r00 - r22).squareRoot()
      self.init(x: (r01 + r10) / s, y: 0.25 * s, z: (r12 + r21) / s, w: (r02 - r20) / s)
    } else {
      let s = 2 * (1 + r22 - r00 - r11).squareRoot()
      self.init(x: (r02 + r20) / s, y: (r12 + r21) / s, z: 0.25 * s, w: (r10 - r01) / s)
    }
  }
}
