import TransitionEngine

/// How Android carries a layer's frame and transform (docs/NATIVE.md 4.2, 4.3): a View laid
/// out once at a base frame and moved by translation and scale, or by a matrix.
extension AndroidPlatform {
  /// How a layer's geometry is carried (docs/NATIVE.md 4.3).
  enum Geometry: Hashable {
    case translation, scale
    /// An `android.graphics.Matrix` carries the frame and the transform.
    case matrix
  }

  /// A View's base frame: its origin at the start, its larger size (a size of 0 is 1).
  struct Base: Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  /// A plan layer's class, from its transform track's ends or its held transform.
  static func geometry(_ layer: Layer) -> Geometry {
    if let track = layer.track(for: .transform) {
      let (a, b) = track.change.ends
      return Geometry([a.transformValue, b.transformValue])
    }
    return Geometry([layer.transform])
  }

  /// A plan layer's base: its start's origin, its frame track's larger size.
  static func base(_ layer: Layer) -> Base {
    if let track = layer.track(for: .frame) {
      let (a, b) = track.change.ends
      return Base(origin: layer.frame, frames: [a.rectValue, b.rectValue])
    }
    return Base(origin: layer.frame, frames: [layer.frame])
  }

  /// `translationX`, `translationY`, `scaleX`, `scaleY` of a frame and a transform of the
  /// layer's class.
  static func properties(_ r: Rect, _ m: Transform3D, _ g: Geometry, _ base: Base, anchor: Point)
    -> [Double]
  {
    switch g {
    case .translation:
      return [
        r.x - base.x + m.m41, r.y - base.y + m.m42, r.width / base.width, r.height / base.height,
      ]
    case .scale:
      return [
        r.x + anchor.x * r.width * (1 - m.m11) - base.x,
        r.y + anchor.y * r.height * (1 - m.m22) - base.y,
        r.width * m.m11 / base.width, r.height * m.m22 / base.height,
      ]
    case .matrix:
      return matrix(r, m, base, anchor: anchor)
    }
  }

  /// The 9 numbers of `((S(w/W0, h/H0) . T(-ax w, -ay h)) . M2) . T(x + ax w - X0, y + ay h - Y0)`
  /// transposed, divided by their last (docs/NATIVE.md 4.3).
  static func matrix(_ r: Rect, _ m: Transform3D, _ base: Base, anchor: Point) -> [Double] {
    typealias M3 = [[Double]]
    func product(_ a: M3, _ b: M3) -> M3 {
      var p: M3 = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
      for i in 0..<3 {
        for j in 0..<3 {
          var sum: Double = a[i][0] * b[0][j]
          sum += a[i][1] * b[1][j]
          sum += a[i][2] * b[2][j]
          p[i][j] = sum
        }
      }
      return p
    }
    let s: M3 = [[r.width / base.width, 0, 0], [0, r.height / base.height, 0], [0, 0, 1]]
    let ta: M3 = [[1, 0, 0], [0, 1, 0], [-(anchor.x * r.width), -(anchor.y * r.height), 1]]
    let m2: M3 = [[m.m11, m.m12, m.m14], [m.m21, m.m22, m.m24], [m.m41, m.m42, m.m44]]
    let tb: M3 = [
      [1, 0, 0], [0, 1, 0],
      [r.x + anchor.x * r.width - base.x, r.y + anchor.y * r.height - base.y, 1],
    ]
    let p = product(product(product(s, ta), m2), tb)
    let last = p[2][2]
    return [p[0][0], p[1][0], p[2][0], p[0][1], p[1][1], p[2][1], p[0][2], p[1][2], p[2][2]].map {
      $0 / last
    }
  }

  /// The corners of a View (base frame, render properties or matrix), in points.
  static func corners(_ values: [Double], _ g: Geometry, _ base: Base) -> [(Double, Double)] {
    let corners = [(0.0, 0.0), (base.width, 0), (base.width, base.height), (0, base.height)]
    if g == .matrix {
      return corners.map { u, v in
        let w = values[6] * u + values[7] * v + values[8]
        return (
          base.x + (values[0] * u + values[1] * v + values[2]) / w,
          base.y + (values[3] * u + values[4] * v + values[5]) / w
        )
      }
    }
    return corners.map { u, v in
      (base.x + values[0] + u * values[2], base.y + values[1] + v * values[3])
    }
  }

  static func cornerDeviation(_ a: [Double], _ b: [Double], _ g: Geometry, _ base: Base) -> Double {
    var worst = 0.0
    for (p, q) in zip(corners(a, g, base), corners(b, g, base)) {
      worst = max(worst, abs(p.0 - q.0), abs(p.1 - q.1))
    }
    return worst
  }

  static let geometryNames = ["translationX", "translationY", "scaleX", "scaleY"]
}

extension AndroidPlatform.Geometry {
  /// The class of a layer whose transform takes each of `transforms` (its track's ends, or a
  /// timeline's samples): translation when every one is a translation, else scale when every
  /// one is a positive scale, else a matrix (docs/NATIVE.md 4.3).
  init(_ transforms: some Collection<Transform3D>) {
    if transforms.allSatisfy({ TransformClass.isTranslation($0) }) {
      self = .translation
    } else if transforms.allSatisfy({ TransformClass.isPositiveScale($0) }) {
      self = .scale
    } else {
      self = .matrix
    }
  }
}

extension AndroidPlatform.Base {
  /// Laid out once from `origin`'s origin at the largest size of `frames` (docs/NATIVE.md 4.2);
  /// a size of 0 is 1.
  init(origin: Rect, frames: some Collection<Rect>) {
    var (w, h) = (frames.first?.width ?? 0, frames.first?.height ?? 0)
    for frame in frames.dropFirst() {
      if frame.width > w { w = frame.width }
      if frame.height > h { h = frame.height }
    }
    self.init(x: origin.x, y: origin.y, width: w == 0 ? 1 : w, height: h == 0 ? 1 : h)
  }
}
