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
  /// `10^-decimals` (0...9) rounded to the nearest double and at least 0.0001 in magnitude
  /// (smaller values take ``number(_:)``, whose exponent form they need). Written through the
  /// writer's checked members: the gain (about 2 % of a native document) does not pay for
  /// pointer code of its own.
  @inlinable
  public mutating func number(_ value: Double, decimals: Int) {
    let scale = FixedDecimal.powerOfTen(decimals)
    let n = (value * scale).rounded()
    // NaN and infinities fail the first test; integers (n a multiple of the scale) have their
    // own form, so they take the general path, which starts with them.
    guard abs(n) < 1e15, n / scale == value, value != value.rounded(.towardZero) else {
      return number(value)
    }
    var digits = UInt64(abs(n))
    var exponent = -decimals
    while digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    let length = DecimalDigits.count(digits)
    let point = length + exponent  // value = 0.d1...dn * 10^point, point < length
    guard point >= -3 else { return number(value) }
    if n < 0 { byte(UInt8(ascii: "-")) }
    if point <= 0 {
      raw("0.")
      for _ in 0..<(-point) { byte(UInt8(ascii: "0")) }
    }
    var divisor: UInt64 = 1
    for _ in 1..<length { divisor *= 10 }
    for i in 0..<length {
      if i == point && point > 0 { byte(UInt8(ascii: ".")) }
      byte(UInt8(truncatingIfNeeded: digits / divisor) + 0x30)
      digits %= divisor
      divisor /= 10
    }
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
