/// A time on a clock's face: hour, minute and second, without a date. Read from an instant and
/// the offset of the clock that shows it:
///
/// ```swift
/// /// "19:00": hours and minutes on the zone's clock at `date`. The zone's offset at that very
/// /// instant (its summer time included) is Foundation's data; the text is written without a
/// /// formatter. Empty for an instant no clock shows (NaN, or beyond 2⁶³ seconds).
/// private func clockText(_ date: Date) -> String {
///   TimeOfDay(
///     secondsSince1970: date.timeIntervalSince1970,
///     utcOffsetSeconds: timeZone.secondsFromGMT(for: date)
///   )?.text(.hoursAndMinutes) ?? ""
/// }
/// ```
public struct TimeOfDay: Hashable, Sendable {
  /// 0 through 23.
  public let hour: Int
  /// 0 through 59.
  public let minute: Int
  /// 0 through 59 (a leap second is not kept apart: clocks read from seconds since 1970 never
  /// show one).
  public let second: Int

  /// The time with these numbers; nil unless each is on a clock's face.
  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The time at the instant `secondsSince1970` (UTC) on a clock `utcOffsetSeconds` ahead of
  /// UTC: the second the instant falls in, read to the nearest millisecond first as Foundation's
  /// formatters read it (59.9996 s past a minute shows the next minute; 59.999 s does not). Nil
  /// only for NaN, the infinities and instants more than 2⁶³ milliseconds (292 million years)
  /// from 1970.
  public init?(secondsSince1970: Double, utcOffsetSeconds: Int = 0) {
    guard
      let local = LocalSeconds(
        secondsSince1970: secondsSince1970, utcOffsetSeconds: utcOffsetSeconds)
    else { return nil }
    let secondOfDay = local.secondOfDay
    hour = secondOfDay / 3600
    minute = secondOfDay / 60 % 60
    second = secondOfDay % 60
  }

  /// The time written in `style`: `.hoursAndMinutes` gives "19:05".
  public func text(_ style: TimeStyle) -> String {
    switch style {
    case .hoursAndMinutes:
      var text = ShortASCIIText()
      text.prepend(digitsOf: UInt64(minute.magnitude), minimumCount: 2)
      text.prepend(UInt8(ascii: ":"))
      text.prepend(digitsOf: UInt64(hour.magnitude), minimumCount: 2)
      return text.string
    }
  }
}
