/// A day of the proleptic Gregorian calendar (the Gregorian rules carried back before 1582, as
/// ISO 8601 does), from 0001-01-01 to 9999-12-31, read from a count of days or seconds since
/// 1970-01-01 UTC. View models turn dates into text with it without Foundation's formatters:
///
/// ```swift
/// /// "Thursday January 1, 1970": English, in UTC, whatever the server's locale and time zone;
/// /// "unknown" for a birthdate outside the years 1 to 9999.
/// public var birthdayText: String {
///   CalendarDate(secondsSince1970: user.birthdate.timeIntervalSince1970)?.text(
///     .fullWithoutWeekdayComma) ?? "unknown"
/// }
/// ```
///
/// The years are those four digits can write (Python's `date` and SQL's `DATE` keep the same
/// range); a date outside them is nil, so no text ever needs an era or a fifth digit.
public struct CalendarDate: Hashable, Sendable, CustomStringConvertible {
  /// The year, 1 through 9999.
  public let year: Int
  /// The month.
  public let month: Month
  /// The day of the month, from 1.
  public let day: Int
  /// Days since 1970-01-01: 0 for that day, negative before it.
  public let daysSince1970: Int

  /// The years a date can have.
  public static let years = 1...9999

  /// 1970-01-01, the day days and seconds are counted from.
  public static let unixEpoch = CalendarDate(
    checkedYear: 1970, month: .january, day: 1, daysSince1970: 0)

  /// The date with these numbers; nil unless the year is in `years`, the month 1 through 12 and
  /// the day one the month has (`CalendarDate(year: 2015, month: 2, day: 29)` is nil).
  public init?(year: Int, month: Int, day: Int) {
    guard Self.years.contains(year), let month = Month(rawValue: month),
      (1...month.dayCount(inYear: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
    let earlierYears = year - 1
    let daysBeforeYear =
      earlierYears * 365 + earlierYears / 4 - earlierYears / 100 + earlierYears / 400
    daysSince1970 =
      daysBeforeYear + month.daysBefore(inYear: year) + day - 1 - Self.daysFromYear1To1970
  }

  private init(checkedYear year: Int, month: Month, day: Int, daysSince1970: Int) {
    self.year = year
    self.month = month
    self.day = day
    self.daysSince1970 = daysSince1970
  }

  /// The day `daysSince1970` days after 1970-01-01 (before it when negative); nil outside
  /// `years`.
  public init?(daysSince1970: Int) {
    // Counting from 0001-01-01 keeps every number below non-negative, so plain division works.
    // The subtraction cannot overflow once the range is checked.
    guard daysSince1970 >= Self.firstDay, daysSince1970 <= Self.lastDay else { return nil }
    let dayNumber = daysSince1970 + Self.daysFromYear1To1970
    // The Gregorian calendar repeats every 400 years (146,097 days). Inside a cycle come four
    // centuries of 36,524 days, the fourth one day longer (its last year is divisible by 400):
    // the `min` keeps that day in the fourth century. Inside a century come four-year runs of
    // 1,461 days (a century's last run one day shorter, which needs no care), and inside a run
    // four years of 365 days, the fourth one day longer: the `min` again.
    let (cycles, dayOfCycle) = dayNumber.quotientAndRemainder(dividingBy: 146_097)
    let centuries = min(dayOfCycle / 36_524, 3)
    let dayOfCentury = dayOfCycle - centuries * 36_524
    let (runs, dayOfRun) = dayOfCentury.quotientAndRemainder(dividingBy: 1_461)
    let yearsInRun = min(dayOfRun / 365, 3)
    let year = cycles * 400 + centuries * 100 + runs * 4 + yearsInRun + 1
    var dayOfYear = dayOfRun - yearsInRun * 365
    var month = Month.january
    var monthLength = month.dayCount(inYear: year)
    // At most eleven steps: the day of the year is less than the year's length.
    while dayOfYear >= monthLength, let next = Month(rawValue: month.rawValue + 1) {
      dayOfYear -= monthLength
      month = next
      monthLength = month.dayCount(inYear: year)
    }
    self.init(checkedYear: year, month: month, day: dayOfYear + 1, daysSince1970: daysSince1970)
  }

  /// The date at the instant `secondsSince1970` (UTC) on a clock `utcOffsetSeconds` ahead of UTC
  /// (19,800 for India's +05:30, −28,800 for California's winter), read to the nearest
  /// millisecond as `TimeOfDay` reads it. Nil for NaN, the infinities and instants outside
  /// `years`.
  ///
  /// A zone's offset changes with its rules (summer time): ask the zone for the offset at this
  /// very instant, e.g. Foundation's `TimeZone.secondsFromGMT(for:)`.
  public init?(secondsSince1970: Double, utcOffsetSeconds: Int = 0) {
    guard
      let local = LocalSeconds(
        secondsSince1970: secondsSince1970, utcOffsetSeconds: utcOffsetSeconds)
    else { return nil }
    self.init(daysSince1970: local.days)
  }

  /// The day of the week.
  public var weekday: Weekday {
    // 0001-01-01 was a Monday (day 1 counting from Sunday); the day number is never negative.
    let dayNumber = daysSince1970 + Self.daysFromYear1To1970
    return Weekday(rawValue: (dayNumber + 1) % 7) ?? .sunday
  }

  /// "2015-03-09": the date in ISO 8601's extended form.
  public var description: String {
    var text = ShortASCIIText()
    text.prepend(digitsOf: UInt64(day.magnitude), minimumCount: 2)
    text.prepend(UInt8(ascii: "-"))
    text.prepend(digitsOf: UInt64(month.rawValue.magnitude), minimumCount: 2)
    text.prepend(UInt8(ascii: "-"))
    text.prepend(digitsOf: UInt64(year.magnitude), minimumCount: 4)
    return text.string
  }

  /// Whether `year` has a February 29: divisible by 4, except centuries not divisible by 400.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// Days from 0001-01-01 to 1970-01-01: 1,969 years of 365 days and their 477 leap days
  /// (1969/4 − 1969/100 + 1969/400 = 492 − 19 + 4).
  private static let daysFromYear1To1970 = 719_162
  /// 0001-01-01 and 9999-12-31 as days since 1970.
  private static let firstDay = -daysFromYear1To1970
  private static let lastDay = 2_932_896
}
