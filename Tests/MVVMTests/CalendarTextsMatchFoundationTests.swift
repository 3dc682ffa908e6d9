import Foundation
import MVVMWebViewModels
import Testing

/// Calendar dates and times replace Foundation's `DateFormatter` on the request path, so over a
/// few thousand seeded random instants they must write what it writes. Foundation is used here
/// only, as the reference.
@Suite struct CalendarTextsMatchFoundationTests {
  static func formatter(_ pattern: String, offset: Int = 0) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: offset)
    formatter.dateFormat = pattern
    return formatter
  }

  /// 1583-01-01: Foundation's Gregorian calendar is Julian before 1582-10-15; the proleptic
  /// calendar used here agrees with it from then on.
  static let firstGregorianSecond = -12_212_553_600.0
  /// 10000-01-01.
  static let endOfYear9999 = 253_402_300_800.0

  @Test func datesAndTimesAtOffsets() {
    var random = SeededGenerator(state: 46)
    let full = Self.formatter("EEEE, MMMM d, yyyy")
    let birthday = Self.formatter("EEEE MMMM d, yyyy")
    for _ in 0..<3_000 {
      // Whole seconds half the time, a fraction of a second otherwise.
      var seconds = Double.random(
        in: Self.firstGregorianSecond + 86_400..<Self.endOfYear9999 - 86_400, using: &random)
      if Bool.random(using: &random) { seconds.round(.down) }
      // Offsets in whole minutes up to ±14 hours (Kiribati's +14:00, Baker Island's −12:00).
      let offset = Int.random(in: -14 * 60...14 * 60, using: &random) * 60
      let instant = Date(timeIntervalSince1970: seconds)
      let date = CalendarDate(secondsSince1970: seconds)
      #expect(date?.text(.full) == full.string(from: instant), "\(seconds)")
      #expect(date?.text(.fullWithoutWeekdayComma) == birthday.string(from: instant), "\(seconds)")
      let local = Self.formatter("yyyy-MM-dd HH:mm", offset: offset).string(from: instant)
      let date2 = CalendarDate(secondsSince1970: seconds, utcOffsetSeconds: offset)
      let time = TimeOfDay(secondsSince1970: seconds, utcOffsetSeconds: offset)
      #expect(
        "\(date2?.description ?? "nil") \(time?.text(.hoursAndMinutes) ?? "nil")" == local,
        "\(seconds) at \(offset)")
    }
  }

  @Test func datesNearToday() {
    // The dates apps show most: within a century or so of 1970, every day at a random second.
    var random = SeededGenerator(state: 9)
    let full = Self.formatter("EEEE, MMMM d, yyyy")
    for day in stride(from: -36_524, to: 47_482, by: 7) {
      let seconds = Double(day * 86_400 + Int.random(in: 0..<86_400, using: &random))
      #expect(
        CalendarDate(secondsSince1970: seconds)?.text(.full)
          == full.string(from: Date(timeIntervalSince1970: seconds)))
    }
  }
}
