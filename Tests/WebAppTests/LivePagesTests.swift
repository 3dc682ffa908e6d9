import Foundation
import MVVMWeb
import TestSupport
import Testing
import WebApp

/// Live pages through real sockets: a page's own address, asked for `text/event-stream`,
/// streams its live elements; each change is rendered once and sent to every viewer.
@Suite struct LivePagesTests {
  func app(
    heartbeat: Duration = .seconds(60), maxStreams: Int = 100, maxPages: Int = 100,
    maxElementBytes: Int = 512 * 1024, usersLatency: Duration = .zero
  ) throws -> AppHarness {
    try AppHarness(demo: true) { configuration in
      configuration.live = LiveSettings(
        maxStreams: maxStreams, maxPages: maxPages, maxElementBytes: maxElementBytes,
        heartbeat: heartbeat)
      configuration.usersLatency = usersLatency
    }
  }

  /// A stream whose opening (`retry:`) and first catch-up event have been read.
  func opened(
    _ app: AppHarness, _ path: String, headers: [(String, String)] = []
  ) throws -> (
    EventStream, EventStream.Event
  ) {
    let stream = try EventStream(port: app.server.port, path: path, headers: headers)
    #expect(try stream.next() == EventStream.Event(retry: "2000"))
    return (stream, try stream.next())
  }

  func addPlayer(_ app: AppHarness, _ name: String) throws {
    #expect(try app.post("/players/new", "name=\(name)").status == 303)
  }

  func renders(_ app: AppHarness, _ page: String) throws -> Int? {
    let prefix = "mvvmweb_live_renders_total{page=\"\(page)\"} "
    return try app.get("/metrics").text.split(separator: "\n")
      .first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
  }

  @Test func aStreamStartsWithThePageAsItIsAndFollowsEachChange() throws {
    let app = try app()
    let page = try app.get("/rankings")
    #expect(page.header("Vary") == "Accept, Accept-Encoding")
    let (stream, first) = try opened(app, "/rankings")
    #expect(stream.head.status == 200)
    #expect(stream.head.header("Content-Type") == "text/event-stream")
    #expect(stream.head.header("Cache-Control") == "no-cache")
    #expect(stream.head.header("X-Accel-Buffering") == "no")
    #expect(stream.head.header("Transfer-Encoding") == "chunked")
    let firstID = try #require(first.id)
    #expect(firstID.wholeMatch(of: /[0-9a-f]+-1/) != nil)
    #expect(first.elementID == "rankings")
    let html = try #require(first.html)
    #expect(html.hasPrefix(#"<div id="rankings" data-live="">"#) && html.hasSuffix("</div>"))
    #expect(page.text.contains(html))  // Exactly what the page shows.

    try addPlayer(app, "Zed")
    // The rankings' rows are keyed (m:key): the change is the new row, not the element again.
    let change = try stream.next()
    #expect(change.id == firstID.dropLast() + "2")
    #expect(change.event == "rows")
    #expect(change.elementID == "rankings")
    let json = try #require(change.html)
    let operations = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]])
    let added = try #require(operations.first { $0.first as? String == "add" })
    let row = try #require(added.last as? String)
    #expect(row.contains("<td>Zed</td>"))
    #expect(try app.get("/rankings").text.contains(row))  // Exactly what the page shows.
  }

  @Test func anUnchangedPageIsConfirmedByItsDataVersionWithoutBeingMade() throws {
    let app = try app()
    let page = try app.get("/rankings")
    let tag = try #require(page.header("ETag"))
    #expect(tag.hasPrefix(#"W/""#))
    let confirmed = try app.get("/rankings", headers: [("If-None-Match", tag)])
    #expect(confirmed.status == 304 && confirmed.body.isEmpty)
    #expect(confirmed.header("ETag") == tag && confirmed.header("Cache-Control") == "no-cache")
    #expect(confirmed.header("Vary") == "Accept-Encoding, Accept")
    // Another address of the same data is another page.
    #expect(try app.get("/rankings?x=1", headers: [("If-None-Match", tag)]).status == 200)
    try addPlayer(app, "Walter")
    let changed = try app.get("/rankings", headers: [("If-None-Match", tag)])
    #expect(changed.status == 200 && changed.text.contains("<td>Walter</td>"))
    #expect(changed.header("ETag") != tag)
    // A request with a cookie (the one-time notice) is always answered in full.
    let newTag = try #require(changed.header("ETag"))
    let withCookie = try app.get(
      "/rankings", headers: [("If-None-Match", newTag), ("Cookie", "other=1")])
    #expect(withCookie.status == 200 && withCookie.header("ETag")?.hasPrefix("W/") == false)
    // A form with a one-time token is validated by its bytes only, which differ every time.
    let id = try #require(
      try app.get("/matches").text.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    let form = try app.get("/matches/\(id)/edit")
    #expect(form.header("ETag")?.hasPrefix("W/") == false)
    let formTag = try #require(form.header("ETag"))
    #expect(try app.get("/matches/\(id)/edit", headers: [("If-None-Match", formTag)]).status == 200)
    // The playlist is confirmed by its source's version.
    let playlistTag = try #require(try app.get("/playlist?page=1").header("ETag"))
    #expect(
      try app.get("/playlist?page=1", headers: [("If-None-Match", playlistTag)]).status == 304)
  }

  @Test func eachChangeIsRenderedOnceWhateverTheNumberOfViewers() throws {
    let app = try app()
    let streams = try (0..<3).map { _ in try opened(app, "/rankings").0 }
    try addPlayer(app, "Yolanda")
    let events = try streams.map { try $0.next() }
    #expect(events[0].html?.contains("<td>Yolanda</td>") == true)
    #expect(events[1] == events[0] && events[2] == events[0])
    // The first viewer's stream rendered the page once; the change once more.
    #expect(try renders(app, "rankings.xhtml") == 2)
  }

  @Test func aChangeThatLeavesThePageAsItIsSendsNothing() throws {
    let app = try app(heartbeat: .milliseconds(300))
    let (stream, first) = try opened(app, "/matches")
    #expect(first.elementID == "matches")
    try addPlayer(app, "Xavier")  // The league changed; the list of matches did not.
    #expect(eventually { (try? renders(app, "matches.xhtml")) == 2 })
    #expect(try stream.next() == EventStream.Event(comment: "heartbeat"))
  }

  @Test func aReconnectCatchesUpOnlyWhenBehind() throws {
    let app = try app(heartbeat: .milliseconds(300))
    let (viewer, first) = try opened(app, "/rankings")
    let current = try #require(first.id)
    let upToDate = try EventStream(
      port: app.server.port, path: "/rankings", headers: [("Last-Event-ID", current)])
    #expect(try upToDate.next() == EventStream.Event(retry: "2000"))
    #expect(try upToDate.next() == EventStream.Event(comment: "heartbeat"))
    // A tab shown again opens a new EventSource, which says where it was in the query.
    let reopened = try EventStream(
      port: app.server.port, path: "/rankings?last-event-id=\(current)")
    #expect(try reopened.next() == EventStream.Event(retry: "2000"))
    #expect(try reopened.next() == EventStream.Event(comment: "heartbeat"))
    let (_, caughtUp) = try opened(app, "/rankings", headers: [("Last-Event-ID", "0-1")])
    #expect(caughtUp == first)
    #expect(try viewer.next() == EventStream.Event(comment: "heartbeat"))
  }

  @Test func overTheCapAStreamIsRefusedAndThePageStillWorks() throws {
    let app = try app(maxStreams: 2)
    var streams = try (0..<2).map { _ in try opened(app, "/rankings").0 }
    let refused = try EventStream(port: app.server.port, path: "/rankings")
    #expect(refused.head.status == 503)
    #expect(refused.head.header("Retry-After") == "30")
    #expect(try app.get("/rankings").status == 200)
    streams.removeFirst()  // Its socket closes; its place is given back.
    #expect(
      eventually {
        (try? EventStream(port: app.server.port, path: "/rankings").head.status) == 200
      })
    #expect(streams.count == 1)
  }

  @Test func aRefreshShowsItsLoadingStateOnEveryOpenList() throws {
    let app = try app(usersLatency: .milliseconds(300))
    let viewers = try (0..<2).map { _ in try opened(app, "/users") }
    let before = try #require(viewers[0].1.html)
    #expect(!before.contains("aria-busy"))
    #expect(try app.post("/users/refresh", "").header("Location") == "/users")
    for (stream, _) in viewers {
      let loading = try #require(try stream.next().html)
      #expect(loading.hasPrefix(#"<div id="users" aria-busy="true" data-live="">"#))
      #expect(loading.contains(#"<button type="submit" disabled>Refresh</button>"#))
      #expect(
        loading.contains(#"<button type="submit" class="secondary" disabled>Clear cache</button>"#))
      #expect(loading.contains("Making a new set of users…"))
      let ready = try #require(try stream.next().html)
      #expect(!ready.contains("aria-busy") && !ready.contains("disabled"))
      #expect(ready != before)
      #expect(try app.get("/users").text.contains(ready))
    }
  }

  @Test func anOpenEditPageFollowsTheMatchAsStored() throws {
    let app = try app()
    let id = try #require(
      try app.get("/matches").text.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    let form = try app.get("/matches/\(id)/edit").text
    let home = form.matches(of: /name="home" value="([0-9a-f-]{36})" checked/).map { String($0.1) }
    let away = form.matches(of: /name="away" value="([0-9a-f-]{36})" checked/).map { String($0.1) }
    #expect(!home.isEmpty && !away.isEmpty)
    let (stream, first) = try opened(app, "/matches/\(id)/edit")
    #expect(first.elementID == "stored-match")
    let stored = try #require(first.html)
    #expect(
      stored.hasPrefix(
        #"<p id="stored-match" class="stored" role="status" data-live="">Saved as: "#))
    #expect(form.contains(stored))
    let fields =
      (home.map { "home=\($0)" } + away.map { "away=\($0)" } + ["homeGoals=7", "awayGoals=6"])
    #expect(try app.post("/matches/\(id)/edit", fields.joined(separator: "&")).status == 303)
    let change = try #require(try stream.next().html)
    #expect(change.contains(" 7 : 6 "))
    // An address that names no match has no stream, as it has no page.
    let missing = try EventStream(port: app.server.port, path: "/matches/\(UUID())/edit")
    #expect(missing.head.status == 404)
  }

  /// Every spelling of a page's address is one page: rendered once per change, whichever of them
  /// its viewers asked for.
  @Test func spellingsOfOneAddressAreOnePage() throws {
    let app = try app()
    let spellings = ["/rankings", "//rankings", "/%72ankings", "/rankings/", "/rankings?x=1"]
    let rankings = try spellings.map { try opened(app, $0) }
    #expect(rankings.allSatisfy { $0.1 == rankings[0].1 })  // The same event, id included.
    let id = try #require(
      try app.get("/matches").text.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    let forms = try [
      "/matches/\(id)/edit", "/matches/\(id.uppercased())/edit", "//matches//\(id)/edit",
      "/matches/%\(String(id.utf8.first ?? 0, radix: 16))\(id.dropFirst())/edit",
    ].map { try opened(app, $0) }
    #expect(forms.allSatisfy { $0.1 == forms[0].1 })
    #expect(try renders(app, "rankings.xhtml") == 1)
    #expect(try renders(app, "match-form.xhtml") == 1)
    try addPlayer(app, "Vera")
    for (stream, _) in rankings {
      #expect(try stream.next().html?.contains("<td>Vera</td>") == true)
    }
    #expect(eventually { (try? renders(app, "match-form.xhtml")) == 2 })
    #expect(try renders(app, "rankings.xhtml") == 2)
  }

  /// A live page's key is its route's typed values printed: `?page=01` is page 1, so every
  /// spelling of the first page of matches is one followed page, and a cap of one page is not
  /// filled by spellings.
  @Test func spellingsOfAPageNumberAreOneLivePage() throws {
    let app = try app(maxPages: 1)
    let spellings = ["/matches", "/matches?page=1", "/matches?page=01", "/matches?page=001"]
    let streams = try spellings.map { try opened(app, $0) }
    #expect(streams.allSatisfy { $0.0.head.status == 200 && $0.1 == streams[0].1 })
    #expect(try renders(app, "matches.xhtml") == 1)
    let refused = try app.get("/rankings", headers: [("Accept", "text/event-stream")])
    #expect(refused.status == 503)
    #expect(
      try app.get("/matches?page=0", headers: [("Accept", "text/event-stream")]).status == 404)
  }

  @Test func overThePageCapANewPagesStreamIsRefusedAndThePageStillWorks() throws {
    let app = try app(maxPages: 1)
    let followed = try opened(app, "/rankings").0
    let refused = try app.get("/matches", headers: [("Accept", "text/event-stream")])
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "30")
    #expect(
      refused.text
        == "Too many different pages are following live updates right now. This page still "
        + "works: reload it to see changes.\n")
    #expect(try app.get("/matches").status == 200)
    #expect(try opened(app, "//rankings").0.head.status == 200)  // The same page: no new one.
    #expect(followed.head.status == 200)
  }

  /// A page too large to send ends its streams with the `reload` event (live.js then closes the
  /// stream and offers to reload), cleanly: the last chunk, and the connection kept.
  @Test func aPageTooLargeToSendEndsItsStreamWithReload() throws {
    let app = try app(maxElementBytes: 100)
    let stream = try EventStream(port: app.server.port, path: "/rankings")
    #expect(stream.head.status == 200)
    #expect(try stream.next() == EventStream.Event(retry: "2000"))
    #expect(try stream.client.readChunk() == Array("event: reload\ndata: too-large\n\n".utf8))
    #expect(try stream.client.readChunk() == nil)
    #expect(try stream.client.request("GET", "/rankings").status == 200)
  }
}
