/// An unsigned integer as wide as it needs to be, in 32-bit limbs, least significant first.
/// It has just the arithmetic that writes a `Double`'s exact value in decimal: multiplying by a
/// small number, shifting, testing bits and dividing by a small number.
struct WideUnsigned {
  /// Least significant first, with no zero limbs at the top: zero has none.
  private var limbs: [UInt32] = []

  /// `value`, with room reserved for a number of `bits` bits so it grows without copying.
  init(_ value: UInt64, bits: Int = 64) {
    limbs.reserveCapacity(max(bits, 64) / 32 + 1)
    limbs.append(UInt32(truncatingIfNeeded: value))
    limbs.append(UInt32(truncatingIfNeeded: value >> 32))
    trimZeros()
  }

  var isZero: Bool { limbs.isEmpty }

  /// The number as one word, when it fits in one.
  var wordValue: UInt64? {
    guard limbs.count <= 2 else { return nil }
    let low = limbs.first.map { UInt64($0) } ?? 0
    let high = limbs.count == 2 ? UInt64(limbs[1]) : 0
    return high << 32 | low
  }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      // At most (2³² − 1)² + 2³² − 1 < 2⁶⁴: the product and the carry fit.
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry > 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
    trimZeros()
  }

  /// Multiplies by 2^`bits`; `bits` is not negative.
  mutating func shiftLeft(by bits: Int) {
    guard !isZero, bits > 0 else { return }
    let (wholeLimbs, partBits) = bits.quotientAndRemainder(dividingBy: 32)
    if partBits > 0 {
      var carry: UInt32 = 0
      for index in limbs.indices {
        let limb = limbs[index]
        limbs[index] = limb << partBits | carry
        carry = limb >> (32 - partBits)
      }
      if carry > 0 { limbs.append(carry) }
    }
    limbs.insert(contentsOf: repeatElement(0, count: wholeLimbs), at: 0)
  }

  /// Divides by 2^`bits`, rounding down; `bits` is not negative.
  mutating func shiftRight(by bits: Int) {
    let (wholeLimbs, partBits) = bits.quotientAndRemainder(dividingBy: 32)
    guard wholeLimbs < limbs.count else {
      limbs = []
      return
    }
    limbs.removeFirst(wholeLimbs)
    if partBits > 0 {
      for index in limbs.indices {
        let above = index + 1 < limbs.count ? limbs[index + 1] << (32 - partBits) : 0
        limbs[index] = limbs[index] >> partBits | above
      }
    }
    trimZeros()
  }

  /// Whether bit `index` (0 is the least significant) is set.
  func bit(_ index: Int) -> Bool {
    let (limb, bit) = index.quotientAndRemainder(dividingBy: 32)
    guard limb >= 0, limb < limbs.count else { return false }
    return limbs[limb] >> bit & 1 == 1
  }

  /// Whether any bit below bit `index` is set.
  func hasBits(below index: Int) -> Bool {
    let (limb, bit) = index.quotientAndRemainder(dividingBy: 32)
    guard limb >= 0 else { return false }
    if limbs.prefix(limb).contains(where: { $0 != 0 }) { return true }
    guard limb < limbs.count else { return false }
    return limbs[limb] & ((1 << bit) - 1) != 0
  }

  mutating func increment() {
    for index in limbs.indices {
      let (sum, overflowed) = limbs[index].addingReportingOverflow(1)
      limbs[index] = sum
      if !overflowed { return }
    }
    limbs.append(1)
  }

  /// Divides by `divisor` (not zero), rounding down, and answers the remainder.
  mutating func divide(by divisor: UInt32) -> UInt32 {
    var remainder: UInt64 = 0
    for index in limbs.indices.reversed() {
      // The remainder is below the divisor, so `current / divisor` is below 2³².
      let current = remainder << 32 | UInt64(limbs[index])
      limbs[index] = UInt32(truncatingIfNeeded: current / UInt64(divisor))
      remainder = current % UInt64(divisor)
    }
    trimZeros()
    return UInt32(truncatingIfNeeded: remainder)
  }

  /// The number's decimal digits as ASCII, most significant first: "0" for zero.
  var decimalDigits: [UInt8] {
    var rest = self
    var reversed: [UInt8] = []
    reversed.reserveCapacity(limbs.count * 10 + 1)
    // Nine digits at a time: 10⁹ is the largest power of ten a limb holds.
    repeat {
      var chunk = rest.divide(by: 1_000_000_000)
      var written = 0
      repeat {
        reversed.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: chunk % 10))
        chunk /= 10
        written += 1
      } while chunk > 0 || (!rest.isZero && written < 9)
    } while !rest.isZero
    reversed.reverse()
    return reversed
  }

  private mutating func trimZeros() {
    while limbs.last == 0 { limbs.removeLast() }
  }
}
