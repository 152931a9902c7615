/// One input a style reads from a plan request besides the container: its JSON name, what it
/// is, whether it is required and its default. A style declares its inputs; the wire layer
/// decodes, validates, canonicalises and documents every style's from the declaration alone
/// (docs/ARCHITECTURE.md "Styles declare their inputs"), so a new style is a new file and a
/// registry line.
public struct StyleInput: Sendable {
  public enum Kind: Sendable {
    /// A frame in container coordinates, `{x, y, width, height}`.
    case rect
    /// A number in `range`; when absent, `defaultValue` (nil: it stays absent).
    case number(InputRange, defaultValue: Double?)
    /// An object of named members, each with its own declaration.
    case object([StyleInput])
  }

  public var name: String
  public var kind: Kind
  public var required: Bool
  /// One line for `GET /v1/styles`.
  public var summary: String

  public init(_ name: String, _ kind: Kind, required: Bool = false, summary: String) {
    self.name = name
    self.kind = kind
    self.required = required
    self.summary = summary
  }
}

/// The numbers an input allows.
public struct InputRange: Sendable, Hashable {
  public var lower: Double
  public var lowerInclusive: Bool
  public var upper: Double
  public var upperInclusive: Bool

  public init(lower: Double, lowerInclusive: Bool, upper: Double, upperInclusive: Bool) {
    self.lower = lower
    self.lowerInclusive = lowerInclusive
    self.upper = upper
    self.upperInclusive = upperInclusive
  }

  /// [a, b]
  public static func closed(_ a: Double, _ b: Double) -> InputRange {
    InputRange(lower: a, lowerInclusive: true, upper: b, upperInclusive: true)
  }

  /// (a, b]
  public static func leftOpen(_ a: Double, _ b: Double) -> InputRange {
    InputRange(lower: a, lowerInclusive: false, upper: b, upperInclusive: true)
  }
}

/// A decoded input value.
public enum StyleValue: Sendable, Hashable {
  case rect(Rect)
  case number(Double)
  case object(StyleValues)
}

/// The inputs of one request (or the members of an object input), by name.
public struct StyleValues: Sendable, Hashable {
  public var values: [String: StyleValue]

  public init(_ values: [String: StyleValue] = [:]) {
    self.values = values
  }

  public subscript(name: String) -> StyleValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  public func rect(_ name: String) -> Rect? {
    if case .rect(let r) = values[name] { return r }
    return nil
  }

  public func number(_ name: String) -> Double? {
    if case .number(let n) = values[name] { return n }
    return nil
  }

  public func object(_ name: String) -> StyleValues {
    if case .object(let o) = values[name] { return o }
    return StyleValues()
  }
}
