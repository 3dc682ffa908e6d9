/// A day of the week. The raw values count from Sunday (0), as C's `tm_wday` and JavaScript's
/// `getDay()` do.
public enum Weekday: Int, CaseIterable, Sendable {
  /// Day 0.
  case sunday = 0
  /// Day 1.
  case monday
  /// Day 2.
  case tuesday
  /// Day 3.
  case wednesday
  /// Day 4.
  case thursday
  /// Day 5.
  case friday
  /// Day 6.
  case saturday

  /// "Thursday": the day's name in English. Other languages come with the request's
  /// `Accept-Language` (ROADMAP, Locale); until then every page is in English.
  public var englishName: String {
    switch self {
    case .sunday: "Sunday"
    case .monday: "Monday"
    case .tuesday: "Tuesday"
    case .wednesday: "Wednesday"
    case .thursday: "Thursday"
    case .friday: "Friday"
    case .saturday: "Saturday"
    }
  }
}
