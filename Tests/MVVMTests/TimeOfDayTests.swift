import MVVMWebViewModels
import Testing

@Suite struct TimeOfDayTests {
  func clock(_ seconds: Double, offset: Int = 0) -> String? {
    TimeOfDay(secondsSince1970: seconds, utcOffsetSeconds: offset)?.text(.hoursAndMinutes)
  }

  @Test func hoursAndMinutesAtOffsets() {
    #expect(clock(0) == "00:00")
    #expect(clock(0, offset: 19_800) == "05:30")  // India, +05:30
    #expect(clock(0, offset: -28_800) == "16:00")  // California in winter, −08:00
    #expect(clock(0, offset: 20_700) == "05:45")  // Nepal, +05:45
    #expect(clock(1_394_389_800) == "18:30")  // 2014-03-09T18:30:00Z
    #expect(clock(1_394_389_800, offset: -25_200) == "11:30")  // −07:00
    #expect(clock(1_394_389_800 + 59.999) == "18:30")
    #expect(clock(1_394_389_800 + 60) == "18:31")
    #expect(clock(86_399) == "23:59")
  }

  /// An instant before 1970 is in the second that started before it.
  @Test func instantsBefore1970() {
    #expect(clock(-1) == "23:59")
    #expect(clock(-0.25) == "23:59")
    #expect(clock(-60) == "23:59" && clock(-61) == "23:58")
    #expect(TimeOfDay(secondsSince1970: -0.25) == TimeOfDay(hour: 23, minute: 59, second: 59))
    #expect(clock(-86_400) == "00:00")
  }

  @Test func partsAndTheirRanges() {
    let time = TimeOfDay(secondsSince1970: 45_296)
    #expect(time?.hour == 12 && time?.minute == 34 && time?.second == 56)
    #expect(TimeOfDay(hour: 7, minute: 5)?.text(.hoursAndMinutes) == "07:05")
    #expect(TimeOfDay(hour: 24, minute: 0) == nil && TimeOfDay(hour: -1, minute: 0) == nil)
    #expect(
      TimeOfDay(hour: 0, minute: 60) == nil && TimeOfDay(hour: 0, minute: 0, second: 60) == nil)
  }

  /// An instant is read to the nearest millisecond first, as Foundation's formatters read it.
  @Test func instantsAreReadToTheMillisecond() {
    #expect(clock(59.999) == "00:00" && clock(59.9996) == "00:01")
    #expect(clock(-0.0004) == "00:00" && clock(-0.0006) == "23:59")
    #expect(TimeOfDay(secondsSince1970: 45_296.9995) == TimeOfDay(hour: 12, minute: 34, second: 57))
  }

  /// A clock needs no calendar: any instant an `Int` can count in milliseconds has a time, and
  /// nothing traps.
  @Test func valuesOutsideTheClockAreNil() {
    #expect(clock(9e15) != nil && clock(-9e15) != nil)
    for seconds in [Double.nan, .infinity, -.infinity, 1e300, 9.3e15, -9.3e15, 0x1p63] {
      #expect(clock(seconds) == nil, "\(seconds)")
    }
    #expect(clock(0, offset: .max) != nil && clock(1, offset: .max) == nil)
    #expect(clock(-1, offset: .min) == nil)
  }
}
