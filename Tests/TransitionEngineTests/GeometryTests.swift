import Testing

@testable import TransitionEngine

func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
  zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("3D transforms and layer geometry (docs/TIMING.md sections 7-8)")
struct GeometryTests {
  @Test("the corner example of docs/TIMING.md section 7")
  func cornerExample() {
    let m = Transform3D.scale(x: 0.9, y: 0.9, z: 0.9)
      .concatenating(.rotation(angle: Double.pi / 6, x: 0, y: 1, z: 0))
      .concatenating(.perspective(eyeDistance: 500))
    let layer = LayerGeometry(frame: Rect(x: 60, y: 190, width: 200, height: 100), transform: m)
    #expect(layer.position == Point(x: 160, y: 240))
    let expected = [
      (74.3491, 190.5495), (231.5067, 198.7156), (231.5067, 281.2844), (74.3491, 289.4505),
    ]
    for (corner, (x, y)) in zip(layer.projectedCorners, expected) {
      #expect(abs(corner.x - x) < 5e-5 && abs(corner.y - y) < 5e-5, "\(corner) vs (\(x), \(y))")
    }
  }

  @Test("isIdentity agrees with comparing every field to the identity's, whatever one field holds")
  func identityFieldByField() {
    let identity = Transform3D.identity.values
    let probes: [Double] = [
      0, -0.0, 1, -1, 2, 0.5, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1.nextUp,
      1.nextDown, .infinity, -.infinity, .nan, -Double.nan, .greatestFiniteMagnitude,
    ]
    for field in 0..<16 {
      for probe in probes {
        var values = identity
        values[field] = probe
        let t = Transform3D(values)
        let expected = zip(values, identity).allSatisfy { $0 == $1 }
        #expect(t.isIdentity == expected, "field \(field) = \(probe)")
      }
    }
  }

  @Test("MakeRotation follows CATransform3D's fields; Concat(a, b) applies a then b")
  func rotationAndConcat() {
    let r = Transform3D.rotation(angle: Double.pi / 2, x: 0, y: 0, z: 2)  // axis is normalised
    #expect(abs(r.m11) < 1e-15 && abs(r.m12 - 1) < 1e-15 && abs(r.m21 + 1) < 1e-15)
    let t = Transform3D.translation(x: 10, y: 0, z: 0)
    // Rotate (1, 0) to (0, 1), then translate: (10, 1).
    let p = r.concatenating(t).apply((1, 0, 0, 1))
    #expect(abs(p.0 - 10) < 1e-12 && abs(p.1 - 1) < 1e-12)
    // Translate first, then rotate: (11, 0) -> (0, 11).
    let q = t.concatenating(r).apply((1, 0, 0, 1))
    #expect(abs(q.0) < 1e-12 && abs(q.1 - 11) < 1e-12)
    #expect(Transform3D.identity.isIdentity)
    #expect(!Transform3D.perspective(eyeDistance: 100).isIdentity)
    #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0).isIdentity)
  }

  @Test("CSS matrix3d() lists the 16 fields in memory order")
  func cssForm() {
    let m = Transform3D.translation(x: 5, y: -2.5, z: 0).concatenating(
      .perspective(eyeDistance: 100))
    #expect(m.cssMatrix3d == "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.01, 5, -2.5, 0, 1)")
    let layer = LayerGeometry(
      frame: Rect(x: 0, y: 0, width: 390, height: 844), anchor: Point(x: 0.5, y: 1))
    #expect(layer.cssTransformOrigin == "195px 844px")
  }

  static let matrices: [Transform3D] = [
    .identity,
    .translation(x: 10, y: -20, z: 5),
    .scale(x: 2, y: 0.5, z: 3),
    .rotation(angle: 0.7, x: 1, y: 2, z: 3),
    .rotation(angle: Double.pi, x: 1, y: 0, z: 0),  // trace -1: the branches of the extraction
    .rotation(angle: Double.pi * 0.999, x: 0, y: 1, z: 0),
    .rotation(angle: 3, x: 0, y: 0, z: 1),
    CartSheetStyle.tilt(CartSheetOptions()),
    CartSheetStyle.tilt(CartSheetOptions(tilt: 0.3, scaleX: 0.8, scaleY: 0.9, perspective: 100)),
    .scale(x: -1, y: 1, z: 1),  // a reflection
    Transform3D(rows: [[1, 0.5, 0, 0], [0.2, 1, 0.1, 0], [0.3, 0, 1, 0], [7, 8, 9, 1]]),  // skew
    // perspective
    Transform3D(rows: [[1, 0, 0, 0.001], [0, 1, 0, -0.002], [0, 0, 1, -0.004], [3, 4, 5, 1]]),
  ]

  @Test("decompose then recompose gives the matrix back", arguments: matrices)
  func roundTrip(m: Transform3D) throws {
    let d = try #require(DecomposedTransform(m))
    #expect(close(d.recomposed, m, 1e-12), "\(d.recomposed.values) vs \(m.values)")
  }

  @Test(
    "the identity decomposes to zero translation, unit scale, no skew and the identity quaternion")
  func identityDecomposition() throws {
    let d = try #require(DecomposedTransform(.identity))
    #expect(d == .identity)
    #expect(d.recomposed == .identity)
  }

  @Test("a singular matrix does not decompose")
  func singular() {
    #expect(DecomposedTransform(.scale(x: 0, y: 1, z: 1)) == nil)
    var m = Transform3D.identity
    m.m44 = 0
    #expect(DecomposedTransform(m) == nil)
  }

  @Test("interpolation: rotation halves its angle, translation and scale are linear")
  func knownInBetweens() throws {
    let a = try #require(DecomposedTransform(.identity))
    let b = try #require(DecomposedTransform(.rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1)))
    let half = DecomposedTransform.interpolate(a, b, 0.5).recomposed
    #expect(close(half, .rotation(angle: Double.pi / 4, x: 0, y: 0, z: 1), 1e-12))
    let third = DecomposedTransform.interpolate(a, b, 1.0 / 3).recomposed
    #expect(close(third, .rotation(angle: Double.pi / 6, x: 0, y: 0, z: 1), 1e-12))

    let t1 = try #require(DecomposedTransform(.translation(x: 0, y: 0, z: 0)))
    let t2 = try #require(DecomposedTransform(.translation(x: 0, y: -844, z: 0)))
    #expect(
      close(
        DecomposedTransform.interpolate(t1, t2, 0.25).recomposed, .translation(x: 0, y: -211, z: 0))
    )

    let s1 = try #require(DecomposedTransform(.scale(x: 1, y: 1, z: 1)))
    let s2 = try #require(DecomposedTransform(.scale(x: 0.85, y: 0.95, z: 1)))
    #expect(
      close(
        DecomposedTransform.interpolate(s1, s2, 0.5).recomposed, .scale(x: 0.925, y: 0.975, z: 1)))

    // The cartSheet tilt without scale is a pure rotation about x: half way is half the angle.
    let tilt = try #require(
      DecomposedTransform(CartSheetStyle.tilt(CartSheetOptions(tilt: 0.1, scaleX: 1, scaleY: 1))))
    let mid = DecomposedTransform.interpolate(.identity, tilt, 0.5).recomposed
    #expect(close(mid, .rotation(angle: 0.05, x: 1, y: 0, z: 0), 1e-12))
  }

  @Test("slerp takes the shorter arc")
  func shorterArc() throws {
    let a = try #require(DecomposedTransform(.rotation(angle: 0.1, x: 0, y: 0, z: 1)))
    let b = try #require(
      DecomposedTransform(.rotation(angle: 2 * Double.pi - 0.1, x: 0, y: 0, z: 1)))
    let mid = DecomposedTransform.interpolate(a, b, 0.5).recomposed
    #expect(close(mid, .identity, 1e-12))
  }

  @Test("perspective interpolates linearly in the perspective vector")
  func perspectiveInterpolation() throws {
    let a = try #require(DecomposedTransform(.identity))
    let b = try #require(DecomposedTransform(.perspective(eyeDistance: 100)))
    let mid = DecomposedTransform.interpolate(a, b, 0.5).recomposed
    #expect(close(mid, .perspective(eyeDistance: 200), 1e-15))
  }
}
