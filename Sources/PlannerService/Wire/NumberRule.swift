import JSON

/// The range a number field allows, with the message that states it.
public struct NumberRule: Sendable {
  public var lower: Double?
  public var lowerInclusive: Bool
  public var upper: Double?
  public var upperInclusive: Bool
  public var integer: Bool

  public init(
    lower: Double? = nil, lowerInclusive: Bool = true, upper: Double? = nil,
    upperInclusive: Bool = true,
    integer: Bool = false
  ) {
    self.lower = lower
    self.lowerInclusive = lowerInclusive
    self.upper = upper
    self.upperInclusive = upperInclusive
    self.integer = integer
  }

  public static let finite = NumberRule()

  public static func closed(_ a: Double, _ b: Double) -> NumberRule {
    NumberRule(lower: a, upper: b)
  }
  /// (a, b]
  public static func leftOpen(_ a: Double, _ b: Double) -> NumberRule {
    NumberRule(lower: a, lowerInclusive: false, upper: b)
  }
  /// (a, b)
  public static func open(_ a: Double, _ b: Double) -> NumberRule {
    NumberRule(lower: a, lowerInclusive: false, upper: b, upperInclusive: false)
  }

  public func allows(_ v: Double) -> Bool {
    guard v.isFinite else { return false }
    if integer && v != v.rounded() { return false }
    if let lower { if lowerInclusive ? v < lower : v <= lower { return false } }
    if let upper { if upperInclusive ? v > upper : v >= upper { return false } }
    return true
  }

  /// "must be > 0 and <= 60", "must be an integer from 1 to 240", "must be a finite number".
  public var message: String {
    if integer, let lower, let upper, lowerInclusive, upperInclusive {
      return "must be an integer from \(Self.format(lower)) to \(Self.format(upper))"
    }
    var parts: [String] = []
    if let lower { parts.append((lowerInclusive ? ">= " : "> ") + Self.format(lower)) }
    if let upper { parts.append((upperInclusive ? "<= " : "< ") + Self.format(upper)) }
    if parts.isEmpty { return integer ? "must be an integer" : "must be a finite number" }
    return "must be " + (integer ? "an integer " : "") + parts.joined(separator: " and ")
  }

  static func format(_ v: Double) -> String {
    var w = JSONWriter(capacity: 24)
    w.number(v)
    return String(decoding: w.bytes, as: UTF8.self)
  }
}
