import Foundation
import MVVMWebViewModels

/// The day an issue is for, as its URL names it: `20150309`. Only real calendar dates parse.
public struct IssueKey: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The day, from 0001-01-01 to 9999-12-31: the days eight digits can name.
  public let date: CalendarDate

  /// 1 through 9999.
  public var year: Int { date.year }
  /// 1 (January) through 12.
  public var month: Int { date.month.rawValue }
  /// The day of the month, from 1.
  public var day: Int { date.day }

  /// Parses exactly eight digits that name a real Gregorian date; nil for anything else
  /// ("2015039", "20150230", "2015-03-09", "00000101").
  public init?(_ text: String) {
    guard text.utf8.count == 8, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let number = Int(text)
    else {
      return nil
    }
    self.init(year: number / 10_000, month: number / 100 % 100, day: number % 100)
  }

  /// The key of a real date with a year from 1 to 9999 (a later one would not fit the eight
  /// digits its address is read back from); nil otherwise.
  public init?(year: Int, month: Int, day: Int) {
    guard let date = CalendarDate(year: year, month: month, day: day) else { return nil }
    self.init(date)
  }

  /// The key of `date`.
  public init(_ date: CalendarDate) {
    self.date = date
  }

  /// Today in `timeZone`: the zone's offset at `now` (summer time included) is Foundation's
  /// data, the calendar is ours.
  public static func today(in timeZone: TimeZone, now: Date = Date()) -> IssueKey {
    let today = CalendarDate(
      secondsSince1970: now.timeIntervalSince1970,
      utcOffsetSeconds: timeZone.secondsFromGMT(for: now))
    // A clock beyond the year 9999 (or before year 1) has no issue: 1970-01-01 stands in.
    return IssueKey(today ?? .unixEpoch)
  }

  /// `20150309`
  public var description: String {
    NumberText.zeroPadded(year, digits: 4) + monthDay
  }

  /// `0309`: the key items are stored under, so every year's March 9 is found at once.
  public var monthDay: String {
    NumberText.zeroPadded(month, digits: 2) + NumberText.zeroPadded(day, digits: 2)
  }
}
