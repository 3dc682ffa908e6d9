/// A month of the Gregorian year, numbered from 1 (January) to 12 (December).
public enum Month: Int, CaseIterable, Sendable {
  /// Month 1.
  case january = 1
  /// Month 2.
  case february
  /// Month 3.
  case march
  /// Month 4.
  case april
  /// Month 5.
  case may
  /// Month 6.
  case june
  /// Month 7.
  case july
  /// Month 8.
  case august
  /// Month 9.
  case september
  /// Month 10.
  case october
  /// Month 11.
  case november
  /// Month 12.
  case december

  /// "January": the month's name in English. Other languages come with the request's
  /// `Accept-Language` (ROADMAP, Locale); until then every page is in English.
  public var englishName: String {
    switch self {
    case .january: "January"
    case .february: "February"
    case .march: "March"
    case .april: "April"
    case .may: "May"
    case .june: "June"
    case .july: "July"
    case .august: "August"
    case .september: "September"
    case .october: "October"
    case .november: "November"
    case .december: "December"
    }
  }

  /// How many days the month has in `year` of the proleptic Gregorian calendar: February has 29
  /// in a leap year (divisible by 4, except centuries not divisible by 400).
  public func dayCount(inYear year: Int) -> Int {
    switch self {
    case .february: CalendarDate.isLeapYear(year) ? 29 : 28
    case .april, .june, .september, .november: 30
    default: 31
    }
  }

  /// Days of the year before the month's first day (0 for January, 59 or 60 for March).
  func daysBefore(inYear year: Int) -> Int {
    // From March on, a leap year has its extra day behind it.
    let leapDay = self.rawValue > 2 && CalendarDate.isLeapYear(year) ? 1 : 0
    return Self.daysBeforeInACommonYear[rawValue - 1] + leapDay
  }

  /// Indexed by the raw value less one, which the cases keep within bounds.
  private static let daysBeforeInACommonYear = [
    0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334,
  ]
}
