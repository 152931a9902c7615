/// Ordered header fields with case-insensitive name lookup (RFC 9110 section 5.1).
///
/// Order and duplicates are kept as received: list-valued fields may be split over several
/// lines, and some checks (`Host` exactly once, repeated `Content-Length`) depend on counting them.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  public typealias Element = (name: String, value: String)

  @usableFromInline var fields: [Element]

  public init() { fields = [] }

  public init(_ pairs: [(String, String)]) {
    fields = pairs.map { (name: $0.0, value: $0.1) }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// Reserves room for `count` fields (the parser knows it after scanning the head).
  public mutating func reserveCapacity(_ count: Int) { fields.reserveCapacity(count) }

  public var count: Int { fields.count }
  public var isEmpty: Bool { fields.isEmpty }

  /// Appends a field line, keeping any existing one with the same name.
  public mutating func add(name: String, value: String) {
    fields.append((name: name, value: value))
  }

  /// Removes every field named `name`, then appends one.
  public mutating func replaceOrAdd(name: String, value: String) {
    remove(name: name)
    fields.append((name: name, value: value))
  }

  /// Removes every field named `name` (case-insensitively).
  public mutating func remove(name: String) {
    fields.removeAll { HTTPHeaders.namesEqual($0.name, name) }
  }

  /// All values of the fields named `name`, in order.
  public subscript(name: String) -> [String] {
    var result: [String] = []
    for field in fields where HTTPHeaders.namesEqual(field.name, name) {
      result.append(field.value)
    }
    return result
  }

  /// The value of the first field named `name`.
  public func first(name: String) -> String? {
    for field in fields where HTTPHeaders.namesEqual(field.name, name) {
      return field.value
    }
    return nil
  }

  public func contains(_ name: String) -> Bool {
    first(name: name) != nil
  }

  public func makeIterator() -> IndexingIterator<[Element]> {
    fields.makeIterator()
  }

  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    guard lhs.fields.count == rhs.fields.count else { return false }
    for (l, r) in zip(lhs.fields, rhs.fields) where l.name != r.name || l.value != r.value {
      return false
    }
    return true
  }

  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }

  /// ASCII case-insensitive comparison without allocating lowercased copies: field names are
  /// tokens (ASCII), and this runs for every lookup on the hot path.
  @inlinable
  public static func namesEqual(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { ab in
      b.withUTF8 { bb in
        guard ab.count == bb.count else { return false }
        for i in 0..<ab.count where ASCII.lower(ab[i]) != ASCII.lower(bb[i]) {
          return false
        }
        return true
      }
    }
  }
}
