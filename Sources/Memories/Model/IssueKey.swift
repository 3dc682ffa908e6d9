import Foundation

/// The day an issue is for, as its URL names it: `20150309`. Only real calendar dates parse.
public struct IssueKey: Sendable, Equatable, Hashable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Parses exactly eight digits that name a real Gregorian date; nil for anything else
  /// ("2015039", "20150230", "2015-03-09").
  public init?(_ text: String) {
    guard text.utf8.count == 8, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let number = Int(text)
    else {
      return nil
    }
    self.init(year: number / 10_000, month: number / 100 % 100, day: number % 100)
  }

  public init?(year: Int, month: Int, day: Int) {
    guard year >= 1, (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else {
      return nil
    }
    self.init(checkedYear: year, month: month, day: day)
  }

  private init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Today in `timeZone`.
  public static func today(in timeZone: TimeZone, now: Date = Date()) -> IssueKey {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    // The calendar always gives a real date's parts; the fallback only satisfies the types.
    guard let year = parts.year, let month = parts.month, let day = parts.day,
      let key = IssueKey(year: year, month: month, day: day)
    else { return IssueKey(checkedYear: 1970, month: 1, day: 1) }
    return key
  }

  /// `20150309`
  public var description: String { String(format: "%04d%02d%02d", year, month, day) }

  /// `0309`: the key items are stored under, so every year's March 9 is found at once.
  public var monthDay: String { String(format: "%02d%02d", month, day) }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
