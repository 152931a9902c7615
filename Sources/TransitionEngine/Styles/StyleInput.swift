/// One input a style reads from a plan request besides the container: its JSON name, what it
/// is, whether it is required and its default. A style declares its inputs; the wire layer
/// decodes, validates, canonicalises and documents every style's from the declaration alone
/// (docs/ARCHITECTURE.md "Styles declare their inputs"), so a new style is a new file and a
/// registry line.
///
/// A class: the decoder walks a style's declarations for every request and every element of
/// a list, and copying a struct of strings and arrays of nested declarations per field was
/// 11 % of decoding a hero request (callgrind, planner-bench --hero-decode).
public final class StyleInput: Sendable {
  public enum Kind: Sendable {
    /// A frame in container coordinates, `{x, y, width, height}`.
    case rect
    /// A number in `range`; when absent, `defaultValue` (nil: it stays absent).
    case number(InputRange, defaultValue: Double?)
    /// An object of named members, each with its own declaration.
    case object([StyleInput])
    /// An object whose presence turns a behaviour on (hero's cascade): present, even empty,
    /// it is kept; absent, it stays absent.
    case option([StyleInput])
    /// One of a fixed set of names.
    case choice([String], defaultValue: String?)
    case boolean(defaultValue: Bool?)
    /// A string of 1 to `maximumBytes` UTF-8 bytes (an element id).
    case identifier(maximumBytes: Int)
    /// An array of at most `maximumCount` objects of `members`; with `uniqueKey`, no two
    /// items have the same UTF-8 bytes in that identifier member.
    case list([StyleInput], maximumCount: Int, uniqueKey: String?)
  }

  /// What the decoder stores for a value that is absent or equal to its default.
  public enum Defaults: Sendable {
    /// The default is stored, so the canonical request spells it out (the seeds' styles:
    /// their URLs and ETags depend on it).
    case filled
    /// Nothing is stored: the canonical request leaves defaults out (hero, whose elements
    /// would otherwise repeat eight defaults each), and the style applies them.
    case omitted
  }

  public let name: String
  public let kind: Kind
  public let required: Bool
  public let defaults: Defaults
  /// One line for `GET /v1/styles`.
  public let summary: String

  public init(
    _ name: String, _ kind: Kind, required: Bool = false, defaults: Defaults = .filled,
    summary: String
  ) {
    self.name = name
    self.kind = kind
    self.required = required
    self.defaults = defaults
    self.summary = summary
  }
}

/// A declaration's defaults, for the engine to read: each default is written once, in the
/// declaration, and the wire layer and the style's typed options both take it from there.
extension StyleInput {
  /// The declaration of member `name` of an object or option input (a programming error when
  /// it has none: the names are the style's own).
  public func member(_ name: String) -> StyleInput {
    switch kind {
    case .object(let members), .option(let members), .list(let members, _, _):
      guard let member = members.first(where: { $0.name == name }) else {
        preconditionFailure("\(self.name) declares no member \(name)")
      }
      return member
    case .rect, .number, .choice, .boolean, .identifier:
      preconditionFailure("\(self.name) has no members")
    }
  }

  /// The default of a number input.
  public var declaredNumber: Double {
    guard case .number(_, let value?) = kind else {
      preconditionFailure("\(name) declares no default number")
    }
    return value
  }

  /// The default of a boolean input.
  public var declaredBool: Bool {
    guard case .boolean(let value?) = kind else {
      preconditionFailure("\(name) declares no default boolean")
    }
    return value
  }

  /// The default of a choice, as the type it names.
  public func declaredChoice<T: RawRepresentable>(_ type: T.Type) -> T where T.RawValue == String {
    guard case .choice(_, let value?) = kind, let choice = T(rawValue: value) else {
      preconditionFailure("\(name) declares no default \(T.self)")
    }
    return choice
  }
}

extension Array where Element == StyleInput {
  /// The declaration named `name` among a style's inputs.
  public func named(_ name: String) -> StyleInput {
    guard let input = first(where: { $0.name == name }) else {
      preconditionFailure("no input \(name)")
    }
    return input
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
  case text(String)
  case bool(Bool)
  case list([StyleValues])
}

/// The inputs of one request (or the members of an object input), by name.
///
/// Kept as a short list in the order the values were set, not a dictionary: an object holds a
/// handful of names, a hero request decodes one per element, and hashing names, allocating
/// and freeing a table per element was most of decoding once the JSON tree was gone
/// (docs/PERFORMANCE.md, issue 36). Equality and hashing ignore the order, as a dictionary's.
public struct StyleValues: Sendable, Hashable {
  public struct Entry: Sendable, Hashable {
    public var name: String
    public var value: StyleValue
  }

  public private(set) var entries: [Entry] = []

  public init(_ values: [String: StyleValue] = [:]) {
    entries = values.map { Entry(name: $0.key, value: $0.value) }
  }

  public var isEmpty: Bool { entries.isEmpty }

  public mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

  public subscript(name: String) -> StyleValue? {
    get {
      for entry in entries where entry.name == name { return entry.value }
      return nil
    }
    set {
      if let i = entries.firstIndex(where: { $0.name == name }) {
        if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
      } else if let newValue {
        entries.append(Entry(name: name, value: newValue))
      }
    }
  }

  public static func == (a: StyleValues, b: StyleValues) -> Bool {
    a.entries.count == b.entries.count && a.entries.allSatisfy { b[$0.name] == $0.value }
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent, as a dictionary hashes: the entries' own hashes combined by xor.
    var combined = 0
    for entry in entries {
      var h = Hasher()
      h.combine(entry)
      combined ^= h.finalize()
    }
    hasher.combine(entries.count)
    hasher.combine(combined)
  }

  public func rect(_ name: String) -> Rect? {
    if case .rect(let r) = self[name] { return r }
    return nil
  }

  public func number(_ name: String) -> Double? {
    if case .number(let n) = self[name] { return n }
    return nil
  }

  public func object(_ name: String) -> StyleValues {
    if case .object(let o) = self[name] { return o }
    return StyleValues()
  }

  /// Whether an object (or option) is present.
  public func has(_ name: String) -> Bool { self[name] != nil }

  public func text(_ name: String) -> String? {
    if case .text(let t) = self[name] { return t }
    return nil
  }

  public func bool(_ name: String) -> Bool? {
    if case .bool(let b) = self[name] { return b }
    return nil
  }

  public func list(_ name: String) -> [StyleValues] {
    if case .list(let l) = self[name] { return l }
    return []
  }
}
