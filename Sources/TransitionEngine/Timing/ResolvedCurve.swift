/// A curve with every parameter fixed, as plans echo it.
public enum ResolvedCurve: Sendable, Hashable {
  /// Named curves carry their control points so clients need no table of their own.
  case bezier(name: String, UnitBezier)
  case spring(dampingRatio: Double, initialVelocity: Double, DampedSpring)
  case springPhysics(allowOverdamping: Bool, DampedSpring)
  case springResponse(response: Double, dampingRatio: Double, DampedSpring)
  case springBounce(duration: Double, bounce: Double, DampedSpring)

  public var typeName: String {
    switch self {
    case .bezier(let name, _): name
    case .spring: "spring"
    case .springPhysics: "springPhysics"
    case .springResponse: "springResponse"
    case .springBounce: "springBounce"
    }
  }

  public var dampedSpring: DampedSpring? {
    switch self {
    case .bezier: nil
    case .spring(_, _, let s), .springPhysics(_, let s), .springResponse(_, _, let s),
      .springBounce(_, _, let s):
      s
    }
  }
}
