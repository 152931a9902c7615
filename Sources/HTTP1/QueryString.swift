/// `application/x-www-form-urlencoded` query strings, as `curl -G --data-urlencode` writes them.
public enum QueryString {
  /// The decoded value of the first parameter `name`, or nil when absent. `+` is a space.
  /// Returns `.failure` for a malformed percent escape (with its offset in the value).
  public static func value(of name: String, in query: Substring) -> Result<[UInt8], Malformed>? {
    withBytes(query) { bytes in
      var found: Result<[UInt8], Malformed>? = nil
      forEachParameter(bytes) { key, value in
        guard keyIs(name, bytes, key) else { return true }
        found = value.map { decode(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? .success([])
        return false
      }
      return found
    }
  }

  /// How many parameters are named `name` (a parameter given twice is ambiguous: which one the
  /// server read would be a guess for the client, so the routes refuse it).
  public static func occurrences(of name: String, in query: Substring) -> Int {
    withBytes(query) { bytes in
      var n = 0
      forEachParameter(bytes) { key, _ in
        if keyIs(name, bytes, key) { n += 1 }
        return true
      }
      return n
    }
  }

  // The query is read as bytes: splitting a `Substring` on "&" walks it by `Character`
  // (grapheme breaking), and a GET plan's query of 700 bytes was split six times per request,
  // 200 µs of the event loop's time (perf record on wrk's GET /v1/plans?request=...). Through
  // the string's own storage rather than a copy into an array: with copies (and array bounds
  // checks) a cached GET plan took 58 µs of server CPU against 35-43 µs (wrk -t2 -c64 -d5s,
  // the same build otherwise, 3 rounds). This is the only place the query's pointer is taken.
  private static func withBytes<R>(_ query: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R)
    -> R
  {
    if let r = query.utf8.withContiguousStorageIfAvailable(body) { return r }
    return Array(query.utf8).withUnsafeBufferPointer(body)
  }

  /// Calls `visit` with the byte ranges of each non-empty parameter's key and value (nil
  /// without `=`), in order, while it returns true.
  private static func forEachParameter(
    _ bytes: UnsafeBufferPointer<UInt8>, _ visit: (Range<Int>, Range<Int>?) -> Bool
  ) {
    var start = 0
    while start < bytes.count {
      var end = start
      var equals: Int? = nil
      while end < bytes.count, bytes[end] != UInt8(ascii: "&") {
        if equals == nil, bytes[end] == UInt8(ascii: "=") { equals = end }
        end += 1
      }
      if end > start, !visit(start..<(equals ?? end), equals.map { ($0 + 1)..<end }) { return }
      start = end + 1
    }
  }

  /// Whether the key, decoded, is `name`; a key with a malformed escape is no name.
  private static func keyIs(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, _ key: Range<Int>)
    -> Bool
  {
    var expected = name.utf8.makeIterator()
    var i = key.lowerBound
    while i < key.upperBound {
      var b = bytes[i]
      if b == UInt8(ascii: "%") {
        guard i + 2 < key.upperBound, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) else {
          return false
        }
        b = h << 4 | l
        i += 3
      } else {
        if b == UInt8(ascii: "+") { b = 0x20 }
        i += 1
      }
      guard expected.next() == b else { return false }
    }
    return expected.next() == nil
  }

  public struct Malformed: Error, Sendable {
    public var offset: Int
  }

  public static func decode(_ text: Substring) -> Result<[UInt8], Malformed> {
    withBytes(text) { decode($0) }
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], Malformed> {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) else {
          return .failure(Malformed(offset: i))
        }
        out.append(h << 4 | l)
        i += 3
      } else {
        out.append(b == UInt8(ascii: "+") ? 0x20 : b)
        i += 1
      }
    }
    return .success(out)
  }

  /// Percent-encodes everything but RFC 3986 unreserved characters.
  public static func encode(_ bytes: [UInt8]) -> String {
    encode(bytes, after: "")
  }

  /// `prefix` followed by `bytes` percent-encoded, built in one buffer: every plan answered
  /// from the workers carries such a URL (`Content-Location`), and byte-wise appends to an
  /// array, then a copy into a string and another for the prefix, cost as much as its ETag.
  public static func encode(_ bytes: [UInt8], after prefix: StaticString) -> String {
    let prefixCount = prefix.utf8CodeUnitCount
    return String(unsafeUninitializedCapacity: prefixCount + 3 * bytes.count) { out in
      let base = out.baseAddress!
      base.update(from: prefix.utf8Start, count: prefixCount)
      var n = prefixCount
      let hex: StaticString = "0123456789ABCDEF"
      let digits = hex.utf8Start
      for b in bytes {
        if isUnreserved(b) {
          base[n] = b
          n += 1
        } else {
          base[n] = UInt8(ascii: "%")
          base[n + 1] = digits[Int(b >> 4)]
          base[n + 2] = digits[Int(b & 0xF)]
          n += 3
        }
      }
      return n
    }
  }

  @inline(__always)
  private static func isUnreserved(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - 0x30
    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - 0x61 + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - 0x41 + 10
    default: nil
    }
  }
}
