/// The shortest decimal that reads back as a given double, the nearest such decimal when
/// several have that many digits (ties to an even last digit): the digits Swift's own
/// `description` prints, found about four times faster, because plans print thousands of
/// numbers and number formatting was the largest part of encoding a plan.
///
/// The method is Raffaello Giulietti's Schubfach ("The Schubfach way to render doubles",
/// 2020), written here from the paper's outline: scale the rounding interval of `v` by a power
/// of ten chosen so that it is between 1 and 10 units wide, so that it holds at most one
/// multiple of ten (the shorter candidate) and at least one of the two integers around the
/// scaled value. Products with the power of ten use a 126-bit approximation rounded to odd,
/// which the paper shows decides every comparison exactly.
@usableFromInline
enum ShortestDecimal {
  /// `floor(q * log10(2))` for |q| <= 5456721 (checked exactly by the tests for doubles'
  /// range).
  @inlinable @inline(__always)
  static func floorLog10Pow2(_ q: Int) -> Int { (q &* 661_971_961_083) >> 41 }

  /// `floor(log10(3/4 * 2^q))`, for the narrower lower gap below a power of two.
  @inlinable @inline(__always)
  static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int {
    (q &* 661_971_961_083 &- 274_743_187_321) >> 41
  }

  /// `floor(e * log2(10))`.
  @inlinable @inline(__always)
  static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }

  /// Largest power of ten the table holds: enough for every double below 2^53 (the only
  /// non-integers; larger values and subnormals go to the standard library).
  static let maximumPower = 325

  /// For e in 0...maximumPower, `g = floor(10^e * 2^(125 - floor(log2(10^e)))) + 1`, a 126-bit
  /// over-approximation of 10^e, split as 63 high bits and 63 low bits (interleaved). At a fixed
  /// address for the hot path (``JSONWriter`` fetches it once per writer): an array behind a
  /// lazy global cost an initialisation check per number. Never written after it is built,
  /// hence safe to share; it lives as long as the process.
  @usableFromInline nonisolated(unsafe) static let table: UnsafePointer<UInt64> = {
    let entries = 2 * (maximumPower + 1)
    let p = UnsafeMutablePointer<UInt64>.allocate(capacity: entries)
    var power = BigNatural(1)
    for e in 0...maximumPower {
      let shift = 125 - (power.bitWidth - 1)
      let scaled = shift >= 0 ? power.shiftedLeft(shift) : power.shiftedRight(-shift)
      let (high, low) = scaled.low128
      // + 1, carried into the high half when the low half overflows.
      let (sum, carry) = low.addingReportingOverflow(1)
      (p + 2 * e).initialize(to: (high &+ (carry ? 1 : 0)) << 1 | sum >> 63)
      (p + 2 * e + 1).initialize(to: sum & mask63)
      power.multiply(by: 10)
    }
    return UnsafePointer(p)
  }()

  /// ``table`` as an array (for tests and inspection).
  static var powers: [UInt64] {
    Array(UnsafeBufferPointer(start: table, count: 2 * (maximumPower + 1)))
  }

  @usableFromInline static let mask63: UInt64 = (1 << 63) - 1

  /// `floor(g * cp / 2^127)`, with its lowest bit set when the product had more bits below
  /// (round to odd), where g = g1 * 2^63 + g0.
  @inline(__always)
  @inlinable
  static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
    let x1 = g0.multipliedFullWidth(by: cp).high
    let (y1, y0) = g1.multipliedFullWidth(by: cp)
    let z = (y0 >> 1) &+ x1
    let vbp = y1 &+ (z >> 63)
    return vbp | (((z & mask63) &+ mask63) >> 63)
  }

  /// `v == digits * 10^exponent` in the shortest form described above. `v` must be positive,
  /// finite, normal and below 2^53: the table holds the powers of ten only those need.
  @inline(__always)
  @inlinable
  static func decompose(_ v: Double, table: UnsafePointer<UInt64>) -> (
    digits: UInt64, exponent: Int
  ) {
    let bits = v.bitPattern
    let biasedExponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
    let fraction = bits & ((1 << 52) - 1)
    let c = fraction | (1 << 52)
    let q = biasedExponent - 1075
    // The interval's ends belong to it when c is even (round half to even reads them back).
    let out = c & 1
    let cb = c << 2
    let cbr = cb + 2
    let cbl: UInt64
    let k: Int
    if fraction != 0 || biasedExponent == 1 {
      cbl = cb - 2
      k = floorLog10Pow2(q)
    } else {
      // Below a power of two the gap to the next smaller double is half as wide.
      cbl = cb - 1
      k = floorLog10ThreeQuartersPow2(q)
    }
    // 1...4 (the paper's bound): plain shifts, without the checks of a smart shift.
    let h = UInt64(truncatingIfNeeded: q + floorLog2Pow10(-k) + 2)
    let index = 2 * (-k)
    let g1 = table[index]
    let g0 = table[index + 1]
    // Four times v, vl and vr scaled by 10^-k, in units of a quarter, rounded to odd.
    let vb = roundToOdd(g1, g0, cb &<< h)
    let vbl = roundToOdd(g1, g0, cbl &<< h)
    let vbr = roundToOdd(g1, g0, cbr &<< h)
    let s = vb >> 2
    if s >= 100 {
      // A multiple of ten inside the interval is the one shorter candidate.
      let sp10 = 10 * (s / 10)
      let tp10 = sp10 + 10
      let lowerIn = vbl + out <= sp10 << 2
      let upperIn = (tp10 << 2) + out <= vbr
      if lowerIn != upperIn { return (lowerIn ? sp10 : tp10, k) }
    }
    let t = s + 1
    let lowerIn = vbl + out <= s << 2
    let upperIn = (t << 2) + out <= vbr
    if lowerIn != upperIn { return (lowerIn ? s : t, k) }
    // Both inside: the nearer to v, ties to even.
    let midpoint = (s + t) << 1
    return (vb < midpoint || (vb == midpoint && s & 1 == 0) ? s : t, k)
  }

  /// Writes `digits * 10^exponent` (digits > 0) as Swift prints a non-integral double below
  /// 2^53: positional (`0.016666666666666666`, `0.0001`, `123.5`) unless the value is below
  /// 0.0001, then `1.5e-07` (at least two exponent digits). Returns the number of bytes (at
  /// most 26) written at `p`. Digits go straight to their place, without a scratch buffer.
  @inline(__always)
  @inlinable
  static func write(digits: UInt64, exponent: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var digits = digits
    var exponent = exponent
    while digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    let n = DecimalDigits.count(digits)
    let pointPosition = n + exponent  // value = 0.d1...dn * 10^pointPosition
    if pointPosition < -3 {
      // d1 at p[0], the rest after a point at p[1].
      DecimalDigits.writeBackward(digits, endingAt: p + 1 + n)
      p[0] = p[1]
      var i = 1
      if n > 1 {
        p[1] = UInt8(ascii: ".")
        i = n + 1
      }
      p[i] = UInt8(ascii: "e")
      p[i + 1] = UInt8(ascii: "-")
      let magnitude = 1 - pointPosition
      if magnitude < 100 {
        DecimalDigits.writeTwo(magnitude, to: p + i + 2)
        return i + 4
      }
      p[i + 2] = UInt8(truncatingIfNeeded: magnitude / 100) + 0x30
      DecimalDigits.writeTwo(magnitude % 100, to: p + i + 3)
      return i + 5
    }
    if pointPosition <= 0 {
      p[0] = UInt8(ascii: "0")
      p[1] = UInt8(ascii: ".")
      let zeros = -pointPosition  // at most 3
      for i in 0..<zeros { p[2 + i] = UInt8(ascii: "0") }
      DecimalDigits.writeBackward(digits, endingAt: p + 2 + zeros + n)
      return 2 + zeros + n
    }
    // A non-integer has digits after the point: pointPosition < n. The integer digits move
    // one place left to make room for the point.
    DecimalDigits.writeBackward(digits, endingAt: p + 1 + n)
    shiftLeftByOne(p, count: pointPosition)
    p[pointPosition] = UInt8(ascii: ".")
    return n + 1
  }

  /// Moves bytes `p[1...count]` to `p[0..<count]`, leaving the bytes after them alone.
  @inlinable
  static func shiftLeftByOne(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
    UnsafeMutableRawPointer(p).copyMemory(from: p + 1, byteCount: count)
  }
}
