import Foundation
import League
import MVVMWebTesting
import TestSupport
import Testing

@testable import MVVMWeb
@testable import WebApp

/// Pages stay bounded as data grows: a league of 10,000 matches in a real SQLite file is shown
/// 50 matches a page, and a name of a megabyte is refused, over real sockets.
@Suite(.timeLimit(.minutes(2))) struct BoundedPagesTests {
  /// What one page of matches may weigh: 50 rows are about 12 KB; the whole league, before it
  /// was paged, was 2 MB.
  static let pageBound = 64 * 1024

  let app: AppHarness

  init() async throws {
    app = try await AppHarness()
  }

  /// The match addresses a page links to, in order.
  func editLinks(_ page: MVVMWebTesting.TestResponse) -> [String] {
    page.text.matches(of: /href="(\/matches\/[0-9a-f-]{36})\/edit"/).map { String($0.1) }
  }

  /// GETs `path` signed in, as `app.get` does, allowing 60 s for the answer: the first pages
  /// of a league of 10,000 matches, just seeded, in a debug build beside the parallel suites.
  func patient(_ path: String) async throws -> MVVMWebTesting.TestResponse {
    try await TestClient(port: app.server.port, timeout: .seconds(60)).get(
      path, headers: app.signedIn([]))
  }

  @Test func tenThousandMatchesArePagedFiftyAtATime() async throws {
    try app.stores.league.seed(.benchmark(players: 100, matches: 10_000))
    let first = try await patient("/matches")
    #expect(first.status == 200)
    #expect(first.body.count < Self.pageBound)
    #expect(editLinks(first).count == 50)
    #expect(first.text.contains(#"<p class="subtitle">Matches 1–50 of 10,000 · Page 1 of 200</p>"#))
    #expect(first.text.contains(#"<a href="/matches?page=2">Next →</a>"#))
    #expect(!first.text.contains("← Previous"))
    #expect(try await patient("/matches?page=1").text == first.text)

    let second = try await patient("/matches?page=2")
    #expect(second.status == 200)
    #expect(editLinks(second).count == 50)
    #expect(Set(editLinks(second)).isDisjoint(with: editLinks(first)))
    #expect(second.text.contains("Matches 51–100 of 10,000 · Page 2 of 200"))
    // The first page has one address, the list's own.
    #expect(second.text.contains(#"<a href="/matches">← Previous</a>"#))
    #expect(second.text.contains(#"<a href="/matches?page=3">Next →</a>"#))

    let last = try await patient("/matches?page=200")
    #expect(editLinks(last).count == 50)
    #expect(last.text.contains("Matches 9,951–10,000 of 10,000 · Page 200 of 200"))
    #expect(!last.text.contains("Next →"))
  }

  /// Words, 0, negatives and numbers past `Int` name no page; a number past the last names one
  /// the league does not have. Each is a 404 that says why, as for the playlist.
  @Test(arguments: [
    ("abc", "<p>There is no matches page &#34;abc&#34;: pages are numbered from 1.</p>"),
    ("0", "<p>There is no matches page &#34;0&#34;: pages are numbered from 1.</p>"),
    ("-1", "<p>There is no matches page &#34;-1&#34;: pages are numbered from 1.</p>"),
    (
      "99999999999999999999",
      "<p>There is no matches page &#34;99999999999999999999&#34;: pages are numbered from 1.</p>"
    ),
    ("4", "<p>There is no matches page 4: it has 3 page(s).</p>"),
    (
      "9223372036854775807",
      "<p>There is no matches page 9223372036854775807: it has 3 page(s).</p>"
    ),
  ])
  func pagesThatDoNotExistAre404(page: String, message: String) async throws {
    try app.stores.league.seed(.benchmark(players: 10, matches: 120))
    let response = try await app.get("/matches?page=\(page)")
    #expect(response.status == 404)
    #expect(response.text.contains(message))
  }

  /// A live page is its address with its page number: the stream of page 2 shows page 2, even
  /// with page 1's stream open first.
  @Test func theLiveStreamOfAPageShowsThatPage() async throws {
    try app.stores.league.seed(.benchmark(players: 10, matches: 120))
    let pageOne = try await app.client.follow("/matches")
    #expect(try await pageOne.next() == LiveEvent(retry: "2000"))
    let one = try await pageOne.next(element: "matches").html ?? ""
    let pageTwo = try await app.client.follow("/matches?page=2")
    #expect(try await pageTwo.next() == LiveEvent(retry: "2000"))
    let two = try await pageTwo.next(element: "matches").html ?? ""
    #expect(one.contains("Page 1 of 3") && two.contains("Page 2 of 3"))
    let secondPage = try await app.get("/matches?page=2")
    #expect(editLinks(secondPage).allSatisfy { two.contains($0) && !one.contains($0) })
    let missing = try await app.client.follow("/matches?page=4")
    #expect(missing.status == 404)
  }

  /// The live page of a 10,000-match league follows saves: before paging its one element was
  /// 2 MB and every stream on it was closed at the first change.
  @Test func aLargeLeaguesStreamStaysOpenAcrossSaves() async throws {
    let league = app.stores.league
    try league.seed(.benchmark(players: 100, matches: 10_000))
    let players = try league.players()
    let stream = try await app.client.follow("/matches")
    #expect(try await stream.next() == LiveEvent(retry: "2000"))
    #expect(
      try await stream.next(element: "matches").html?.contains("Matches 1–50 of 10,000") == true)
    for (number, total) in [(1, "10,001"), (2, "10,002")] {
      let saved = try await app.post(
        "/matches/new",
        "home=\(players[0].id.lowercasedText)&away=\(players[1].id.lowercasedText)"
          + "&homeGoals=\(number)&awayGoals=0&token=large-\(number)")
      #expect(saved.status == 303)
      let event = try await stream.next(element: "matches")  // Past any heartbeat.
      #expect(event.html?.contains("Matches 1–50 of \(total)") == true, "save \(number)")
    }
  }

  /// One "character" of a megabyte: "a" under 500,000 combining accents, sent as UTF-8 (a
  /// megabyte, under the server's 1 MiB body limit). Refused next to the field, not stored.
  @Test func aNameOfAMegabyteIsRefusedAndNotStored() async throws {
    let bomb = "a" + String(repeating: "\u{301}", count: 500_000)
    // The answer keeps the megabyte in the form's field: a debug build takes seconds to escape
    // it, past the client's usual ten-second wait.
    let response = try await MVVMWebTesting.TestClient(port: app.server.port, timeout: .seconds(60))
      .send(
        TestRequest(
          .post, "/players/new",
          headers: app.signedIn([
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("Sec-Fetch-Site", "same-origin"),
          ]), body: Array(("name=" + bomb).utf8)))
    #expect(response.status == 422)
    #expect(
      response.text.contains(
        #"<p class="field-error" id="name-error" aria-live="polite">This name is too long to store: accents and "#
          + "emoji take more room than letters. Use fewer of them.</p>"))
    #expect(response.text.contains(#"value=""# + bomb + #"""#))  // The input kept.
    #expect(try app.stores.league.players().isEmpty)
  }

  /// The same name percent-encoded is three megabytes: the server refuses it from its head,
  /// with a 413 that says why. A head sent without its body, on purpose: the raw client.
  @Test func aBodyPastTheLimitIsAClean413() throws {
    let client = try TestSupport.TestClient(port: app.server.port)
    client.send(
      "POST /players/new HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\n"
        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3000006\r\n"
        + "Expect: 100-continue\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(response.text == "The request body is larger than the 1048576 bytes allowed.\n")
    #expect(try app.stores.league.players().isEmpty)
  }
}
