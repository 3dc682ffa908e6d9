import Foundation
import GRDB
import MVVMWebPostgres
import MVVMWebSQLite
import MVVMWebViewModels
import TestSupport
import Testing

@testable import Memories

/// One record of each kind, as a memories file holds them.
let everyKindRecords = [
  #"""
  {"id": "p", "source": "Photos", "created": "2014-03-09T18:30:00Z", "kind": "photoAlbum",
   "photos": [{"file": "a.svg", "width": 4, "height": 3, "alt": "A", "caption": "Cap"}],
   "likes": ["Ann", "Bo", "Cy"], "comments": [{"author": "Bo", "text": "Nice"}]}
  """#,
  #"""
  {"id": "v", "source": "Photos", "created": "2013-03-09T10:00:00Z", "kind": "video",
   "video": {"poster": {"file": "p.svg", "width": 4, "height": 3}, "duration": 125,
             "link": "https://v.test/1"}}
  """#,
  #"""
  {"id": "t", "source": "Photos", "created": "2014-03-09T09:00:00Z", "kind": "text",
   "text": "See https://a.test/x and javascript:alert(1) ok"}
  """#,
  #"""
  {"id": "e", "source": "Photos", "created": "2012-03-09T19:00:00Z", "kind": "event",
   "event": {"title": "Dinner", "start": "2012-03-09T19:00:00Z", "end": "2012-03-09T21:30:00Z",
             "place": "Home"}}
  """#,
  #"""
  {"id": "l", "source": "Photos", "created": "2011-03-09T12:00:00Z", "kind": "location",
   "location": {"name": "Tower", "latitude": 48.8584, "longitude": -2.2945}}
  """#,
  #"""
  {"id": "k", "source": "Photos", "created": "2010-03-09T12:00:00Z", "kind": "link",
   "link": {"title": "Bread", "url": "https://b.test", "siteName": "Lab"}}
  """#,
]

/// The items those records hold, written out.
let everyKind: [UserContent] = [
  UserContent(
    id: "p", source: "Photos", createdAt: Date(timeIntervalSince1970: 1_394_389_800),
    block: .photoAlbum([
      Photo(image: MediaRef(file: "a.svg", width: 4, height: 3, alt: "A"), caption: "Cap")
    ]),
    interactions: Interactions(
      likes: ["Ann", "Bo", "Cy"], comments: [Comment(author: "Bo", text: "Nice")])),
  UserContent(
    id: "v", source: "Photos", createdAt: Date(timeIntervalSince1970: 1_362_823_200),
    block: .video(
      poster: MediaRef(file: "p.svg", width: 4, height: 3, alt: ""), durationSeconds: 125,
      link: "https://v.test/1"),
    interactions: Interactions(likes: [], comments: [])),
  UserContent(
    id: "t", source: "Photos", createdAt: Date(timeIntervalSince1970: 1_394_355_600),
    block: .textWithLinks("See https://a.test/x and javascript:alert(1) ok"),
    interactions: Interactions(likes: [], comments: [])),
  UserContent(
    id: "e", source: "Photos", createdAt: Date(timeIntervalSince1970: 1_331_319_600),
    block: .event(
      title: "Dinner", start: Date(timeIntervalSince1970: 1_331_319_600),
      end: Date(timeIntervalSince1970: 1_331_328_600), place: "Home"),
    interactions: Interactions(likes: [], comments: [])),
  UserContent(
    id: "l", source: "Photos", createdAt: Date(timeIntervalSince1970: 1_299_672_000),
    block: .location(name: "Tower", latitude: 48.8584, longitude: -2.2945),
    interactions: Interactions(likes: [], comments: [])),
  UserContent(
    id: "k", source: "Photos", createdAt: Date(timeIntervalSince1970: 1_268_136_000),
    block: .link(title: "Bread", url: "https://b.test", siteName: "Lab", image: nil),
    interactions: Interactions(likes: [], comments: [])),
]

/// A memories file holding `records`, as a list.
func file(_ records: [String]) -> Data {
  Data(("[" + records.joined(separator: ",\n") + "]").utf8)
}

/// A text record of `id`, made at `created`.
func textRecord(_ id: String, _ created: String, _ text: String = "a") -> String {
  #"{"id": "\#(id)", "source": "Notes", "created": "\#(created)", "kind": "text", "text": "\#(text)"}"#
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
    let (items, problems) = IssueController().parse(file(everyKindRecords), file: "f.json")
    #expect(problems == [])
    #expect(items == everyKind)
  }

  @Test func aListUnderItemsParsesToo() {
    let json = #"{"items": [\#(everyKindRecords[2])]}"#
    let (items, problems) = IssueController().parse(Data(json.utf8), file: "f.json")
    #expect(problems == [])
    #expect(items == [everyKind[2]])
  }

  @Test func badRecordsAreReportedAndGoodOnesKept() {
    let records = [
      everyKindRecords[2], #""not an object""#, textRecord("x", "2014-03-09"),
      #"""
      {"id": "y", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "video",
       "video": {"poster": {"file": "../etc/passwd", "width": 1, "height": 1}, "duration": 1,
                 "link": "https://v"}}
      """#,
      #"""
      {"id": "z", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "link",
       "link": {"title": "t", "url": "data:text/html,x", "siteName": "s"}}
      """#,
      #"""
      {"id": "w", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "location",
       "location": {"name": "n", "latitude": "north", "longitude": 1}}
      """#,
      #"{"id": "q", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "poem"}"#,
      #"{"id": "a b", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "text", "text": "t"}"#,
      #"{"id": "m", "created": "2014-03-09T10:00:00Z", "kind": "text", "text": "t"}"#,
      #"{"id": "n", "source": null, "created": "2014-03-09T10:00:00Z", "kind": "text", "text": 5}"#,
      #"{"id": "o", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "photoAlbum", "photos": []}"#,
      #"{"id": "r", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "photoAlbum", "photos": [1]}"#,
      #"{"id": "u", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "video", "video": []}"#,
      #"{"id": "s", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "text", "text": "t", "likes": [1]}"#,
      #"""
      {"id": "d", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "video",
       "video": {"poster": {"file": "p.svg", "width": 1.5, "height": 1}, "duration": 1,
                 "link": "https://v"}}
      """#,
      #"""
      {"id": "c", "source": "s", "created": "2014-03-09T10:00:00Z", "kind": "location",
       "location": {"name": "n", "latitude": 91, "longitude": 1}}
      """#,
    ]
    let (items, problems) = IssueController().parse(file(records), file: "f.json")
    #expect(items == [everyKind[2]])
    #expect(
      problems.map(\.description) == [
        "f.json record 2: it is not an object",
        "f.json record 3: \"created\" is not an ISO 8601 date like 2014-03-09T18:30:00Z",
        "f.json record 4: \"file\" must be a file name in the media folder, without folders",
        "f.json record 5: \"url\" must be an http or https URL",
        "f.json record 6: \"latitude\" is not a number",
        "f.json record 7: \"kind\" is \"poem\", expected one of photoAlbum, video, text, event, location, link",
        "f.json record 8: \"id\" must be 1 to 64 letters, digits, - or _",
        "f.json record 9: \"source\" is missing",
        "f.json record 10: \"text\" is not text",
        "f.json record 11: \"photos\" is empty",
        "f.json record 12: \"photos\" holds something that is not an object",
        "f.json record 13: \"video\" is not an object",
        "f.json record 14: \"likes\" is not a list of text",
        "f.json record 15: \"width\" is not a whole number of zero or more",
        "f.json record 16: the coordinates are out of range",
      ])
  }

  @Test(arguments: [#"{"nope": 1}"#, "not json", #"{"items": 3}"#, "3"])
  func aFileThatHoldsNoListIsOneProblem(json: String) {
    let (items, problems) = IssueController().parse(Data(json.utf8), file: "bad.json")
    #expect(items == [])
    #expect(
      problems.map(\.description) == [
        #"bad.json record 0: it is not JSON holding a list of records (or {"items": [...]})"#
      ])
  }
}

@Suite struct JSONNumberTests {
  /// JSON's 0 and 1 are numbers, and true and false are not.
  @Test func zeroAndOneAreNumbersAndBooleansAreNot() throws {
    let json = """
      [{"id": "a", "source": "Maps", "created": "2014-03-09T10:00:00Z", "kind": "location",
        "location": {"name": "Null Island", "latitude": 0, "longitude": 1}},
       {"id": "b", "source": "Maps", "created": "2014-03-09T10:00:00Z", "kind": "location",
        "location": {"name": "Nowhere", "latitude": true, "longitude": 0}}]
      """
    let (items, problems) = IssueController().parse(Data(json.utf8), file: "j.json")
    #expect(items.map(\.block) == [.location(name: "Null Island", latitude: 0, longitude: 1)])
    #expect(problems.map(\.description) == ["j.json record 2: \"latitude\" is not a number"])
  }
}

/// A new database file, migrated as the app migrates it (the memories' part).
func migratedDatabase() throws -> SQLiteDatabase {
  let database = try SQLiteDatabase(
    path: NSTemporaryDirectory() + "mvvmweb-mem-\(UUID().uuidString.prefix(6)).sqlite")
  var migrator = DatabaseMigrator()
  SQLiteMemoriesStore.registerMigrations(in: &migrator)
  try migrator.migrate(database.pool)
  return database
}

@Suite struct StoredMemoryTests {
  /// What the SQL stores keep: the record as JSON, keys sorted, filed under its month and day.
  @Test func anItemIsStoredAsItsRecord() throws {
    let stored = try StoredMemory(everyKind[0])
    #expect(stored.id == "p" && stored.monthDay == "0309" && stored.createdAt == 1_394_389_800)
    #expect(
      stored.json
        == #"{"comments":[{"author":"Bo","text":"Nice"}],"created":"2014-03-09T18:30:00Z","id":"p","kind":"photoAlbum","likes":["Ann","Bo","Cy"],"photos":[{"alt":"A","caption":"Cap","file":"a.svg","height":3,"width":4}],"source":"Photos"}"#
    )
    #expect(
      try StoredMemory(everyKind[1]).json
        == #"{"created":"2013-03-09T10:00:00Z","id":"v","kind":"video","source":"Photos","video":{"duration":125,"link":"https://v.test/1","poster":{"alt":"","file":"p.svg","height":3,"width":4}}}"#
    )
    let records = try everyKind.map { try StoredMemory($0).json }
    #expect(StoredMemory.items(records) == everyKind)
  }

  /// A row as earlier versions wrote it (the imported dictionary through JSONSerialization, with
  /// its escaped slashes and any field the import did not know) reads as the same item; a row
  /// that no longer reads is left out.
  @Test func rowsWrittenBeforeReadTheSame() throws {
    let old =
      #"{"created":"2013-03-09T10:00:00Z","extra":true,"id":"v","kind":"video","source":"Photos","video":{"duration":125,"link":"https:\/\/v.test\/1","poster":{"file":"p.svg","height":3,"width":4}}}"#
    #expect(StoredMemory.items([old, "{}", "not json"]) == [everyKind[1]])
  }

  @Test func anOlderFilesRowsComeBackFromTheStore() throws {
    let database = try migratedDatabase()
    let old =
      #"{"created":"2014-03-09T09:00:00Z","id":"t","kind":"text","source":"Photos","text":"See https:\/\/a.test\/x and javascript:alert(1) ok"}"#
    try database.pool.write { db in
      try db.execute(
        sql:
          "INSERT INTO memoryItem (id, monthDay, createdAt, record) VALUES ('t', '0309', 1394355600, ?)",
        arguments: [old])
    }
    let store = SQLiteMemoriesStore(database: database)
    #expect(try store.issue(for: IssueKey("20150309")!).albums.flatMap(\.items) == [everyKind[2]])
    #expect(try store.allItems() == [everyKind[2]])
  }
}

@Suite struct MemoriesStoreTests {
  /// The same test on each store the app can run on.
  @Test(arguments: ["sqlite", "postgres", "memory"])
  func savingIsIdempotentAndQueriesADayAcrossYears(_ kind: String) throws {
    let store: any MemoriesStore =
      switch kind {
      case "sqlite": SQLiteMemoriesStore(database: try migratedDatabase())
      case "postgres":
        try PostgresMemoriesStore(
          pool: PostgresPool(url: try PostgresTestServer.shared.get().freshDatabase(), size: 2))
      default: InMemoryMemoriesStore()
      }
    let late = try #require(
      IssueController().parse(file([textRecord("late", "2015-03-09T10:00:00Z")]), file: "f").items
        .first)
    try store.save(everyKind + [late])
    try store.save(everyKind)
    #expect(try store.itemCount() == 7)
    let issue = try store.issue(for: IssueKey("20150309")!)
    #expect(issue.albums.map(\.year) == [2014, 2013, 2012, 2011, 2010])
    #expect(issue.albums[0].items == [everyKind[0], everyKind[2]])
    #expect(
      issue.albums.dropFirst().map(\.items) == [
        [everyKind[1]], [everyKind[3]], [everyKind[4]], [everyKind[5]],
      ])
    #expect(try store.issue(for: IssueKey("20150310")!).albums.isEmpty)
    #expect(try store.allItems().map(\.id) == ["e", "k", "l", "late", "p", "t", "v"])
    #expect(try store.allItems().first == everyKind[3])
  }

  @Test func importerSavesTheGoodRecordsAndReportsTheRest() throws {
    let path = NSTemporaryDirectory() + "memories-\(UUID().uuidString.prefix(6)).json"
    try file(everyKindRecords + [textRecord("x", "yesterday")]).write(
      to: URL(fileURLWithPath: path))
    let store = InMemoryMemoriesStore()
    let report = try MemoriesImporter(store: store).importFile(at: path)
    let name = (path as NSString).lastPathComponent
    #expect(
      report.summary
        == "Imported 6 items from \(name); refused 1:\n  \(name) record 7: \"created\" is not an ISO 8601 date like 2014-03-09T18:30:00Z"
    )
    #expect(try store.allItems() == everyKind.sorted { $0.id < $1.id })
  }

  @Test func importerReportsAFileThatIsNotRecords() throws {
    let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString.prefix(6)).json"
    try "{\"nope\": 1}".write(toFile: path, atomically: true, encoding: .utf8)
    let report = try MemoriesImporter(store: InMemoryMemoriesStore()).importFile(at: path)
    #expect(report.imported == 0)
    #expect(
      report.problems.map(\.reason) == [
        "it is not JSON holding a list of records (or {\"items\": [...]})"
      ])
    let missing = try MemoriesImporter(store: InMemoryMemoriesStore()).importFile(
      at: NSTemporaryDirectory() + "no-such-file.json")
    #expect(
      missing.summary
        == "Imported 0 items from no-such-file.json; refused 1:\n  no-such-file.json record 0: the file cannot be read"
    )
  }

  /// The demo set keeps the import's rules: its records, written out and imported, come back
  /// the same and none is refused.
  @Test func demoSetCoversEveryDayAndEveryKind() throws {
    let items = DemoMemories.items()
    #expect(items.count == 366 * 3)
    let records = try items.map { try StoredMemory($0).json }
    let (imported, problems) = IssueController().parse(file(records), file: "demo")
    #expect(problems == [])
    #expect(imported == items)
    #expect(Set(items.map { StoredMemory.monthDay(of: $0.createdAt) }).count == 366)
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
    #expect(
      items.first
        == UserContent(
          id: "demo-0101-0", source: "Photos",
          createdAt: Date(timeIntervalSince1970: 1_451_638_800),
          block: .photoAlbum([
            Photo(
              image: MediaRef(file: "demo-beach.svg", width: 640, height: 480, alt: "A beach"),
              caption: "Morning swim"),
            Photo(
              image: MediaRef(
                file: "demo-forest.svg", width: 640, height: 480, alt: "A forest path"),
              caption: "The long way home"),
            Photo(
              image: MediaRef(file: "lost-photo.svg", width: 640, height: 480, alt: "City lights"),
              caption: "City lights"),
          ]),
          interactions: Interactions(
            likes: ["Ann"], comments: [Comment(author: "Bruno", text: "Love this!")])))
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
    try store.save(everyKind)
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
