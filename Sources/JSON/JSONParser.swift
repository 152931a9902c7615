/// A strict RFC 8259 parser over UTF-8 bytes that reports the byte offset of the first error,
/// rejects nesting deeper than `maximumDepth` and duplicate keys in an object (both are attack
/// surfaces or ambiguities that Foundation's decoder does not report precisely).
///
/// The grammar is ``JSONTape``'s, the one the request decoders read: this builds a
/// ``JSONValue`` tree from a tape for the callers that want a tree (the client, the command
/// line's pretty printer, tests), so JSON is read by one implementation.
public enum JSONParser {
  public static let defaultMaximumDepth = 32

  /// The number of keys compared one by one for a duplicate before a set of them is kept.
  static let scannedMembers = 8

  /// 10^0 ... 10^22: every one an exact double.
  static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth)
    throws(JSONSyntaxError) -> JSONValue
  {
    try JSONTape.parse(bytes, maximumDepth: maximumDepth).root.tree
  }

  public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth)
    throws(JSONSyntaxError) -> JSONValue
  {
    try parse(Array(text.utf8), maximumDepth: maximumDepth)
  }
}

extension JSONTapeValue {
  /// The value and everything inside it as a tree, members in document order.
  public var tree: JSONValue {
    let n = node
    switch n.kind {
    case .null: return .null
    case .falseValue: return .bool(false)
    case .trueValue: return .bool(true)
    case .number: return .number(n.number)
    case .string: return .string(tape.string(n))
    case .array:
      var items: [JSONValue] = []
      items.reserveCapacity(n.start)
      var i = index + 1
      while i < n.end {
        items.append(JSONTapeValue(tape: tape, index: i).tree)
        i = tape.next(i)
      }
      return .array(items)
    case .object:
      var members: [JSONMember] = []
      var i = index + 1
      while i < n.end {
        let key = tape.string(tape.nodes[i])
        members.append(JSONMember(key, JSONTapeValue(tape: tape, index: i + 1).tree))
        i = tape.next(i + 1)
      }
      return .object(members)
    }
  }
}
