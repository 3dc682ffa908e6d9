import MVVMWebViewModels
import Testing

@Suite struct CalendarDateTests {
  func date(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDate {
    try #require(CalendarDate(year: year, month: month, day: day))
  }

  @Test func theUnixEpochIsAThursday() throws {
    let epoch = try #require(CalendarDate(daysSince1970: 0))
    #expect(epoch == (try date(1970, 1, 1)) && epoch.weekday == .thursday)
    #expect(epoch.text(.full) == "Thursday, January 1, 1970")
    #expect(epoch.text(.fullWithoutWeekdayComma) == "Thursday January 1, 1970")
    #expect(epoch.description == "1970-01-01")
    #expect(CalendarDate(secondsSince1970: 0) == epoch)
    #expect(CalendarDate(secondsSince1970: 86_399.999) == epoch)
    #expect(CalendarDate(secondsSince1970: 86_400)?.description == "1970-01-02")
    // Read to the nearest millisecond, as Foundation's formatters read an instant.
    #expect(CalendarDate(secondsSince1970: 86_399.9996)?.description == "1970-01-02")
  }

  @Test(arguments: [
    (2000, 2, 29, "Tuesday, February 29, 2000"),
    (2024, 2, 29, "Thursday, February 29, 2024"),
    (1900, 3, 1, "Thursday, March 1, 1900"),
    (1600, 2, 29, "Tuesday, February 29, 1600"),
    (2015, 3, 9, "Monday, March 9, 2015"),
    (1969, 12, 31, "Wednesday, December 31, 1969"),
    (1969, 7, 20, "Sunday, July 20, 1969"),
    (1, 1, 1, "Monday, January 1, 0001"),
    (33, 4, 3, "Sunday, April 3, 0033"),
    (9999, 12, 31, "Friday, December 31, 9999"),
  ])
  func knownDays(year: Int, month: Int, day: Int, text: String) throws {
    let date = try date(year, month, day)
    #expect(date.text(.full) == text)
    #expect(CalendarDate(daysSince1970: date.daysSince1970) == date)
  }

  /// A leap year is divisible by 4, except centuries not divisible by 400.
  @Test func onlyLeapYearsHaveAFebruary29() {
    #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2100, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2023, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
    #expect(CalendarDate(year: 2024, month: 2, day: 29) != nil)
    #expect(CalendarDate(year: 2024, month: 2, day: 30) == nil)
    #expect(CalendarDate(year: 2024, month: 4, day: 31) == nil)
    #expect(CalendarDate.isLeapYear(2000) && !CalendarDate.isLeapYear(1900))
  }

  @Test func daysAroundMonthEnds() throws {
    for year in [1900, 1970, 2000, 2023, 2024] {
      for month in Month.allCases {
        let last = try date(year, month.rawValue, month.dayCount(inYear: year))
        let next = try #require(CalendarDate(daysSince1970: last.daysSince1970 + 1))
        #expect(next.day == 1)
        #expect(next.month.rawValue == month.rawValue % 12 + 1)
        #expect(next.year == (month == .december ? year + 1 : year))
      }
    }
    #expect(
      CalendarDate(daysSince1970: (try date(2024, 2, 28)).daysSince1970 + 1)?.description
        == "2024-02-29")
    #expect(
      CalendarDate(daysSince1970: (try date(2023, 2, 28)).daysSince1970 + 1)?.description
        == "2023-03-01")
  }

  /// Every day the calendar holds, one after the other: each is the day after the one before,
  /// reads back to its own count, and is one weekday later.
  @Test func everyDayFollowsTheOneBefore() throws {
    var previous = try date(1, 1, 1)
    #expect(previous.daysSince1970 == -719_162)
    var count = 1
    while let next = CalendarDate(daysSince1970: previous.daysSince1970 + 1) {
      let dayAfter =
        previous.day < previous.month.dayCount(inYear: previous.year)
        ? (previous.year, previous.month.rawValue, previous.day + 1)
        : previous.month == .december
          ? (previous.year + 1, 1, 1) : (previous.year, previous.month.rawValue + 1, 1)
      guard next.year == dayAfter.0, next.month.rawValue == dayAfter.1, next.day == dayAfter.2,
        CalendarDate(year: next.year, month: next.month.rawValue, day: next.day) == next,
        next.weekday.rawValue == (previous.weekday.rawValue + 1) % 7
      else {
        Issue.record("\(next) does not follow \(previous)")
        return
      }
      previous = next
      count += 1
    }
    #expect(previous == (try date(9999, 12, 31)) && count == 3_652_059)
  }

  @Test func everyWeekdayHasItsName() throws {
    // 2015-03-08 was a Sunday.
    let names = try (8...14).map { try date(2015, 3, $0).text(.fullWithoutWeekdayComma) }
    #expect(
      names == [
        "Sunday March 8, 2015", "Monday March 9, 2015", "Tuesday March 10, 2015",
        "Wednesday March 11, 2015", "Thursday March 12, 2015", "Friday March 13, 2015",
        "Saturday March 14, 2015",
      ])
    #expect(try (8...14).map { try date(2015, 3, $0).weekday } == Weekday.allCases)
  }

  @Test func everyMonthHasItsName() throws {
    let names = try (1...12).map { try date(2021, $0, 1).month.englishName }
    #expect(
      names == [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
      ])
  }

  /// Seconds before 1970 belong to the day that started before them.
  @Test func secondsBefore1970AndOffsets() {
    #expect(CalendarDate(secondsSince1970: -1)?.description == "1969-12-31")
    #expect(CalendarDate(secondsSince1970: -0.5)?.description == "1969-12-31")
    #expect(CalendarDate(secondsSince1970: -86_400)?.description == "1969-12-31")
    #expect(CalendarDate(secondsSince1970: -86_401)?.description == "1969-12-30")
    // 2015-03-09T23:00:00Z is already March 10 in Paris (+01:00) and in India (+05:30), still
    // March 9 in California (−08:00, standard time).
    let lateEvening = 1_425_942_000.0
    #expect(CalendarDate(secondsSince1970: lateEvening)?.description == "2015-03-09")
    #expect(
      CalendarDate(secondsSince1970: lateEvening, utcOffsetSeconds: 3_600)?.description
        == "2015-03-10")
    #expect(
      CalendarDate(secondsSince1970: lateEvening, utcOffsetSeconds: 19_800)?.description
        == "2015-03-10")
    #expect(
      CalendarDate(secondsSince1970: lateEvening, utcOffsetSeconds: -28_800)?.description
        == "2015-03-09")
    #expect(CalendarDate(secondsSince1970: 253_402_300_799)?.description == "9999-12-31")
    #expect(CalendarDate(secondsSince1970: -62_135_596_800)?.description == "0001-01-01")
  }

  /// Nothing from outside traps: the answer is nil.
  @Test func valuesOutsideTheCalendarAreNil() {
    for seconds in [
      Double.nan, .infinity, -.infinity, 1e300, -1e300, 0x1p63, -0x1p64, 253_402_300_800,
      -62_135_596_801,
    ] {
      #expect(CalendarDate(secondsSince1970: seconds) == nil, "\(seconds)")
    }
    #expect(CalendarDate(secondsSince1970: 0, utcOffsetSeconds: .max) == nil)
    #expect(CalendarDate(secondsSince1970: -1, utcOffsetSeconds: .min) == nil)
    #expect(CalendarDate(secondsSince1970: -0x1p63, utcOffsetSeconds: -1) == nil)
    #expect(CalendarDate(daysSince1970: .max) == nil && CalendarDate(daysSince1970: .min) == nil)
    #expect(CalendarDate(daysSince1970: 2_932_897) == nil)
    #expect(CalendarDate(daysSince1970: -719_163) == nil)
    for (year, month, day) in [
      (0, 1, 1), (10_000, 1, 1), (.min, 1, 1), (.max, 12, 31), (2015, 0, 1), (2015, 13, 1),
      (2015, .min, 1), (2015, 1, 0), (2015, 1, 32), (2015, 1, .max),
    ] {
      #expect(CalendarDate(year: year, month: month, day: day) == nil)
    }
  }
}
