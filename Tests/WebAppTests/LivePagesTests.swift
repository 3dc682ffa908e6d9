import Foundation
import MVVMWeb
import MVVMWebTesting
import TestSupport
import Testing
import WebApp

/// Live pages through real sockets: a page's own address, asked for `text/event-stream`,
/// streams its live elements; each change is rendered once and sent to every viewer.
@Suite(.timeLimit(.minutes(2))) struct LivePagesTests {
  func app(
    heartbeat: Duration = .seconds(60), maxStreams: Int = 100, maxPages: Int = 100,
    maxElementBytes: Int = 512 * 1024, usersLatency: Duration = .zero
  ) async throws -> AppHarness {
    try await AppHarness(demo: true, arguments: ["--users-latency", "\(usersLatency.seconds)"]) {
      configuration in
      configuration.live = LiveSettings(
        maxStreams: maxStreams, maxPages: maxPages, maxElementBytes: maxElementBytes,
        heartbeat: heartbeat)
    }
  }

  /// A stream whose opening (`retry:`) and first catch-up event have been read. The first
  /// viewer of a page gets its elements once they are rendered, and a heartbeat may come first:
  /// it is skipped.
  func opened(
    _ app: AppHarness, _ path: String, lastEventID: String? = nil
  ) async throws -> (TestEventStream, LiveEvent) {
    let stream = try await app.client.follow(path, lastEventID: lastEventID)
    #expect(try await stream.next() == LiveEvent(retry: "2000"))
    var first = try await stream.next()
    while first.comment != nil { first = try await stream.next() }
    return (stream, first)
  }

  /// Adds a player as a person does, on the player form.
  func addPlayer(_ app: AppHarness, _ name: String) async throws {
    var player = try await app.client.page("/players/new").form(submit: "Save")
    try player.fill("Name", with: name)
    #expect(try await app.client.submit(player).status == 303)
  }

  func renders(_ app: AppHarness, _ page: String) async throws -> Int? {
    let prefix = "mvvmweb_live_renders_total{page=\"\(page)\"} "
    return try await app.get("/metrics").text.split(separator: "\n")
      .first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
  }

  @Test func aStreamStartsWithThePageAsItIsAndFollowsEachChange() async throws {
    let app = try await app()
    let page = try await app.get("/rankings")
    #expect(page.header("Vary") == "Accept, Accept-Encoding")
    // The page's stream, its events applied to the page as the page's script applies them.
    let stream = try await app.client.follow(page.page)
    #expect(try await stream.next() == LiveEvent(retry: "2000"))
    let first = try await stream.next(element: "rankings")
    #expect(stream.status == 200)
    #expect(stream.header("Content-Type") == "text/event-stream")
    #expect(stream.header("Cache-Control") == "no-cache")
    #expect(stream.header("X-Accel-Buffering") == "no")
    #expect(stream.header("Transfer-Encoding") == "chunked")
    let firstID = try #require(first.id)
    #expect(firstID.wholeMatch(of: /[0-9a-f]+-1/) != nil)
    #expect(first.elementID == "rankings")
    let html = try #require(first.html)
    #expect(html.hasPrefix(#"<div id="rankings" data-live="">"#) && html.hasSuffix("</div>"))
    #expect(page.text.contains(html))  // Exactly what the page shows.
    let rows = stream.page.rows(id: "rankings")
    #expect(rows.count == 6 && !rows.contains { $0.text.contains("Zed") })

    try await addPlayer(app, "Zed")
    // The rankings' rows are keyed (m:key): the change is the new row, not the element again,
    // and it leaves the page as a reload shows it.
    let change = try await stream.next(element: "rankings")
    #expect(change.id == firstID.dropLast() + "2")
    #expect(change.event == "rows")
    #expect(change.elementID == "rankings")
    #expect(stream.page.rows(id: "rankings").count == 7)
    #expect(stream.page.rows(id: "rankings").last?.text == "7 Zed 0.00")
    let reloaded = try await app.client.page("/rankings")
    #expect(stream.page.element(id: "rankings")?.html == reloaded.element(id: "rankings")?.html)
  }

  /// A signed-out person's page: a signed-in one depends on who asks, and is validated by its
  /// bytes (`AccountsPagesTests`).
  @Test func anUnchangedPageIsConfirmedByItsDataVersionWithoutBeingMade() async throws {
    let app = try await app()
    let page = try await app.get("/rankings", signedOut: true)
    let tag = try #require(page.header("ETag"))
    #expect(tag.hasPrefix(#"W/""#))
    let confirmed = try await app.get(
      "/rankings", headers: [("If-None-Match", tag)], signedOut: true)
    #expect(confirmed.status == 304 && confirmed.body.isEmpty)
    #expect(confirmed.header("ETag") == tag && confirmed.header("Cache-Control") == "no-cache")
    #expect(confirmed.header("Vary") == "Accept-Encoding, Accept")
    // Another address of the same data is another page.
    #expect(
      try await app.get("/rankings?x=1", headers: [("If-None-Match", tag)], signedOut: true).status
        == 200)
    try await addPlayer(app, "Walter")
    let changed = try await app.get("/rankings", headers: [("If-None-Match", tag)], signedOut: true)
    #expect(changed.status == 200 && changed.text.contains("<td>Walter</td>"))
    #expect(changed.header("ETag") != tag)
    // A request with a cookie (the one-time notice) is always answered in full.
    let newTag = try #require(changed.header("ETag"))
    let withCookie = try await app.get(
      "/rankings", headers: [("If-None-Match", newTag), ("Cookie", "other=1")])
    #expect(withCookie.status == 200 && withCookie.header("ETag")?.hasPrefix("W/") == false)
    // A form with a one-time token is validated by its bytes only, which differ every time.
    let id = try #require(
      try await app.get("/matches").text.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    let form = try await app.get("/matches/\(id)/edit")
    #expect(form.header("ETag")?.hasPrefix("W/") == false)
    let formTag = try #require(form.header("ETag"))
    #expect(
      try await app.get("/matches/\(id)/edit", headers: [("If-None-Match", formTag)]).status == 200)
    // The playlist is confirmed by its source's version.
    let playlistTag = try #require(
      try await app.get("/playlist?page=1", signedOut: true).header("ETag"))
    #expect(
      try await app.get(
        "/playlist?page=1", headers: [("If-None-Match", playlistTag)], signedOut: true
      ).status == 304
    )
  }

  @Test func eachChangeIsRenderedOnceWhateverTheNumberOfViewers() async throws {
    let app = try await app()
    var streams: [TestEventStream] = []
    for _ in 0..<3 { streams.append(try await opened(app, "/rankings").0) }
    try await addPlayer(app, "Yolanda")
    var events: [LiveEvent] = []
    for stream in streams { events.append(try await stream.next(element: "rankings")) }
    #expect(events[0].html?.contains("<td>Yolanda</td>") == true)
    #expect(events[1] == events[0] && events[2] == events[0])
    // The first viewer's stream rendered the page once; the change once more.
    #expect(try await renders(app, "rankings.xhtml") == 2)
  }

  @Test func aChangeThatLeavesThePageAsItIsSendsNothing() async throws {
    let app = try await app(heartbeat: .milliseconds(300))
    let (stream, first) = try await opened(app, "/matches")
    #expect(first.elementID == "matches")
    try await addPlayer(app, "Xavier")  // The league changed; the list of matches did not.
    #expect(await app.eventually { try await renders(app, "matches.xhtml") == 2 })
    #expect(try await stream.next() == LiveEvent(comment: "heartbeat"))
  }

  @Test func aReconnectCatchesUpOnlyWhenBehind() async throws {
    let app = try await app(heartbeat: .milliseconds(300))
    let (viewer, first) = try await opened(app, "/rankings")
    let current = try #require(first.id)
    let upToDate = try await app.client.follow("/rankings", lastEventID: current)
    #expect(try await upToDate.next() == LiveEvent(retry: "2000"))
    #expect(try await upToDate.next() == LiveEvent(comment: "heartbeat"))
    // A tab shown again opens a new EventSource, which says where it was in the query.
    let reopened = try await app.client.follow("/rankings?last-event-id=\(current)")
    #expect(try await reopened.next() == LiveEvent(retry: "2000"))
    #expect(try await reopened.next() == LiveEvent(comment: "heartbeat"))
    let (_, caughtUp) = try await opened(app, "/rankings", lastEventID: "0-1")
    #expect(caughtUp == first)
    #expect(try await viewer.next() == LiveEvent(comment: "heartbeat"))
  }

  @Test func overTheCapAStreamIsRefusedAndThePageStillWorks() async throws {
    let app = try await app(maxStreams: 2)
    var streams: [TestEventStream] = []
    for _ in 0..<2 { streams.append(try await opened(app, "/rankings").0) }
    let refused = try await app.client.follow("/rankings")
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "30")
    #expect(try await app.get("/rankings").status == 200)
    streams.removeFirst().close()  // Its socket closes; its place is given back.
    #expect(await app.eventually { try await app.client.follow("/rankings").status == 200 })
    #expect(streams.count == 1)
  }

  @Test func aRefreshShowsItsLoadingStateOnEveryOpenList() async throws {
    let app = try await app(usersLatency: .milliseconds(300))
    var viewers: [(TestEventStream, LiveEvent)] = []
    for _ in 0..<2 { viewers.append(try await opened(app, "/users")) }
    let before = try #require(viewers[0].1.html)
    #expect(!before.contains("aria-busy"))
    #expect(try await app.post("/users/refresh", "").header("Location") == "/users")
    for (stream, _) in viewers {
      let loading = try #require(try await stream.next(element: "users").html)
      #expect(loading.hasPrefix(#"<div id="users" aria-busy="true" data-live="">"#))
      #expect(loading.contains(#"<button type="submit" disabled>Refresh</button>"#))
      #expect(
        loading.contains(#"<button type="submit" class="secondary" disabled>Clear cache</button>"#))
      #expect(loading.contains("Making a new set of users…"))
      let ready = try #require(try await stream.next(element: "users").html)
      #expect(!ready.contains("aria-busy") && !ready.contains("disabled"))
      #expect(ready != before)
      #expect(try await app.get("/users").text.contains(ready))
    }
  }

  @Test func anOpenEditPageFollowsTheMatchAsStored() async throws {
    let app = try await app()
    let id = try #require(
      try await app.get("/matches").text.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    let formPage = try await app.get("/matches/\(id)/edit")
    let form = formPage.text
    let home = form.matches(of: /name="home" value="([0-9a-f-]{36})" checked/).map { String($0.1) }
    let away = form.matches(of: /name="away" value="([0-9a-f-]{36})" checked/).map { String($0.1) }
    #expect(!home.isEmpty && !away.isEmpty)
    let (stream, first) = try await opened(app, "/matches/\(id)/edit")
    #expect(first.elementID == "stored-match")
    let stored = try #require(first.html)
    #expect(
      stored.hasPrefix(
        #"<p id="stored-match" class="stored" role="status" data-live="">Saved as: "#))
    #expect(form.contains(stored))
    // The score changed on the form as it was shown, its boxes as they were.
    var edit = try formPage.page.form(submit: "Save")
    try edit.fill("Home goals", with: "7")
    try edit.fill("Away goals", with: "6")
    #expect(try await app.client.submit(edit).status == 303)
    let change = try #require(try await stream.next(element: "stored-match").html)
    #expect(change.contains(" 7 : 6 "))
    // An address that names no match has no stream, as it has no page.
    let missing = try await app.client.follow("/matches/\(UUID())/edit")
    #expect(missing.status == 404)
  }

  /// Every spelling of a page's address is one page: rendered once per change, whichever of them
  /// its viewers asked for.
  @Test func spellingsOfOneAddressAreOnePage() async throws {
    let app = try await app()
    let spellings = ["/rankings", "//rankings", "/%72ankings", "/rankings/", "/rankings?x=1"]
    var rankings: [(TestEventStream, LiveEvent)] = []
    for spelling in spellings { rankings.append(try await opened(app, spelling)) }
    #expect(rankings.allSatisfy { $0.1 == rankings[0].1 })  // The same event, id included.
    let id = try #require(
      try await app.get("/matches").text.firstMatch(of: /\/matches\/([0-9a-f-]{36})\/edit/)?.1)
    var forms: [(TestEventStream, LiveEvent)] = []
    for spelling in [
      "/matches/\(id)/edit", "/matches/\(id.uppercased())/edit", "//matches//\(id)/edit",
      "/matches/%\(String(id.utf8.first ?? 0, radix: 16))\(id.dropFirst())/edit",
    ] {
      forms.append(try await opened(app, spelling))
    }
    #expect(forms.allSatisfy { $0.1 == forms[0].1 })
    #expect(try await renders(app, "rankings.xhtml") == 1)
    #expect(try await renders(app, "match-form.xhtml") == 1)
    try await addPlayer(app, "Vera")
    for (stream, _) in rankings {
      #expect(try await stream.next(element: "rankings").html?.contains("<td>Vera</td>") == true)
    }
    #expect(await app.eventually { try await renders(app, "match-form.xhtml") == 2 })
    #expect(try await renders(app, "rankings.xhtml") == 2)
  }

  /// A live page's key is its route's typed values printed: `?page=01` is page 1, so every
  /// spelling of the first page of matches is one followed page, and a cap of one page is not
  /// filled by spellings.
  @Test func spellingsOfAPageNumberAreOneLivePage() async throws {
    let app = try await app(maxPages: 1)
    let spellings = ["/matches", "/matches?page=1", "/matches?page=01", "/matches?page=001"]
    var streams: [(TestEventStream, LiveEvent)] = []
    for spelling in spellings { streams.append(try await opened(app, spelling)) }
    #expect(streams.allSatisfy { $0.0.status == 200 && $0.1 == streams[0].1 })
    #expect(try await renders(app, "matches.xhtml") == 1)
    let refused = try await app.get("/rankings", headers: [("Accept", "text/event-stream")])
    #expect(refused.status == 503)
    #expect(
      try await app.get("/matches?page=0", headers: [("Accept", "text/event-stream")]).status == 404
    )
  }

  @Test func overThePageCapANewPagesStreamIsRefusedAndThePageStillWorks() async throws {
    let app = try await app(maxPages: 1)
    let followed = try await opened(app, "/rankings").0
    let refused = try await app.get("/matches", headers: [("Accept", "text/event-stream")])
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "30")
    #expect(
      refused.text
        == "Too many different pages are following live updates right now. This page still "
        + "works: reload it to see changes.\n")
    #expect(try await app.get("/matches").status == 200)
    #expect(try await opened(app, "//rankings").0.status == 200)  // The same page: no new one.
    #expect(followed.status == 200)
  }

  /// A page too large to send ends its streams with the `reload` event (live.js then closes the
  /// stream and offers to reload), cleanly: the last chunk, and the connection kept. Chunks and
  /// a connection used again are the wire's to show: the raw client.
  @Test func aPageTooLargeToSendEndsItsStreamWithReload() async throws {
    let app = try await app(maxElementBytes: 100)
    let client = try TestSupport.TestClient(port: app.server.port)
    client.send("GET /rankings HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
    #expect(try client.readHead().status == 200)
    #expect(try client.readChunk() == Array("retry: 2000\n\n".utf8))
    #expect(try client.readChunk() == Array("event: reload\ndata: too-large\n\n".utf8))
    #expect(try client.readChunk() == nil)
    #expect(try client.request("GET", "/rankings").status == 200)
  }
}

extension TestEventStream {
  /// The first value of the stream's header `name`, whatever its case.
  fileprivate func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}
