/// Writing numbers that a document has rounded to a few decimals (the native documents' 1e-4
/// pt and 1e-9, CSS's 1e-7, ...) without the shortest round-trip search: such a value is the
/// double nearest to `n / 10^d` for an integer `n`, and when `n` has at most 15 digits its
/// shortest round-trip text is `n`'s digits with the point `d` places from the right (two
/// decimals of at most 15 significant digits never read as the same double, so no shorter
/// text reads back as the value, and `n`'s reads back by construction). The check that the
/// value is such a double is exact (one correctly rounded division), so the text is
/// ``JSONWriter/number(_:)``'s for every value: values that are not fall back to it.
extension JSONWriter {
  /// `value` exactly as ``number(_:)`` writes it, faster when `value` is a multiple of
  /// `10^-decimals` (0...9) rounded to the nearest double.
  @inlinable
  public mutating func number(_ value: Double, decimals: Int) {
    count += Self.writeNumber(
      value, decimals: decimals, to: reserve(Self.maximumNumberBytes), table: powersOfTen)
  }

  @inlinable @inline(__always)
  static func writeNumber(
    _ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>,
    table: UnsafePointer<UInt64>
  ) -> Int {
    let scale = FixedDecimal.powerOfTen(decimals)
    let n = (value * scale).rounded()
    // NaN and infinities fail the first test; integers (n a multiple of the scale) have their
    // own form, so they take the general path, which starts with them.
    if abs(n) < 1e15, n / scale == value, value != value.rounded(.towardZero) {
      var q = p
      if n < 0 {
        q.pointee = UInt8(ascii: "-")
        q += 1
      }
      q += ShortestDecimal.write(digits: UInt64(abs(n)), exponent: -decimals, to: q)
      return q - p
    }
    return writeNumber(value, to: p, table: table)
  }
}

@usableFromInline
enum FixedDecimal {
  /// 10^d for d in 0...9, exact.
  @inlinable @inline(__always)
  static func powerOfTen(_ d: Int) -> Double {
    switch d {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    default: preconditionFailure("decimals outside 0...9")
    }
  }
}
