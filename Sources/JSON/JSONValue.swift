/// A parsed JSON document. Objects keep their members in document order; keys are unique
/// (the parser rejects duplicates).
public indirect enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// May be infinite when the literal overflowed (`1e999`): validation reports it by pointer.
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }

  /// The element at `index` of an array, or nil.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  /// The JSON type name used in error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
