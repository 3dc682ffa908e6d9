import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTTP dates (RFC 9110 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`). The `Date` header of the
/// current second is formatted once and shared, so no response pays for `strftime`.
enum HTTPDate {
  private static let cache = Mutex<(second: Int, text: [UInt8])>((-1, []))

  /// The current time as IMF-fixdate bytes, cached for the second.
  static func now() -> [UInt8] {
    let second = time(nil)
    return cache.withLock { cached in
      if cached.second != second {
        cached = (second, Array(format(Double(second)).utf8))
      }
      return cached.text
    }
  }

  static func format(_ seconds: Double) -> String {
    strftime(seconds, "%a, %d %b %Y %H:%M:%S GMT")
  }

  static func iso8601(_ seconds: Double) -> String {
    strftime(seconds, "%Y-%m-%dT%H:%M:%SZ")
  }

  /// Parses IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`); nil for anything else (the obsolete
  /// formats are not worth the risk).
  static func parse(_ text: String) -> Int? {
    let parts = text.split(separator: " ")
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
      let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
    else { return nil }
    let clock = parts[4].split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3 else { return nil }
    var fields = tm()
    fields.tm_year = Int32(year - 1900)
    fields.tm_mon = Int32(month)
    fields.tm_mday = Int32(day)
    fields.tm_hour = Int32(clock[0])
    fields.tm_min = Int32(clock[1])
    fields.tm_sec = Int32(clock[2])
    return timegm(&fields)
  }

  private static func strftime(_ seconds: Double, _ format: String) -> String {
    var clock = time_t(seconds)
    var parts = tm()
    gmtime_r(&clock, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let count = Glibc.strftime(&buffer, buffer.count, format, &parts)
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
