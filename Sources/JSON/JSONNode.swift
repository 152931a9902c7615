/// What a request decoder asks of a JSON value: its type, an object's members by name, an
/// array's elements, a scalar's value. ``JSONValue`` (a parsed tree) and ``JSONTapeValue`` (a
/// node of a flat tape over the request's bytes) answer alike, so the field readers and the
/// declarations' walk are written once.
public protocol JSONNode {
  associatedtype Elements: JSONElements where Elements.Element == Self
  var isNull: Bool { get }
  var isObject: Bool { get }
  /// The JSON type name used in error messages ("an object", "null").
  var typeName: String { get }
  /// The first member named `key` of an object (by `String ==`), nil for anything else.
  subscript(key: String) -> Self? { get }
  var numberValue: Double? { get }
  var stringValue: String? { get }
  var boolValue: Bool? { get }
  /// An array's elements, nil for anything else.
  var elements: Elements? { get }
}

/// An array's elements, and how many there are before they are stepped through.
public protocol JSONElements: Sequence {
  var count: Int { get }
}

extension Array: JSONElements {}

extension JSONValue: JSONNode {
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  public var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  public var numberValue: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  public var elements: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }
}
