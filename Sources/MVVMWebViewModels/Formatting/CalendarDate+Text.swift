extension CalendarDate {
  /// The date written in `style`, in English: `.full` gives "Monday, March 9, 2015".
  public func text(_ style: DateStyle) -> String {
    var text = ASCIIText(capacity: 32)
    text.append(weekday.englishName)
    switch style {
    case .full: text.append(", ")
    case .fullWithoutWeekdayComma: text.append(" ")
    }
    text.append(month.englishName)
    text.append(" ")
    text.append(digitsOf: day)
    text.append(", ")
    text.append(digitsOf: year, minimumCount: 4)
    return text.string
  }
}
