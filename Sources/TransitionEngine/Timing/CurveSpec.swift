/// A timing curve as a request states it: parameters left out take defaults when resolved.
public enum CurveSpec: Sendable, Hashable {
  case linear, easeIn, easeOut, easeInOut, `default`
  /// Material's standard, deceleration and acceleration curves (Hero's standard, deceleration,
  /// acceleration): docs/TIMING.md section 1.
  case fastOutSlowIn, linearOutSlowIn, fastOutLinearIn
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// UIKit's duration-based spring.
  case spring(dampingRatio: Double?, initialVelocity: Double?)
  case springPhysics(
    mass: Double?, stiffness: Double?, damping: Double?, initialVelocity: Double?,
    allowOverdamping: Bool?)
  /// `initialVelocity` (relative, default 0) as for the other springs: a reversal starts
  /// every spring with the velocity its tracks had (docs/TIMING.md section 11).
  case springResponse(response: Double?, dampingRatio: Double?, initialVelocity: Double? = nil)
  case springBounce(duration: Double?, bounce: Double?, initialVelocity: Double? = nil)

  public static let typeNames = [
    "linear", "easeIn", "easeOut", "easeInOut", "default", "fastOutSlowIn", "linearOutSlowIn",
    "fastOutLinearIn", "cubicBezier", "spring", "springPhysics", "springResponse", "springBounce",
  ]

  public var typeName: String {
    switch self {
    case .linear: "linear"
    case .easeIn: "easeIn"
    case .easeOut: "easeOut"
    case .easeInOut: "easeInOut"
    case .default: "default"
    case .fastOutSlowIn: "fastOutSlowIn"
    case .linearOutSlowIn: "linearOutSlowIn"
    case .fastOutLinearIn: "fastOutLinearIn"
    case .cubicBezier: "cubicBezier"
    case .spring: "spring"
    case .springPhysics: "springPhysics"
    case .springResponse: "springResponse"
    case .springBounce: "springBounce"
    }
  }

  /// The named curves by their wire name.
  public static func named(_ name: String) -> CurveSpec? {
    switch name {
    case "linear": .linear
    case "easeIn": .easeIn
    case "easeOut": .easeOut
    case "easeInOut": .easeInOut
    case "default": .default
    case "fastOutSlowIn": .fastOutSlowIn
    case "linearOutSlowIn": .linearOutSlowIn
    case "fastOutLinearIn": .fastOutLinearIn
    default: nil
    }
  }

  /// The control points of a named curve; nil for the others.
  public var namedBezier: UnitBezier? {
    switch self {
    case .linear: .linear
    case .easeIn: .easeIn
    case .easeOut: .easeOut
    case .easeInOut: .easeInOut
    case .default: .default
    case .fastOutSlowIn: .fastOutSlowIn
    case .linearOutSlowIn: .linearOutSlowIn
    case .fastOutLinearIn: .fastOutLinearIn
    case .cubicBezier, .spring, .springPhysics, .springResponse, .springBounce: nil
    }
  }
}
