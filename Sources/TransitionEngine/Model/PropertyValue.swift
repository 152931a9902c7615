/// One layer property's value, whatever its kind.
public enum PropertyValue: Sendable, Hashable {
  /// alpha, cornerRadius, shadowOpacity.
  case number(Double)
  /// frame, contentFrame.
  case rect(Rect)
  case transform(Transform3D)

  /// The value in vector form (docs/TIMING.md 14): 1 number, 4 for a rect (x, y, width,
  /// height), a transform's 17 parts (nil for a singular matrix).
  public var vector: [Double]? {
    switch self {
    case .number(let v): [v]
    case .rect(let r): [r.x, r.y, r.width, r.height]
    case .transform(let m): TransformParts(m)?.values
    }
  }

  /// The value of the same kind as `self` whose vector form is `v` (parts recomposed).
  func with(vector v: [Double]) -> PropertyValue {
    switch self {
    case .number: .number(v[0])
    case .rect: .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
    case .transform: .transform(TransformParts(values: v).recomposed)
    }
  }
}

extension TrackChange {
  /// The change's two ends as property values.
  public var ends: (from: PropertyValue, to: PropertyValue) {
    switch self {
    case .frame(let a, let b), .contentFrame(let a, let b): (.rect(a), .rect(b))
    case .alpha(let a, let b), .cornerRadius(let a, let b), .shadowOpacity(let a, let b):
      (.number(a), .number(b))
    case .transform(let a, let b): (.transform(a), .transform(b))
    }
  }
}
