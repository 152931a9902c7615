/// The values a gesture parameter allows: an interval whose ends may be open (docs/GESTURES.md
/// 4.6, 5.7). The wire words it into its messages.
public struct ParameterRange: Sendable, Hashable {
  public var lower: Double
  public var lowerOpen: Bool
  public var upper: Double
  public var upperOpen: Bool

  /// [lower, upper]
  public static func closed(_ lower: Double, _ upper: Double) -> ParameterRange {
    ParameterRange(lower: lower, lowerOpen: false, upper: upper, upperOpen: false)
  }
  /// (lower, upper]
  public static func leftOpen(_ lower: Double, _ upper: Double) -> ParameterRange {
    ParameterRange(lower: lower, lowerOpen: true, upper: upper, upperOpen: false)
  }
  /// [lower, upper)
  public static func rightOpen(_ lower: Double, _ upper: Double) -> ParameterRange {
    ParameterRange(lower: lower, lowerOpen: false, upper: upper, upperOpen: true)
  }

  public func contains(_ v: Double) -> Bool {
    guard v.isFinite else { return false }
    if lowerOpen ? v <= lower : v < lower { return false }
    if upperOpen ? v >= upper : v > upper { return false }
    return true
  }
}

/// A parameter's value, whatever its kind.
public enum ParameterValue: Sendable, Hashable {
  case number(Double)
  case curve(GestureCurve)
  case boolean(Bool)
  case fraction(CommitFraction)
}

/// What a gesture parameter holds, and what it allows.
public enum ParameterKind: Sendable, Hashable {
  case number(ParameterRange)
  /// A name or a cubic-bezier object (docs/GESTURES.md 3.1).
  case curve
  case boolean
  /// One of ``CommitFraction``'s names.
  case fraction
}

/// How the crossActivity commit's time fraction is shaped before its curve (docs/GESTURES.md
/// 4.5): AOSP reads `getAnimatedFraction()` of an animator that sets no interpolator, which
/// has gone through Android's default AccelerateDecelerate already.
public enum CommitFraction: String, Sendable, Hashable, CaseIterable {
  case accelerateDecelerate, linear
}
