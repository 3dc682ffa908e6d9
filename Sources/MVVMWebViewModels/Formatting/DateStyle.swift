/// How a page writes a date. A style names what is shown, not a pattern, so that when pages
/// follow the request's `Accept-Language` (ROADMAP, Locale) each language can write it its own
/// way; today every style is English.
public enum DateStyle: Sendable {
  /// "Monday, March 9, 2015": the weekday, the month's name, the day and the four-digit year
  /// (`EEEE, MMMM d, yyyy` in Unicode's date patterns).
  case full
  /// "Thursday January 1, 1970": as `full` without the comma after the weekday
  /// (`EEEE MMMM d, yyyy`), as the people pages have always written birthdays.
  case fullWithoutWeekdayComma
}
