/// Decimal digits written two at a time from a table of the hundred pairs, and eight at a
/// time in independent halves: number formatting is the hot loop of plan encoding.
@usableFromInline
enum DecimalDigits {
  /// "00", "01", ... "99". A literal (not a lazily built array), so reading it costs neither
  /// an initialisation check nor a bounds check.
  @inlinable @inline(__always)
  static var pairs: UnsafePointer<UInt8> {
    let text: StaticString =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    return text.utf8Start
  }

  /// Two digits of `value` (0...99) at `p`, with a leading zero.
  @inlinable @inline(__always)
  static func writeTwo(_ value: Int, to p: UnsafeMutablePointer<UInt8>) {
    let pair = pairs + 2 * value
    p[0] = pair[0]
    p[1] = pair[1]
  }

  /// The number of decimal digits of `v` (1 for zero).
  @inlinable @inline(__always)
  static func count(_ v: UInt64) -> Int {
    if v < 100_000_000 {
      if v < 10_000 {
        if v < 100 { return v < 10 ? 1 : 2 }
        return v < 1_000 ? 3 : 4
      }
      if v < 1_000_000 { return v < 100_000 ? 5 : 6 }
      return v < 10_000_000 ? 7 : 8
    }
    if v < 10_000_000_000_000_000 {
      if v < 1_000_000_000_000 {
        if v < 10_000_000_000 { return v < 1_000_000_000 ? 9 : 10 }
        return v < 100_000_000_000 ? 11 : 12
      }
      if v < 100_000_000_000_000 { return v < 10_000_000_000_000 ? 13 : 14 }
      return v < 1_000_000_000_000_000 ? 15 : 16
    }
    if v < 1_000_000_000_000_000_000 { return v < 100_000_000_000_000_000 ? 17 : 18 }
    return v < 10_000_000_000_000_000_000 ? 19 : 20
  }

  /// The digits of `value` ending just before `end`; returns where they start. Zero is "0".
  @inlinable @inline(__always)
  @discardableResult
  static func writeBackward(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var v = value
    var p = end
    while v >= 100_000_000 {
      // Eight digits as four pairs from two independent halves: shorter dependency chains
      // than peeling one pair after another.
      let chunk = Int(truncatingIfNeeded: v % 100_000_000)
      v /= 100_000_000
      let high = chunk / 10_000
      let low = chunk % 10_000
      writeTwo(low % 100, to: p - 2)
      writeTwo(low / 100, to: p - 4)
      writeTwo(high % 100, to: p - 6)
      writeTwo(high / 100, to: p - 8)
      p -= 8
    }
    var small = Int(truncatingIfNeeded: v)
    while small >= 100 {
      p -= 2
      writeTwo(small % 100, to: p)
      small /= 100
    }
    if small >= 10 {
      p -= 2
      writeTwo(small, to: p)
    } else {
      p -= 1
      p[0] = UInt8(truncatingIfNeeded: small) + 0x30
    }
    return p
  }
}
