@testable import JSON

/// The number writer as it was before its fast paths (commit 48559aa), kept as the oracle the
/// faster writer must agree with byte for byte: Schubfach's decomposition as written then
/// (smart shifts), and the text spelled from the digits with strings, without pointers.
enum ReferenceNumberText {
  static func decompose(_ v: Double) -> (digits: UInt64, exponent: Int) {
    let table = ShortestDecimal.table
    let bits = v.bitPattern
    let biasedExponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
    let fraction = bits & ((1 << 52) - 1)
    let c = fraction | (1 << 52)
    let q = biasedExponent - 1075
    let out = c & 1
    let cb = c << 2
    let cbr = cb + 2
    let cbl: UInt64
    let k: Int
    if fraction != 0 || biasedExponent == 1 {
      cbl = cb - 2
      k = ShortestDecimal.floorLog10Pow2(q)
    } else {
      cbl = cb - 1
      k = ShortestDecimal.floorLog10ThreeQuartersPow2(q)
    }
    let h = q + ShortestDecimal.floorLog2Pow10(-k) + 2
    let g1 = table[2 * (-k)]
    let g0 = table[2 * (-k) + 1]
    let vb = ShortestDecimal.roundToOdd(g1, g0, cb << h)
    let vbl = ShortestDecimal.roundToOdd(g1, g0, cbl << h)
    let vbr = ShortestDecimal.roundToOdd(g1, g0, cbr << h)
    let s = vb >> 2
    if s >= 100 {
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
    let midpoint = (s + t) << 1
    return (vb < midpoint || (vb == midpoint && s & 1 == 0) ? s : t, k)
  }

  /// `digits * 10^exponent` as the old writer spelled it: positional unless below 0.0001, then
  /// `d.ddde-XX`.
  static func spell(digits: UInt64, exponent: Int) -> String {
    var digits = digits
    var exponent = exponent
    while digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    let text = String(digits)
    let n = text.count
    let point = n + exponent
    if point < -3 {
      let magnitude = 1 - point
      let mantissa = n > 1 ? "\(text.prefix(1)).\(text.dropFirst())" : text
      return mantissa + "e-" + (magnitude < 10 ? "0\(magnitude)" : "\(magnitude)")
    }
    if point <= 0 { return "0." + String(repeating: "0", count: -point) + text }
    return "\(text.prefix(point)).\(text.dropFirst(point))"
  }

  /// What ``JSONWriter/number(_:)`` wrote for `value`.
  static func text(_ value: Double) -> String {
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude < 9_007_199_254_740_992 {
      let truncated = Int64(value)
      if Double(truncated) == value { return String(truncated) }
      if magnitude >= .leastNormalMagnitude {
        let (digits, exponent) = decompose(magnitude)
        return (value < 0 ? "-" : "") + spell(digits: digits, exponent: exponent)
      }
    }
    return value.isFinite ? value.description : "null"
  }
}
