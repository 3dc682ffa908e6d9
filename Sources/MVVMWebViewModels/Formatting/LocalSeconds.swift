/// An instant as whole seconds since 1970-01-01 00:00:00 on a clock `utcOffsetSeconds` ahead of
/// UTC: what both a calendar date and a time of day are read from.
struct LocalSeconds {
  /// Seconds since the local clock read 1970-01-01 00:00:00.
  let value: Int

  /// The second `secondsSince1970` (UTC) falls in, moved by the offset. The instant is first
  /// read to the nearest millisecond, as Foundation's formatters read it (ICU counts
  /// milliseconds), so an instant less than half a millisecond before a minute shows the minute
  /// they showed; then the second is the one that millisecond is in, as a clock shows it.
  /// Nil for NaN, the infinities and anything whose milliseconds an `Int` cannot hold (beyond
  /// about 292 million years), so no input can trap the conversion or the addition.
  init?(secondsSince1970: Double, utcOffsetSeconds: Int) {
    let milliseconds = secondsSince1970 * 1000 + 0.5
    // -2⁶³ is `Int.min` exactly; 2⁶³ is one past `Int.max`, so every whole number below it fits.
    // NaN fails both comparisons.
    guard milliseconds >= -0x1p63, milliseconds < 0x1p63 else { return nil }
    let seconds = Self.floorDivide(Int(milliseconds.rounded(.down)), 1000)
    let (local, overflowed) = seconds.addingReportingOverflow(utcOffsetSeconds)
    guard !overflowed else { return nil }
    value = local
  }

  /// Whole days since 1970-01-01 on the local clock, rounded down (an instant before 1970 is in
  /// the day that started before it).
  var days: Int { Self.floorDivide(value, Self.secondsPerDay) }

  /// Seconds since the local day's midnight, 0 through 86,399.
  var secondOfDay: Int {
    let remainder = value % Self.secondsPerDay
    return remainder < 0 ? remainder + Self.secondsPerDay : remainder
  }

  static let secondsPerDay = 86_400

  /// `dividend / divisor` rounded down, not toward zero; `divisor` is positive.
  private static func floorDivide(_ dividend: Int, _ divisor: Int) -> Int {
    let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }
}
