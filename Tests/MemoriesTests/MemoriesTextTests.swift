import Foundation
import MVVMWebViewModels
import Testing

@testable import Memories

/// The issue's times, dates and coordinates, written without Foundation's formatters: the same
/// texts as before, in a real zone's clock with its summer time.
@Suite struct MemoriesTextTests {
  func event(from start: Double, to end: Double, in zone: String) throws -> UserContentViewModel {
    let item = UserContent(
      id: "e", source: "Calendar", createdAt: Date(timeIntervalSince1970: start),
      block: .event(
        title: "Night out", start: Date(timeIntervalSince1970: start),
        end: Date(timeIntervalSince1970: end), place: "Town"),
      interactions: Interactions(likes: [], comments: []))
    return UserContentViewModel(
      item: item, key: try #require(IssueKey("20150329")), isActive: false,
      timeZone: try #require(TimeZone(identifier: zone))
    ) { media, active in
      ImageViewModel(
        source: nil, width: media.width, height: media.height, alt: media.alt, isActive: active,
        placeholder: Link(Asset("placeholder.svg")))
    }
  }

  /// Paris moved its clocks from 02:00 to 03:00 at 01:00 UTC on 2015-03-29: an evening from
  /// 00:30 to 01:30 UTC reads 01:30–03:30.
  @Test func springForwardInParis() throws {
    let item = try event(from: 1_427_589_000, to: 1_427_592_600, in: "Europe/Paris")
    #expect(item.timeText == "01:30")
    #expect(item.event?.whenText == "01:30–03:30")
  }

  /// Los Angeles moved its clocks from 02:00 back to 01:00 at 09:00 UTC on 2015-11-01: 08:30 and
  /// 09:30 UTC both read 01:30.
  @Test func fallBackInLosAngeles() throws {
    let item = try event(from: 1_446_366_600, to: 1_446_370_200, in: "America/Los_Angeles")
    #expect(item.event?.whenText == "01:30–01:30")
  }

  /// India's clock is 05:30 ahead of UTC all year.
  @Test func halfHourZones() throws {
    let item = try event(from: 1_394_389_800, to: 1_394_398_800, in: "Asia/Kolkata")
    #expect(item.timeText == "00:00" && item.event?.whenText == "00:00–02:30")
  }

  /// Every hour of two years, in zones with and without summer time, reads as Foundation's
  /// `HH:mm` formatter read it.
  @Test(arguments: ["Europe/Paris", "America/Los_Angeles", "Australia/Lord_Howe", "Asia/Kathmandu"])
  func clockMatchesFoundation(zone: String) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = try #require(TimeZone(identifier: zone))
    formatter.dateFormat = "HH:mm"
    for hour in stride(from: 1_420_070_400.0, to: 1_483_228_800, by: 3_600 + 17) {
      let item = try event(from: hour, to: hour + 1_800, in: zone)
      let expected = formatter.string(from: Date(timeIntervalSince1970: hour))
      #expect(item.timeText == expected, "\(hour) in \(zone)")
    }
  }

  @Test func coordinatesAndMapLink() {
    let tower = LocationViewModel(name: "Tower", latitude: 48.8584, longitude: -2.2945)
    #expect(tower.coordinatesText == "48.8584° N, 2.2945° W")
    #expect(
      tower.mapLink
        == .web(
          "https://www.openstreetmap.org/?mlat=48.85840&mlon=-2.29450#map=15/48.85840/-2.29450")
    )
    let south = LocationViewModel(name: "Sydney", latitude: -33.856784, longitude: 151.215297)
    #expect(south.coordinatesText == "33.8568° S, 151.2153° E")
    let zero = LocationViewModel(name: "Null Island", latitude: -0.0, longitude: 0)
    #expect(zero.coordinatesText == "0.0000° N, 0.0000° E")
    #expect(
      zero.mapLink
        == .web("https://www.openstreetmap.org/?mlat=-0.00000&mlon=0.00000#map=15/-0.00000/0.00000")
    )
  }

  /// Over a few thousand seeded coordinates, the texts are those `String(format:)` wrote.
  @Test func coordinatesMatchFoundation() {
    var state: UInt64 = 46
    for _ in 0..<3_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let latitude = Double(Int64(bitPattern: state) % 90_000_000) / 1_000_000
      let longitude =
        Double(Int64(bitPattern: state ^ state << 17) % 180_000_000_000) / 1_000_000_000
      let place = LocationViewModel(name: "", latitude: latitude, longitude: longitude)
      let before = String(
        format: "%.4f° %@, %.4f° %@", abs(latitude), latitude >= 0 ? "N" : "S", abs(longitude),
        longitude >= 0 ? "E" : "W")
      #expect(place.coordinatesText == before)
      let link = String(
        format: "https://www.openstreetmap.org/?mlat=%.5f&mlon=%.5f#map=15/%.5f/%.5f", latitude,
        longitude, latitude, longitude)
      #expect(place.mapLink == .web(link))
    }
  }

  @Test func issueDates() throws {
    let leapDay = IssueViewModel(
      issue: Issue(key: try #require(IssueKey("20160229")), items: []), timeZone: .gmt
    ) { _ in false }
    #expect(leapDay.dateText == "Monday, February 29, 2016")
    let first = try #require(IssueKey(year: 1, month: 1, day: 1))
    #expect(first.description == "00010101" && first.monthDay == "0101")
    #expect(IssueKey("00000101") == nil && IssueKey(year: 10_000, month: 1, day: 1) == nil)
    #expect(IssueKey("99991231")?.date.weekday == .friday)
  }

  @Test func todayAtOffsetsAndOutsideTheCalendar() throws {
    // 2015-03-09T20:00:00Z: already March 10 in India, still March 9 in Los Angeles.
    let evening = Date(timeIntervalSince1970: 1_425_931_200)
    let india = try #require(TimeZone(identifier: "Asia/Kolkata"))
    let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
    #expect(IssueKey.today(in: india, now: evening).description == "20150310")
    #expect(IssueKey.today(in: losAngeles, now: evening).description == "20150309")
    #expect(
      IssueKey.today(in: .gmt, now: Date(timeIntervalSince1970: .nan)).description == "19700101")
    #expect(IssueKey.today(in: .gmt, now: .distantFuture).description == "40010101")
  }

  /// Items are filed under their UTC month and day, the text the issue's key asks for.
  @Test func filedUnderTheKeysMonthDay() {
    #expect(StoredMemory.monthDay(of: Date(timeIntervalSince1970: 1_394_389_800)) == "0309")
    #expect(StoredMemory.monthDay(of: Date(timeIntervalSince1970: -1)) == "1231")
    #expect(StoredMemory.monthDay(of: Date(timeIntervalSince1970: 1e300)) == "0000")
  }
}
