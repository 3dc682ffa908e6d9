import Foundation
import GRDB
import MVVMWebPostgres
import MVVMWebViewModels
import TestSupport
import Testing

@testable import Memories

func record(
  _ id: String, _ created: String, _ kind: String, _ fields: [String: Any]
) -> [String: Any] {
  ["id": id, "source": "Photos", "created": created, "kind": kind].merging(fields) { $1 }
}

var everyKind: [[String: Any]] {
  [
    record(
      "p", "2014-03-09T18:30:00Z", "photoAlbum",
      [
        "photos": [["file": "a.svg", "width": 4, "height": 3, "alt": "A", "caption": "Cap"]],
        "likes": ["Ann", "Bo", "Cy"], "comments": [["author": "Bo", "text": "Nice"]],
      ]),
    record(
      "v", "2013-03-09T10:00:00Z", "video",
      [
        "video": [
          "poster": ["file": "p.svg", "width": 4, "height": 3], "duration": 125,
          "link": "https://v.test/1",
        ]
      ]),
    record(
      "t", "2014-03-09T09:00:00Z", "text",
      ["text": "See https://a.test/x and javascript:alert(1) ok"]),
    record(
      "e", "2012-03-09T19:00:00Z", "event",
      [
        "event": [
          "title": "Dinner", "start": "2012-03-09T19:00:00Z", "end": "2012-03-09T21:30:00Z",
          "place": "Home",
        ]
      ]),
    record(
      "l", "2011-03-09T12:00:00Z", "location",
      ["location": ["name": "Tower", "latitude": 48.8584, "longitude": -2.2945]]),
    record(
      "k", "2010-03-09T12:00:00Z", "link",
      ["link": ["title": "Bread", "url": "https://b.test", "siteName": "Lab"]]),
  ]
}

@Suite struct IssueKeyTests {
  @Test(arguments: [
    ("20150309", true), ("20160229", true), ("20150229", false), ("20150230", false),
    ("2015039", false), ("2015-03-09", false), ("20151301", false), ("abcdefgh", false),
  ])
  func parsesOnlyRealDates(text: String, valid: Bool) {
    #expect((IssueKey(text) != nil) == valid)
    if valid { #expect(IssueKey(text)?.description == text) }
  }

  @Test func todayDependsOnTheTimeZone() {
    let instant = Date(timeIntervalSince1970: 1_425_945_600 - 3600)  // 2015-03-09T23:00:00Z
    #expect(
      IssueKey.today(in: TimeZone(identifier: "UTC")!, now: instant).description == "20150309")
    #expect(
      IssueKey.today(in: TimeZone(identifier: "Europe/Paris")!, now: instant).description
        == "20150310")
  }
}

@Suite struct IssueControllerTests {
  @Test func everyKindParses() {
    let (items, problems) = IssueController().parse(everyKind, file: "f.json")
    #expect(problems == [])
    #expect(items.map(\.id) == ["p", "v", "t", "e", "l", "k"])
    #expect(items[0].interactions.likes == ["Ann", "Bo", "Cy"])
  }

  @Test func badRecordsAreReportedAndGoodOnesKept() {
    let records: [Any] = [
      everyKind[2], "not an object", record("x", "2014-03-09", "text", ["text": "a"]),
      record(
        "y", "2014-03-09T10:00:00Z", "video",
        [
          "video": [
            "poster": ["file": "../etc/passwd", "width": 1, "height": 1], "duration": 1,
            "link": "https://v",
          ]
        ]),
      record(
        "z", "2014-03-09T10:00:00Z", "link",
        ["link": ["title": "t", "url": "data:text/html,x", "siteName": "s"]]),
      record(
        "w", "2014-03-09T10:00:00Z", "location",
        ["location": ["name": "n", "latitude": "north", "longitude": 1]]),
      record("q", "2014-03-09T10:00:00Z", "poem", [:]),
    ]
    let (items, problems) = IssueController().parse(records, file: "f.json")
    #expect(items.map(\.id) == ["t"])
    #expect(
      problems.map(\.description) == [
        "f.json record 2: it is not an object",
        "f.json record 3: \"created\" is not an ISO 8601 date like 2014-03-09T18:30:00Z",
        "f.json record 4: \"file\" must be a file name in the media folder, without folders",
        "f.json record 5: \"url\" must be an http or https URL",
        "f.json record 6: \"latitude\" is not a number",
        "f.json record 7: \"kind\" is \"poem\", expected one of photoAlbum, video, text, event, location, link",
      ])
  }
}

@Suite struct JSONNumberTests {
  /// Foundation on Linux bridges JSON's 0 and 1 to Bool too: they are still numbers, and only
  /// true and false are not.
  @Test func zeroAndOneAreNumbersAndBooleansAreNot() throws {
    let json = """
      [{"id": "a", "source": "Maps", "created": "2014-03-09T10:00:00Z", "kind": "location",
        "location": {"name": "Null Island", "latitude": 0, "longitude": 1}},
       {"id": "b", "source": "Maps", "created": "2014-03-09T10:00:00Z", "kind": "location",
        "location": {"name": "Nowhere", "latitude": true, "longitude": 0}}]
      """
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
    let (items, problems) = IssueController().parse(records, file: "j.json")
    #expect(items.map(\.id) == ["a"])
    #expect(problems.map(\.description) == ["j.json record 2: \"latitude\" is not a number"])
  }
}

/// A new database file's one pool, migrated as the app migrates it (the memories' part).
func migratedPool() throws -> DatabasePool {
  let pool = try DatabasePool(
    path: NSTemporaryDirectory() + "mvvmweb-mem-\(UUID().uuidString.prefix(6)).sqlite")
  var migrator = DatabaseMigrator()
  SQLiteMemoriesStore.registerMigrations(in: &migrator)
  try migrator.migrate(pool)
  return pool
}

@Suite struct MemoriesStoreTests {
  /// The same test on each store the app can run on.
  @Test(arguments: ["sqlite", "postgres"])
  func importIsIdempotentAndQueriesADayAcrossYears(_ kind: String) throws {
    let store: any MemoriesStore =
      kind == "sqlite"
      ? SQLiteMemoriesStore(pool: try migratedPool())
      : try PostgresMemoriesStore(
        pool: PostgresPool(url: try PostgresTestServer.shared.get().freshDatabase(), size: 2))
    let report = try store.importRecords(
      everyKind + [record("late", "2015-03-09T10:00:00Z", "text", ["text": "same year"])],
      file: "f.json")
    #expect(report.summary == "Imported 7 items from f.json.")
    _ = try store.importRecords(everyKind, file: "f.json")
    #expect(try store.itemCount() == 7)
    let issue = try store.issue(for: IssueKey("20150309")!)
    #expect(issue.albums.map(\.year) == [2014, 2013, 2012, 2011, 2010])
    #expect(issue.albums[0].items.map(\.id) == ["p", "t"])
    #expect(try store.issue(for: IssueKey("20150310")!).albums.isEmpty)
  }

  @Test func importerReportsAFileThatIsNotRecords() throws {
    let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString.prefix(6)).json"
    try "{\"nope\": 1}".write(toFile: path, atomically: true, encoding: .utf8)
    let report = try MemoriesImporter(store: InMemoryMemoriesStore()).importFile(at: path)
    #expect(report.imported == 0)
    #expect(
      report.problems.first?.reason
        == "it is not JSON holding a list of records (or {\"items\": [...]})")
  }

  @Test func demoSetCoversEveryDayAndEveryKind() throws {
    let records = DemoMemories.records()
    let (items, problems) = IssueController().parse(records, file: "demo")
    #expect(problems == [])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let days = Set(
      items.map { calendar.dateComponents([.month, .day], from: $0.createdAt) }.map {
        "\($0.month!)-\($0.day!)"
      })
    #expect(days.count == 366)
    let kinds = Set(
      items.map {
        Self.kind(
          UserContentViewModel(
            item: $0, key: IssueKey("20150309")!, isActive: false, timeZone: .gmt,
            image: { _, _ in
              ImageViewModel(
                source: nil, width: 0, height: 0, alt: "", isActive: false,
                placeholder: .web("/p.svg"))
            }))
      })
    #expect(kinds == ["photoAlbum", "video", "text", "event", "location", "link"])
  }

  /// Which block output an item has: exactly one is present.
  static func kind(_ item: UserContentViewModel) -> String {
    let present: [(String, Bool)] = [
      ("photoAlbum", item.photoAlbum != nil), ("video", item.video != nil),
      ("text", item.text != nil), ("event", item.event != nil),
      ("location", item.location != nil), ("link", item.link != nil),
    ]
    let names = present.filter(\.1).map(\.0)
    return names.count == 1 ? names[0] : "\(names)"
  }
}

@Suite struct IssueViewModelTests {
  func issue(_ key: String = "20150309") throws -> IssueViewModel {
    let store = InMemoryMemoriesStore()
    _ = try store.importRecords(everyKind, file: "f")
    return IssueViewModel(
      issue: try store.issue(for: IssueKey(key)!), timeZone: TimeZone(identifier: "UTC")!
    ) { $0 == "a.svg" }
  }

  @Test func albumsHeadingsAndEveryKindsTexts() throws {
    let viewModel = try issue()
    #expect(
      viewModel.albums.map(\.heading) == [
        "1 year ago · 2014", "2 years ago · 2013", "3 years ago · 2012", "4 years ago · 2011",
        "5 years ago · 2010",
      ])
    #expect(viewModel.dateText == "Monday, March 9, 2015")
    let items = viewModel.albums.flatMap(\.items)
    let photo = try #require(items[0].photoAlbum?.photos.first)
    #expect(
      photo.image.url == Link(MemoriesDestination.media("a.svg")) && photo.image.isActive
        && photo.caption == "Cap")
    #expect(
      items[1].text?.segments == [
        TextSegment(text: "See ", isLink: false),
        TextSegment(text: "https://a.test/x", isLink: true),
        TextSegment(text: " and javascript:alert(1) ok", isLink: false),
      ])
    #expect(items[2].video?.durationText == "2:05")
    // A missing file: the placeholder shows instead.
    let poster = try #require(items[2].video?.poster)
    #expect(poster.failed && poster.url == Link(Asset("placeholder.svg")) && !poster.isActive)
    #expect(items[3].event?.whenText == "19:00–21:30")
    #expect(items[4].location?.coordinatesText == "48.8584° N, 2.2945° W")
    #expect(items[4].presentables == [.location])
    #expect(items[4].detail == .detail(IssueKey("20150309")!, itemID: items[4].item.id, .location))
    #expect(items[5].link?.url == .web("https://b.test"))
    #expect(items[0].presentables == [.interactions])
    #expect(
      InteractionsViewModel(interactions: items[0].item.interactions).likesText
        == "Liked by Ann, Bo and Cy")
    #expect(
      InteractionsViewModel(interactions: items[0].item.interactions).countText
        == "3 likes · 1 comment")
    #expect(items[0].interactions != nil && items[1].interactions == nil)
    let detail = try #require(viewModel.detail(itemID: items[4].item.id, .location))
    #expect(detail.location?.name == items[4].location?.name && detail.event == nil)
    #expect(detail.back == .itemInIssue(IssueKey("20150309")!, itemID: items[4].item.id))
    #expect(viewModel.detail(itemID: items[4].item.id, .event) == nil)
  }

  @Test func emptyDay() throws {
    let viewModel = try issue("20150310")
    #expect(viewModel.albums.isEmpty)
    #expect(viewModel.isEmpty)
    #expect(viewModel.emptyTitle == "No memories today")
    #expect(viewModel.emptyHint == "Try again tomorrow!")
  }
}
