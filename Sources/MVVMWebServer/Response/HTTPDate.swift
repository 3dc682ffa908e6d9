import Glibc
import Synchronization

/// HTTP dates (RFC 9110 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`). The `Date` header of the
/// current second is formatted once and shared, so no response pays for `strftime`.
enum HTTPDate {
  private static let cache = Mutex<(second: Int, text: [UInt8])>((-1, []))

  /// The current time as IMF-fixdate bytes, cached for the second.
  static func now() -> [UInt8] {
    var bytes: [UInt8] = []
    withNow { bytes = Array($0) }
    return bytes
  }

  /// Lends `body` the current time as IMF-fixdate bytes, cached for the second, without copying
  /// them out (`body` runs under the cache's lock: it must be quick).
  static func withNow(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let second = time(nil)
    cache.withLock { cached in
      if cached.second != second {
        cached = (second, Array(format(Double(second)).utf8))
      }
      return cached.text.withUnsafeBufferPointer(body)
    }
  }

  static func format(_ seconds: Double) -> String {
    strftime(seconds, "%a, %d %b %Y %H:%M:%S GMT")
  }

  static func iso8601(_ seconds: Double) -> String {
    strftime(seconds, "%Y-%m-%dT%H:%M:%SZ")
  }

  /// Parses IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) into seconds since 1970; nil for
  /// anything else, a day the month does not have included (the obsolete formats are not worth
  /// the risk). Every field has a fixed width, so no value from the wire can overflow.
  static func parse(_ text: String) -> Int? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = fixedDigits(parts[1], count: 2),
      let monthIndex = months.firstIndex(of: String(parts[2])),
      let year = fixedDigits(parts[3], count: 4)
    else { return nil }
    let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, let hour = fixedDigits(clock[0], count: 2),
      let minute = fixedDigits(clock[1], count: 2), let second = fixedDigits(clock[2], count: 2),
      hour < 24, minute < 60, second <= 60
    else { return nil }
    let month = monthIndex + 1
    guard day >= 1, day <= daysIn(month: month, year: year) else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    return ((days * 24 + hour) * 60 + minute) * 60 + second
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Exactly `count` ASCII digits (at most 4 here, so the value is small).
  private static func fixedDigits(_ text: Substring, count: Int) -> Int? {
    guard text.utf8.count == count, case .value(let number)? = DecimalNumber(text) else {
      return nil
    }
    return number
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the civil-from-days
  /// algorithm run backwards: years counted from March, so the leap day is each era's last).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func strftime(_ seconds: Double, _ format: String) -> String {
    // A file's modification time may be anything a file system allows: clamp to years 1–9999.
    var clock = time_t(seconds.isFinite ? min(max(seconds, -62_135_596_800), 253_402_300_799) : 0)
    var parts = tm()
    gmtime_r(&clock, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let count = Glibc.strftime(&buffer, buffer.count, format, &parts)
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
