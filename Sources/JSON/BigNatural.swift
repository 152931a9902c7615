/// Just enough unsigned big-integer arithmetic to build ``ShortestDecimal``'s table of powers
/// of ten once, exactly, instead of pasting 600 magic constants into the source.
struct BigNatural: Comparable {
  /// Little-endian 32-bit limbs without high zero limbs (zero is the empty array).
  private(set) var limbs: [UInt32]

  init(_ value: UInt64) {
    limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
    normalize()
  }

  private mutating func normalize() {
    while limbs.last == 0 { limbs.removeLast() }
  }

  /// The number of significant bits (0 for zero).
  var bitWidth: Int {
    guard let top = limbs.last else { return 0 }
    return (limbs.count - 1) * 32 + (32 - top.leadingZeroBitCount)
  }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for i in limbs.indices {
      let product = UInt64(limbs[i]) * UInt64(factor) + carry
      limbs[i] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 { limbs.append(UInt32(carry)) }
    normalize()
  }

  func shiftedLeft(_ n: Int) -> BigNatural {
    precondition(n >= 0)
    var result = self
    let whole = n / 32
    let bits = n % 32
    if bits != 0 {
      var carry: UInt32 = 0
      for i in result.limbs.indices {
        let limb = result.limbs[i]
        result.limbs[i] = (limb << UInt32(bits)) | carry
        carry = limb >> UInt32(32 - bits)
      }
      if carry != 0 { result.limbs.append(carry) }
    }
    result.limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    result.normalize()
    return result
  }

  /// `floor(self / 2^n)`.
  func shiftedRight(_ n: Int) -> BigNatural {
    precondition(n >= 0)
    let whole = n / 32
    guard whole < limbs.count else { return BigNatural(0) }
    var result = self
    result.limbs.removeFirst(whole)
    let bits = n % 32
    if bits != 0 {
      for i in result.limbs.indices {
        let high = i + 1 < result.limbs.count ? result.limbs[i + 1] << UInt32(32 - bits) : 0
        result.limbs[i] = (result.limbs[i] >> UInt32(bits)) | high
      }
    }
    result.normalize()
    return result
  }

  /// The low 128 bits as (high 64, low 64).
  var low128: (high: UInt64, low: UInt64) {
    func limb(_ i: Int) -> UInt64 { i < limbs.count ? UInt64(limbs[i]) : 0 }
    return (limb(2) | limb(3) << 32, limb(0) | limb(1) << 32)
  }

  static func < (a: BigNatural, b: BigNatural) -> Bool {
    if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
    for i in a.limbs.indices.reversed() where a.limbs[i] != b.limbs[i] {
      return a.limbs[i] < b.limbs[i]
    }
    return false
  }

  static func power(of base: UInt32, _ exponent: Int) -> BigNatural {
    var result = BigNatural(1)
    for _ in 0..<exponent { result.multiply(by: base) }
    return result
  }
}
