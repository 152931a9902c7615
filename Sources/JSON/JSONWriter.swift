/// Appends JSON text to a byte buffer. Purpose-built for plans: thousands of numbers written
/// without intermediate objects, in docs/API.md's number format.
///
/// The buffer is raw memory the writer owns (hence non-copyable): an encoder writes a plan's
/// 20-160 KB a few bytes at a time, and an `[UInt8]` paid a uniqueness and capacity check and
/// a generic `append(contentsOf:)` on every piece, which was a third of encoding.
public struct JSONWriter: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var count: Int
  @usableFromInline var capacity: Int
  /// False while the writer fills storage lent by ``collect(capacity:_:)``, which belongs to
  /// an array and must not be freed here.
  @usableFromInline var ownsStorage: Bool
  @usableFromInline let powersOfTen = ShortestDecimal.table

  public init(capacity: Int = 4096) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
    count = 0
    ownsStorage = true
  }

  private init(lending buffer: UnsafeMutableBufferPointer<UInt8>) {
    base = buffer.baseAddress!
    capacity = buffer.count
    count = 0
    ownsStorage = false
  }

  deinit {
    if ownsStorage { base.deallocate() }
  }

  /// The bytes `write` produces, written straight into the returned array's storage: a plan's
  /// 20-160 KB are then not copied out of the writer at the end. `capacity` should be
  /// generous; a writer that outgrows it moves to memory of its own, and its bytes are copied
  /// once into the array returned.
  public static func collect(capacity: Int, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
    var spilled: [UInt8]? = nil
    let lent = [UInt8](unsafeUninitializedCapacity: max(capacity, 64)) { buffer, initialized in
      var w = JSONWriter(lending: buffer)
      write(&w)
      if w.ownsStorage {
        spilled = w.bytes
        initialized = 0
      } else {
        initialized = w.count
      }
    }
    return spilled ?? lent
  }

  /// The number of bytes written so far.
  public var byteCount: Int { count }

  /// A copy of the bytes written so far.
  public var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

  /// Room for `n` more bytes; returns where they go (the caller then adds what it wrote to
  /// `count`).
  @inlinable @inline(__always)
  mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity - count < n { grow(n) }
    return base + count
  }

  @usableFromInline @inline(never)
  mutating func grow(_ n: Int) {
    let newCapacity = max(capacity * 2, count + n)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    if ownsStorage { base.deallocate() }
    base = newBase
    capacity = newCapacity
    ownsStorage = true
  }

  @inlinable @inline(__always)
  public mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress else { return }
    reserve(buffer.count).update(from: source, count: buffer.count)
    count += buffer.count
  }

  public mutating func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  public mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// The UTF-8 of `s`, unescaped (for text formats and already-valid JSON).
  public mutating func append(utf8 s: String) {
    var s = s
    s.withUTF8 { append($0) }
  }

  /// The bytes written by `other`, or those in `range` of them (offsets as in ``byteCount``).
  @inlinable
  public mutating func append(_ other: borrowing JSONWriter, _ range: Range<Int>? = nil) {
    let range = range ?? 0..<other.count
    precondition(range.lowerBound >= 0 && range.upperBound <= other.count)
    append(UnsafeBufferPointer(start: other.base + range.lowerBound, count: range.count))
  }

  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString) {
    let n = text.utf8CodeUnitCount
    reserve(n).update(from: text.utf8Start, count: n)
    count += n
  }

  @inlinable @inline(__always)
  public mutating func byte(_ b: UInt8) {
    reserve(1).pointee = b
    count += 1
  }

  /// `"key":` for a key known to need no escaping.
  @inlinable @inline(__always)
  public mutating func key(_ name: StaticString) {
    let n = name.utf8CodeUnitCount
    let p = reserve(n + 3)
    p[0] = UInt8(ascii: "\"")
    (p + 1).update(from: name.utf8Start, count: n)
    p[n + 1] = UInt8(ascii: "\"")
    p[n + 2] = UInt8(ascii: ":")
    count += n + 3
  }

  public mutating func string(_ s: String) {
    // Names, ids and enum values need no escapes: one scan, then one copy with the quotes,
    // instead of a capacity check per byte.
    var s = s
    let copied = s.withUTF8 { utf8 -> Bool in
      for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
        return false
      }
      let p = reserve(utf8.count + 2)
      p[0] = UInt8(ascii: "\"")
      if let base = utf8.baseAddress { (p + 1).update(from: base, count: utf8.count) }
      p[utf8.count + 1] = UInt8(ascii: "\"")
      count += utf8.count + 2
      return true
    }
    if !copied { escaped(s) }
  }

  private mutating func escaped(_ s: String) {
    byte(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x08: raw("\\b")
      case 0x0C: raw("\\f")
      case 0..<0x20:
        raw("\\u00")
        byte(Self.hexDigits[Int(b >> 4)])
        byte(Self.hexDigits[Int(b & 0xF)])
      default: byte(b)
      }
    }
    byte(UInt8(ascii: "\""))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// docs/API.md's number format: the shortest text that round-trips; an integral value below 2^53
  /// in magnitude has no fraction or exponent; `-0` is `0`. Non-finite values have no JSON
  /// form and are written as `null` (validation keeps them out of plans).
  @inlinable
  public mutating func number(_ value: Double) {
    count += Self.writeNumber(value, to: reserve(Self.maximumNumberBytes), table: powersOfTen)
  }

  @inlinable
  public mutating func integer(_ value: Int64) {
    count += Self.writeInteger(value, to: reserve(20))
  }

  /// The most bytes ``number(_:)`` writes: "-", 17 digits, a point and "e-308".
  public static let maximumNumberBytes = 28

  /// `value` in docs/API.md's number format at `p`; returns the bytes written (at most
  /// ``maximumNumberBytes``).
  @inlinable @inline(__always)
  static func writeNumber(
    _ value: Double, to p: UnsafeMutablePointer<UInt8>, table: UnsafePointer<UInt64>
  ) -> Int {
    if value == 0 {
      p.pointee = UInt8(ascii: "0")
      return 1
    }
    let magnitude = abs(value)
    if magnitude < 9_007_199_254_740_992 {
      // Integral when truncation changes nothing: a plain conversion, the cheapest test of
      // integrality, run for every number.
      let truncated = Int64(value)
      if Double(truncated) == value { return writeInteger(truncated, to: p) }
      if magnitude >= .leastNormalMagnitude {
        var q = p
        if value < 0 {
          q.pointee = UInt8(ascii: "-")
          q += 1
        }
        let (digits, exponent) = ShortestDecimal.decompose(magnitude, table: table)
        q += ShortestDecimal.write(digits: digits, exponent: exponent, to: q)
        return q - p
      }
    }
    return writeRareNumber(value, to: p)
  }

  /// Non-finite values, subnormals and integers from 2^53 up (e.g. `1e+16`): rare, so the
  /// standard library's shortest round-tripping form, which ShortestDecimal agrees with
  /// elsewhere (at most 24 bytes, as in "-2.2250738585072014e-308").
  @usableFromInline @inline(never)
  static func writeRareNumber(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var text = value.isFinite ? value.description : "null"
    return text.withUTF8 { utf8 in
      // The room reserved is maximumNumberBytes: a longer text would be a broken bound, which
      // must stop here rather than be cut short or overrun.
      precondition(utf8.count <= maximumNumberBytes, "number text longer than its bound")
      p.update(from: utf8.baseAddress!, count: utf8.count)
      return utf8.count
    }
  }

  /// `value` in decimal at `p`; returns the bytes written (at most 20).
  @inlinable @inline(__always)
  static func writeInteger(_ value: Int64, to start: UnsafeMutablePointer<UInt8>) -> Int {
    var p = start
    // The magnitude as UInt64, so that Int64.min needs no special case.
    var magnitude = UInt64(bitPattern: value)
    if value < 0 {
      p.pointee = UInt8(ascii: "-")
      p += 1
      magnitude = 0 &- magnitude
    }
    let n = DecimalDigits.count(magnitude)
    DecimalDigits.writeBackward(magnitude, endingAt: p + n)
    return (p - start) + n
  }

  /// Writing without a capacity check per piece, for an encoder's innermost loop (a keyframe
  /// is some twenty pieces, and a check and a store of the count for each was a tenth of
  /// encoding a plan: the miss path fell from 399M to 370M instructions, 7 %, `valgrind
  /// --tool=callgrind .build/release/planner-bench --iterations 300 --misses`). The one contract of this fast path: ``withUncheckedRoom(_:_:)``
  /// reserves `maximum` bytes once, and the body must not write more than that through the
  /// cursor; the writer cannot be used meanwhile. Writing past the room is caught by a
  /// precondition when the body returns, too late to prevent it, so a wrong bound fails loudly.
  public struct UncheckedCursor {
    /// Where the next byte goes.
    public var position: UnsafeMutablePointer<UInt8>
    @usableFromInline let table: UnsafePointer<UInt64>

    @inlinable
    init(position: UnsafeMutablePointer<UInt8>, table: UnsafePointer<UInt64>) {
      self.position = position
      self.table = table
    }

    @inlinable @inline(__always)
    public mutating func raw(_ text: StaticString) {
      let n = text.utf8CodeUnitCount
      position.update(from: text.utf8Start, count: n)
      position += n
    }

    @inlinable @inline(__always)
    public mutating func byte(_ b: UInt8) {
      position.pointee = b
      position += 1
    }

    /// `value` as ``JSONWriter/number(_:)`` writes it (at most ``maximumNumberBytes``).
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
      position += JSONWriter.writeNumber(value, to: position, table: table)
    }
  }

  /// Runs `body` with a cursor over `maximum` reserved bytes and keeps what it wrote (see
  /// ``UncheckedCursor`` for the contract).
  @inlinable @inline(__always)
  public mutating func withUncheckedRoom(
    _ maximum: Int, _ body: (inout UncheckedCursor) -> Void
  ) {
    let start = reserve(maximum)
    var cursor = UncheckedCursor(position: start, table: powersOfTen)
    body(&cursor)
    let written = cursor.position - start
    precondition(written >= 0 && written <= maximum, "wrote past the reserved room")
    count += written
  }

  public mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Any parsed value, compact; keys in their stored order.
  public mutating func value(_ v: JSONValue) {
    switch v {
    case .null: raw("null")
    case .bool(let b): bool(b)
    case .number(let d): number(d)
    case .string(let s): string(s)
    case .array(let items):
      byte(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        value(item)
      }
      byte(UInt8(ascii: "]"))
    case .object(let members):
      byte(UInt8(ascii: "{"))
      for (i, m) in members.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        string(m.key)
        byte(UInt8(ascii: ":"))
        value(m.value)
      }
      byte(UInt8(ascii: "}"))
    }
  }

  /// Human-readable form: two-space indentation, one member or element per line.
  public mutating func pretty(_ v: JSONValue, indent: Int = 0) {
    switch v {
    case .array(let items) where !items.isEmpty:
      byte(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        newline(indent: indent + 1)
        pretty(item, indent: indent + 1)
      }
      newline(indent: indent)
      byte(UInt8(ascii: "]"))
    case .object(let members) where !members.isEmpty:
      byte(UInt8(ascii: "{"))
      for (i, m) in members.enumerated() {
        if i > 0 { byte(UInt8(ascii: ",")) }
        newline(indent: indent + 1)
        string(m.key)
        raw(": ")
        pretty(m.value, indent: indent + 1)
      }
      newline(indent: indent)
      byte(UInt8(ascii: "}"))
    default:
      value(v)
    }
  }

  private mutating func newline(indent level: Int) {
    byte(0x0A)
    for _ in 0..<(level * 2) { byte(0x20) }
  }
}
