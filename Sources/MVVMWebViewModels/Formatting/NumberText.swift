/// Numbers written as text the same way in every locale, without Foundation's formatters (they
/// cost more than the rest of a view model): thousands grouped with commas, zero-padded digits,
/// and fixed-point decimals that read exactly as C's `%.Nf`.
///
/// ```swift
/// #expect(NumberText.grouped(10_000) == "10,000")
/// #expect(NumberText.zeroPadded(3, digits: 2) == "03")
/// #expect(NumberText.fixed(48.85837, places: 4) == "48.8584")
/// ```
public enum NumberText {
  /// "1,234,567", "-1,000", "0": thousands separated by commas. Every `Int` has its text,
  /// `Int.min` included.
  public static func grouped(_ number: Int) -> String {
    // Written backwards, the commas fall after every third digit from the right.
    var text = ShortASCIIText()
    text.prepend(digitsOf: UInt64(number.magnitude), grouped: true)
    if number < 0 { text.prepend(UInt8(ascii: "-")) }
    return text.string
  }

  /// "0309" for `(309, digits: 4)`: the number's digits with zeros before them to make at least
  /// `digits`, as C's `%04d` writes a number of zero or more. A negative number's "-" comes
  /// before its padded digits and is not counted (`(-7, digits: 2)` is "-07"). At most 30
  /// digits are padded to: wider is a mistake, not worth the memory.
  public static func zeroPadded(_ number: Int, digits: Int) -> String {
    var text = ShortASCIIText()
    text.prepend(digitsOf: UInt64(number.magnitude), minimumCount: min(digits, 30))
    if number < 0 { text.prepend(UInt8(ascii: "-")) }
    return text.string
  }

  /// `value` rounded to `places` digits after the point, exactly as `String(format: "%.4f")`
  /// writes it for 4 places: the binary value's exact decimal expansion, rounded to nearest with
  /// a tie to the even digit ("0.1250" gives "0.12" at 2 places), a negative value with its "-"
  /// even when it rounds to zero, −0.0 as "-0.0000", and a huge value with all its integer
  /// digits (1e300 has 301). 0 places writes no point.
  ///
  /// NaN is "nan" and the infinities "inf" and "-inf", as C writes them (C writes "-nan" for a
  /// NaN with its sign bit set: a NaN's sign means nothing, so here it is always "nan").
  /// `places` below 0 counts as 0 and above 1,074 as 1,074: every `Double` ends within 1,074
  /// places (its smallest step is 2⁻¹⁰⁷⁴), so more would only add zeros.
  public static func fixed(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    let places = min(max(places, 0), 1_074)
    let number = scaledMagnitude(value, places: places)
    // A coordinate's few digits fit one word and a short text: no digit array, no heap text.
    if places <= 10, let small = number.wordValue {
      var text = ShortASCIIText()
      var rest = small
      if places > 0 {
        for _ in 0..<places {
          text.prepend(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
          rest /= 10
        }
        text.prepend(UInt8(ascii: "."))
      }
      text.prepend(digitsOf: rest)
      if value.sign == .minus { text.prepend(UInt8(ascii: "-")) }
      return text.string
    }
    let digits = number.decimalDigits
    var text = ASCIIText(capacity: max(digits.count, places + 1) + 2)
    if value.sign == .minus { text.append(byte: UInt8(ascii: "-")) }
    if digits.count > places {
      text.append(bytes: digits.prefix(digits.count - places))
      if places > 0 {
        text.append(byte: UInt8(ascii: "."))
        text.append(bytes: digits.suffix(places))
      }
    } else {
      // Less than 1 (places > 0 here): zeros between the point and the digits.
      text.append("0.")
      for _ in digits.count..<places { text.append(byte: UInt8(ascii: "0")) }
      text.append(bytes: digits)
    }
    return text.string
  }

  /// |`value`| × 10^`places`, rounded to the nearest whole number with ties to even; `value` is
  /// finite.
  private static func scaledMagnitude(_ value: Double, places: Int) -> WideUnsigned {
    // |value| = significand × 2^exponent exactly, the significand a whole number below 2⁵³.
    var significand = value.significandBitPattern
    var exponent: Int
    if value.exponentBitPattern == 0 {
      exponent = -1_074  // zero and the subnormals: no hidden bit
    } else {
      significand |= 1 << 52
      exponent = Int(value.exponentBitPattern) - 1_075
    }
    if significand != 0 {
      // Trailing zero bits only make the numbers below wider.
      let zeros = significand.trailingZeroBitCount
      significand >>= zeros
      exponent += zeros
    }
    // 10 is less than 2⁴: four bits a place is room enough.
    var number = WideUnsigned(significand, bits: 53 + max(exponent, 0) + 4 * places)
    if exponent >= 0 { number.shiftLeft(by: exponent) }
    var tens = places
    while tens >= 9 {
      number.multiply(by: 1_000_000_000)
      tens -= 9
    }
    number.multiply(by: powersOfTen[tens])
    if exponent < 0 {
      // Dividing by 2^k leaves k bits behind: the highest says at least a half, the rest say
      // more than a half. Exactly a half goes to the even neighbour, as C's printf does.
      let dropped = -exponent
      let half = number.bit(dropped - 1)
      let moreThanHalf = half && number.hasBits(below: dropped - 1)
      number.shiftRight(by: dropped)
      if moreThanHalf || (half && number.bit(0)) { number.increment() }
    }
    return number
  }

  /// 10⁰ through 10⁸: the factors below 10⁹ that `scaledMagnitude` multiplies by.
  private static let powersOfTen: [UInt32] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
  ]
}
