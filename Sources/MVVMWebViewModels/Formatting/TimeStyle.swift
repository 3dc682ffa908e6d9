/// How a page writes a time of day. Like `DateStyle`, a style names what is shown so that each
/// language can write it its own way later; today there is the 24-hour clock.
public enum TimeStyle: Sendable {
  /// "19:05", "07:00": hours and minutes on the 24-hour clock, two digits each (`HH:mm`).
  case hoursAndMinutes
}
