/// A 4x4 matrix with CATransform3D conventions: row vectors (`p' = p * M`), translation in
/// m41...m43, perspective as `m34 = -1/d`. The 16 fields in memory order are also the
/// arguments of a CSS `matrix3d()`.
public struct Transform3D: Sendable, Hashable {
  public var m11: Double, m12: Double, m13: Double, m14: Double
  public var m21: Double, m22: Double, m23: Double, m24: Double
  public var m31: Double, m32: Double, m33: Double, m34: Double
  public var m41: Double, m42: Double, m43: Double, m44: Double

  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    self.m11 = m11
    self.m12 = m12
    self.m13 = m13
    self.m14 = m14
    self.m21 = m21
    self.m22 = m22
    self.m23 = m23
    self.m24 = m24
    self.m31 = m31
    self.m32 = m32
    self.m33 = m33
    self.m34 = m34
    self.m41 = m41
    self.m42 = m42
    self.m43 = m43
    self.m44 = m44
  }

  /// The 16 numbers in CATransform3D memory order (m11, m12, ..., m44).
  public init(_ values: [Double]) {
    precondition(values.count == 16, "a 4x4 transform has 16 numbers")
    self.init(
      m11: values[0], m12: values[1], m13: values[2], m14: values[3],
      m21: values[4], m22: values[5], m23: values[6], m24: values[7],
      m31: values[8], m32: values[9], m33: values[10], m34: values[11],
      m41: values[12], m42: values[13], m43: values[14], m44: values[15])
  }

  /// Row `i`, column `j`, both 0-based.
  public init(rows: [[Double]]) {
    self.init(rows.flatMap { $0 })
  }

  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

  public var values: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// `rows[i][j]`, the matrix as the CSS decomposition algorithm reads a `matrix3d()`.
  public var rows: [[Double]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
  }

  /// Exactly the identity (CATransform3DIsIdentity): keyframes leave the transform out then.
  /// Encoders ask this for every keyframe, so it compares bits without a branch per field:
  /// a diagonal field equals 1 when its bits are those of 1 (NaN never is), and an
  /// off-diagonal field equals 0 (either zero) when its bits are zero but for the sign, so
  /// the bits of all twelve, ORed and shifted past the sign, are zero exactly when each is.
  /// Inlinable, so that the encoders test a state's matrix where it lies instead of copying
  /// its 128 bytes to make the call.
  @inlinable
  public var isIdentity: Bool {
    let one = (1.0).bitPattern
    let diagonal =
      (m11.bitPattern ^ one) | (m22.bitPattern ^ one) | (m33.bitPattern ^ one)
      | (m44.bitPattern ^ one)
    let offDiagonal =
      m12.bitPattern | m13.bitPattern | m14.bitPattern | m21.bitPattern | m23.bitPattern
      | m24.bitPattern | m31.bitPattern | m32.bitPattern | m34.bitPattern | m41.bitPattern
      | m42.bitPattern | m43.bitPattern
    return diagonal == 0 && offDiagonal << 1 == 0
  }

  public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
    var t = Transform3D.identity
    t.m41 = x
    t.m42 = y
    t.m43 = z
    return t
  }

  public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
    var t = Transform3D.identity
    t.m11 = x
    t.m22 = y
    t.m33 = z
    return t
  }

  /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), normalised first.
  /// A zero axis gives the identity, as Core Animation does.
  public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return .identity }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle)
    let s = sin(angle)
    let t = 1 - c
    return Transform3D(
      m11: c + t * x * x, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
      m21: t * x * y - s * z, m22: c + t * y * y, m23: t * y * z + s * x, m24: 0,
      m31: t * x * z + s * y, m32: t * y * z - s * x, m33: c + t * z * z, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// The identity with `m34 = -1/d`: an eye at z = +d.
  public static func perspective(eyeDistance d: Double) -> Transform3D {
    var t = Transform3D.identity
    t.m34 = -1 / d
    return t
  }

  /// `Concat(self, other)`: apply `self`, then `other` (the product `self * other`).
  public func concatenating(_ b: Transform3D) -> Transform3D {
    let a = self
    return Transform3D(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
      m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
      m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
      m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
      m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
      m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
      m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
      m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
  }

  /// A row vector times this matrix.
  public func apply(_ v: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
    (
      v.0 * m11 + v.1 * m21 + v.2 * m31 + v.3 * m41,
      v.0 * m12 + v.1 * m22 + v.2 * m32 + v.3 * m42,
      v.0 * m13 + v.1 * m23 + v.2 * m33 + v.3 * m43,
      v.0 * m14 + v.1 * m24 + v.2 * m34 + v.3 * m44
    )
  }

  /// The CSS `transform` value that renders the same: the 16 fields in memory order.
  public var cssMatrix3d: String {
    "matrix3d(" + values.map { formatCSSNumber($0) }.joined(separator: ", ") + ")"
  }
}

/// Shortest round-trip text, integral values without a fraction, `-0` as `0`.
func formatCSSNumber(_ value: Double) -> String {
  if value == 0 { return "0" }
  if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
  return "\(value)"
}
