/// A JSON document read in one pass into a flat array of nodes over its bytes: no value per
/// member, no string until one is asked for. Strings stay byte ranges of the request (or of
/// one buffer of unescaped bytes), numbers are converted once, and every container knows where
/// it ends, so a member is found by stepping over its siblings.
///
/// It is the project's one JSON grammar: the request decoders read a tape, and ``JSONParser``
/// builds its trees from one. It accepts exactly what the recursive-descent parser it replaced
/// accepted (kept as `ReferenceJSONParser` in Sources/JSONReference) and refuses everything
/// else with the same ``JSONSyntaxError`` (offset and message, the first one in document
/// order); Tests/PlannerServiceTests/Oracle and the planner fuzz target compare the two.
public final class JSONTape {
  enum Kind: UInt8 {
    case null, falseValue, trueValue, number, string, array, object
  }

  /// A string's bytes are `start..<end` of the request, or of `unescaped` when it had escapes;
  /// a container's `end` is the index of the node after it, an array's `start` its count and an
  /// object's `start` the bits of its keys' ``signature(count:first:)``s (a key whose bit is
  /// not set is not there: most of the names a declaration asks for are absent).
  struct Node {
    var kind: Kind
    var unescaped = false
    var nonASCII = false
    var start = 0
    var end = 0
    var number = 0.0
  }

  let bytes: [UInt8]
  let nodes: [Node]
  let unescaped: [UInt8]

  private init(bytes: [UInt8], nodes: [Node], unescaped: [UInt8]) {
    self.bytes = bytes
    self.nodes = nodes
    self.unescaped = unescaped
  }

  /// The document's top-level value.
  public var root: JSONTapeValue { JSONTapeValue(tape: self, index: 0) }

  public static func parse(_ bytes: [UInt8], maximumDepth: Int = JSONParser.defaultMaximumDepth)
    throws(JSONSyntaxError) -> JSONTape
  {
    var builder = Builder(bytes, maximumDepth: maximumDepth)
    try builder.document()
    return JSONTape(bytes: bytes, nodes: builder.nodes, unescaped: builder.unescaped)
  }

  /// The index of the node after the value at `index` (and after everything inside it).
  @inline(__always) func next(_ index: Int) -> Int {
    let node = nodes[index]
    return node.kind == .array || node.kind == .object ? node.end : index + 1
  }

  /// One bit of 64 for a key of `count` UTF-8 bytes starting with `first`.
  @inline(__always) static func signature(count: Int, first: UInt8) -> Int {
    1 &<< ((Int(first) &+ count &* 11) & 63)
  }

  @inline(__always) func byte(_ node: Node, _ offset: Int) -> UInt8 {
    node.unescaped ? unescaped[offset] : bytes[offset]
  }

  /// Whether the string node `node` holds exactly the text of `key`, whose UTF-8 bytes are
  /// `name` (a span: iterating a `String.UTF8View` cost about 200 instructions a lookup). Keys
  /// are compared as the tree compared them, by `String ==` (canonical equivalence): bytes
  /// decide for ASCII, and a non-ASCII key (whose signature is every bit) is compared as a
  /// string: it may equal an ASCII name of other bytes (U+212A and "K").
  @inline(__always) func keyEquals(_ node: Node, _ key: String, _ name: Span<UInt8>) -> Bool {
    if node.nonASCII { return string(node) == key }
    let count = name.count
    guard node.end - node.start == count else { return false }
    if node.unescaped {
      for k in 0..<count where unescaped[node.start + k] != name[k] { return false }
    } else {
      for k in 0..<count where bytes[node.start + k] != name[k] { return false }
    }
    return true
  }

  func string(_ node: Node) -> String {
    node.unescaped
      ? String(decoding: unescaped[node.start..<node.end], as: UTF8.self)
      : String(decoding: bytes[node.start..<node.end], as: UTF8.self)
  }

  // MARK: - Reading

  /// Builds the nodes. Its checks, their order and their messages are the reference parser's,
  /// step for step.
  struct Builder {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0
    var nodes: [Node] = []
    var unescaped: [UInt8] = []

    init(_ bytes: [UInt8], maximumDepth: Int) {
      self.bytes = bytes
      self.maximumDepth = maximumDepth
      // About one node per 12 bytes of a real request: one allocation for most.
      nodes.reserveCapacity(bytes.count / 12 + 8)
    }

    mutating func document() throws(JSONSyntaxError) {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        throw JSONSyntaxError(offset: 0, message: "a byte order mark is not allowed")
      }
      skipWhitespace()
      try value(depth: 0)
      skipWhitespace()
      if index < bytes.count {
        throw JSONSyntaxError(offset: index, message: "unexpected data after the JSON value")
      }
    }

    @inline(__always) mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
      JSONSyntaxError(offset: offset ?? index, message: message)
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) {
      guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
      switch bytes[index] {
      case UInt8(ascii: "{"): try object(depth: depth + 1)
      case UInt8(ascii: "["): try array(depth: depth + 1)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"):
        try literal("true")
        nodes.append(Node(kind: .trueValue))
      case UInt8(ascii: "f"):
        try literal("false")
        nodes.append(Node(kind: .falseValue))
      case UInt8(ascii: "n"):
        try literal("null")
        nodes.append(Node(kind: .null))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        nodes.append(Node(kind: .number, number: try number()))
      default:
        throw fail("unexpected character, expected a value")
      }
    }

    mutating func literal(_ literal: StaticString) throws(JSONSyntaxError) {
      let start = index
      let count = literal.utf8CodeUnitCount
      let matches = literal.withUTF8Buffer { lit in
        guard start + count <= bytes.count else { return false }
        for i in 0..<count where bytes[start + i] != lit[i] { return false }
        return true
      }
      guard matches else { throw fail("invalid literal, expected \(literal)") }
      index += count
    }

    /// The bytes of a string node (a key's, for duplicate checks).
    func keyBytes(_ node: Node) -> ArraySlice<UInt8> {
      node.unescaped ? unescaped[node.start..<node.end] : bytes[node.start..<node.end]
    }

    /// Whether the key just read at `key` repeats one of the object's earlier keys (nodes
    /// `first..<key`, keys and values alternating), by UTF-8 bytes as ``JSONParser`` compares
    /// them. Small objects are scanned (only when the key's signature bit is among the earlier
    /// keys' `signatures`); from ``JSONParser/scannedMembers`` keys on, `seen` holds them, so a
    /// hostile object of 100,000 keys stays linear.
    mutating func isDuplicate(
      key: Int, first: Int, members: Int, signatures: Int, seen: inout Set<[UInt8]>?
    ) -> Bool {
      let node = nodes[key]
      if members < JSONParser.scannedMembers {
        guard signatures & signature(node) != 0 else { return false }
        let count = node.end - node.start
        var k = first
        while k < key {
          let other = nodes[k]
          if other.end - other.start == count, sameBytes(other, node, count: count) {
            return true
          }
          k = nextIndex(k + 1)
        }
        return false
      }
      let candidate = keyBytes(node)
      if seen == nil {
        var keys = Set<[UInt8]>()
        var k = first
        while k < key {
          keys.insert(Array(keyBytes(nodes[k])))
          k = nextIndex(k + 1)
        }
        seen = keys
      }
      return !seen!.insert(Array(candidate)).inserted
    }

    /// As ``JSONTape/signature(of:)``, over the bytes being read.
    @inline(__always) func signature(_ node: Node) -> Int {
      if node.nonASCII { return ~0 }
      let count = node.end - node.start
      guard count > 0 else { return JSONTape.signature(count: 0, first: 0) }
      return JSONTape.signature(count: count, first: byte(node, node.start))
    }

    @inline(__always) func byte(_ node: Node, _ offset: Int) -> UInt8 {
      node.unescaped ? unescaped[offset] : bytes[offset]
    }

    func sameBytes(_ a: Node, _ b: Node, count: Int) -> Bool {
      for k in 0..<count where byte(a, a.start + k) != byte(b, b.start + k) { return false }
      return true
    }

    @inline(__always) func nextIndex(_ index: Int) -> Int {
      let node = nodes[index]
      return node.kind == .array || node.kind == .object ? node.end : index + 1
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) {
      if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
      index += 1
      let at = nodes.count
      nodes.append(Node(kind: .object))
      var members = 0
      var signatures = 0
      var seen: Set<[UInt8]>? = nil
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        nodes[at].end = nodes.count
        return
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw fail(
            index < bytes.count ? "expected a string key" : "unexpected end of input in an object")
        }
        let keyOffset = index
        let key = nodes.count
        try string()
        if members > 0,
          isDuplicate(
            key: key, first: at + 1, members: members, signatures: signatures, seen: &seen)
        {
          throw fail("duplicate key \"\(JSONTape.text(keyBytes(nodes[key])))\"", at: keyOffset)
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw fail(
            index < bytes.count
              ? "expected ':' after a key" : "unexpected end of input in an object")
        }
        index += 1
        skipWhitespace()
        signatures |= signature(nodes[key])
        try value(depth: depth)
        members += 1
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input in an object") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          nodes[at].start = signatures
          nodes[at].end = nodes.count
          return
        }
        throw fail("expected ',' or '}' in an object")
      }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) {
      if depth > maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
      index += 1
      let at = nodes.count
      nodes.append(Node(kind: .array))
      var count = 0
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        nodes[at].end = nodes.count
        return
      }
      while true {
        skipWhitespace()
        try value(depth: depth)
        count += 1
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input in an array") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          nodes[at].start = count
          nodes[at].end = nodes.count
          return
        }
        throw fail("expected ',' or ']' in an array")
      }
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
      let start = index
      let negative = bytes[index] == UInt8(ascii: "-")
      if negative { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
      // As JSONParser: the digits without the point while they fit, for Clinger's fast path.
      var mantissa: UInt64 = 0
      var digitCount = 0
      var fractionDigits = 0
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
        if index < bytes.count, isDigit(bytes[index]) {
          throw fail("leading zeros are not allowed")
        }
      } else {
        while index < bytes.count, isDigit(bytes[index]) {
          if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
          digitCount += 1
          index += 1
        }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard index < bytes.count, isDigit(bytes[index]) else {
          throw fail("expected a digit after '.'")
        }
        while index < bytes.count, isDigit(bytes[index]) {
          if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
          digitCount += 1
          fractionDigits += 1
          index += 1
        }
      }
      var hasExponent = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        hasExponent = true
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
          throw fail("expected a digit in the exponent")
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if !hasExponent, digitCount <= 19, mantissa <= 1 << 53, fractionDigits <= 22 {
        let magnitude = Double(mantissa) / JSONParser.exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text) else { throw fail("invalid number", at: start) }
      return value
    }

    @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// A string node; escapes are written out into `unescaped`, and the bytes are checked as
    /// UTF-8 (after the escapes and control characters, as JSONParser checks them).
    mutating func string() throws(JSONSyntaxError) {
      index += 1  // opening quote
      let start = index
      var high: UInt8 = 0
      while index < bytes.count {
        let b = bytes[index]
        if b == UInt8(ascii: "\"") {
          index += 1
          var node = Node(kind: .string, start: start, end: index - 1)
          if high >= 0x80 {
            node.nonASCII = true
            try validate(bytes[start..<index - 1], startOffset: start)
          }
          nodes.append(node)
          return
        }
        if b == UInt8(ascii: "\\") { break }
        if b < 0x20 { throw fail("control characters must be escaped in strings") }
        high |= b
        index += 1
      }
      let outStart = unescaped.count
      unescaped.append(contentsOf: bytes[start..<index])
      while index < bytes.count {
        let b = bytes[index]
        switch b {
        case UInt8(ascii: "\""):
          index += 1
          var node = Node(kind: .string, unescaped: true, start: outStart, end: unescaped.count)
          if unescaped[outStart...].contains(where: { $0 >= 0x80 }) {
            node.nonASCII = true
            try validate(unescaped[outStart...], startOffset: start)
          }
          nodes.append(node)
          return
        case UInt8(ascii: "\\"):
          index += 1
          guard index < bytes.count else { throw fail("unexpected end of input in a string") }
          let e = bytes[index]
          index += 1
          switch e {
          case UInt8(ascii: "\""): unescaped.append(0x22)
          case UInt8(ascii: "\\"): unescaped.append(0x5C)
          case UInt8(ascii: "/"): unescaped.append(0x2F)
          case UInt8(ascii: "b"): unescaped.append(0x08)
          case UInt8(ascii: "f"): unescaped.append(0x0C)
          case UInt8(ascii: "n"): unescaped.append(0x0A)
          case UInt8(ascii: "r"): unescaped.append(0x0D)
          case UInt8(ascii: "t"): unescaped.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
              guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else { throw fail("a high surrogate must be followed by a low surrogate") }
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw fail("invalid low surrogate", at: index - 6)
              }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
              throw fail("a lone low surrogate is not a character", at: index - 6)
            }
            unescaped.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
          default:
            throw fail("invalid escape sequence", at: index - 2)
          }
        default:
          if b < 0x20 { throw fail("control characters must be escaped in strings") }
          unescaped.append(b)
          index += 1
        }
      }
      throw fail("unexpected end of input in a string")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
      guard index + 4 <= bytes.count else { throw fail("expected 4 hex digits after \\u") }
      var v: UInt32 = 0
      for _ in 0..<4 {
        let b = bytes[index]
        let d: UInt32
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - 0x41 + 10)
        default: throw fail("expected 4 hex digits after \\u")
        }
        v = v << 4 | d
        index += 1
      }
      return v
    }

    /// Strict UTF-8, as `String(validating:)` judges it (overlong forms, surrogates).
    func validate(_ slice: ArraySlice<UInt8>, startOffset: Int) throws(JSONSyntaxError) {
      guard String(validating: slice, as: UTF8.self) != nil else {
        throw fail("invalid UTF-8 in a string", at: startOffset)
      }
    }
  }

  static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}

/// One value of a ``JSONTape``: what a request decoder reads where it used to read a
/// ``JSONValue``.
public struct JSONTapeValue {
  let tape: JSONTape
  let index: Int

  var node: JSONTape.Node { tape.nodes[index] }
}

extension JSONTapeValue: JSONNode {
  public var isNull: Bool { node.kind == .null }
  public var isObject: Bool { node.kind == .object }

  public var typeName: String {
    switch node.kind {
    case .null: "null"
    case .falseValue, .trueValue: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The first member named `key` (as the tree's subscript finds it), stepping over the others.
  public subscript(key: String) -> JSONTapeValue? {
    let object = node
    guard object.kind == .object else { return nil }
    let name = key.utf8.span
    let count = name.count
    let bit = JSONTape.signature(count: count, first: count == 0 ? 0 : name[0])
    guard object.start & bit != 0 else { return nil }
    var i = index + 1
    while i < object.end {
      if tape.keyEquals(tape.nodes[i], key, name) { return JSONTapeValue(tape: tape, index: i + 1) }
      i = tape.next(i + 1)
    }
    return nil
  }

  public var numberValue: Double? {
    let n = node
    return n.kind == .number ? n.number : nil
  }

  public var stringValue: String? {
    let n = node
    return n.kind == .string ? tape.string(n) : nil
  }

  public var boolValue: Bool? {
    switch node.kind {
    case .trueValue: true
    case .falseValue: false
    default: nil
    }
  }

  public var elements: Elements? {
    let n = node
    guard n.kind == .array else { return nil }
    return Elements(tape: tape, first: index + 1, end: n.end, count: n.start)
  }

  /// An array's elements in order, each found by stepping over the one before.
  public struct Elements: JSONElements, IteratorProtocol {
    let tape: JSONTape
    var first: Int
    let end: Int
    public let count: Int

    public mutating func next() -> JSONTapeValue? {
      guard first < end else { return nil }
      let value = JSONTapeValue(tape: tape, index: first)
      first = tape.next(first)
      return value
    }
  }
}
