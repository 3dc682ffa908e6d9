import Foundation
import League
import MVVMWeb
import Testing

@testable import WebApp

@Suite(.timeLimit(.minutes(2))) struct LeaguePagesTests {
  let app: AppHarness

  init() async throws {
    app = try await AppHarness()
  }

  /// Adds a player as a person does, on the player form; returns the id the match form shows.
  func addPlayer(_ name: String) async throws -> String {
    var player = try await app.client.page("/players/new").form(submit: "Save")
    try player.fill("Name", with: name)
    #expect(try await app.client.submit(player).status == 303)
    let form = try await app.get("/matches/new").text
    let pattern = try Regex(#"value="([0-9a-f-]{36})"[^>]*> \#(name)</label>"#)
    return String(try #require(form.firstMatch(of: pattern))[1].substring!)
  }

  @Test func emptyLeaguePages() async throws {
    let matches = try await app.get("/matches")
    #expect(matches.status == 200)
    #expect(matches.text.contains("<title>Matches · MVVMWeb</title>"))
    #expect(matches.text.contains("<strong>No matches yet!</strong>"))
    let form = try await app.get("/matches/new")
    #expect(
      form.text.contains("<legend>Home</legend>") && form.text.contains("<legend>Away</legend>"))
    #expect(form.text.contains(#"<label for="homeGoals">Home goals</label>"#))
    let rankings = try await app.get("/rankings").text
    #expect(rankings.contains("<title>Rankings · MVVMWeb</title>"))
    // The navigation marks the page's section, and only it.
    #expect(rankings.contains(#"<a href="/rankings" aria-current="page">Rankings</a>"#))
    #expect(rankings.components(separatedBy: "aria-current").count == 2)
    #expect(form.text.contains(#"<a href="/matches" aria-current="page">Matches</a>"#))
    #expect(try await app.get("/players/new").text.contains(#"<label for="name">Name</label>"#))
    let root = try await app.get("/")
    #expect(root.status == 302)
    #expect(root.header("Location") == "/matches")
  }

  @Test func recordAMatchThenSeeItListedRankedAndConfirmedOnce() async throws {
    let ann = try await addPlayer("Ann")
    let ben = try await addPlayer("Ben")
    let saved = try await app.post(
      "/matches/new", "home=\(ann)&away=\(ben)&homeGoals=2&awayGoals=1&token=t-1")
    #expect(saved.status == 303)
    #expect(saved.header("Location") == "/matches")
    let cookie = try #require(saved.header("Set-Cookie")).split(separator: ";")[0]
    let listed = try await app.get("/matches", headers: [("Cookie", String(cookie))])
    #expect(listed.text.contains(#"<p class="notice" role="status">Match saved</p>"#))
    #expect(
      listed.text.contains(#"<td>Ann</td>"#)
        && listed.text.contains(#"<td class="score">2 : 1</td>"#))
    #expect(!(try await app.get("/matches").text.contains("Match saved")))
    let rankings = try await app.get("/rankings").text
    #expect(
      rankings.contains(#"<td class="number">1</td>"#)
        && rankings.contains(#"<td class="number">10.00</td>"#))

    // The same form again (a double click or a reload): still one match.
    #expect(
      try await app.post(
        "/matches/new", "home=\(ann)&away=\(ben)&homeGoals=2&awayGoals=1&token=t-1"
      )
      .status == 303)
    #expect(try await app.get("/matches").text.components(separatedBy: "/edit\"").count - 1 == 1)
  }

  /// A post can name a box twice (one forged, or sent by a tool): the player plays once, as
  /// ticking a box twice would, rather than the store refusing the second row with a 503.
  @Test func aPlayerNamedTwiceOnASidePlaysOnce() async throws {
    let ann = try await addPlayer("Ann")
    let ben = try await addPlayer("Ben")
    let saved = try await app.post(
      "/matches/new",
      "home=\(ann)&home=\(ann)&away=\(ben)&away=\(ben)&homeGoals=2&awayGoals=1&token=t-2")
    #expect(saved.status == 303)
    let match = try #require(
      try app.stores.league.matches(limit: 10, offset: 0).matches.first)
    #expect(match.homePlayers.map(\.name) == ["Ann"])
    #expect(match.awayPlayers.map(\.name) == ["Ben"])
  }

  @Test(arguments: [
    ("home=&away=B&homeGoals=1&awayGoals=1", "Pick at least one home player"),
    ("home=A&homeGoals=1&awayGoals=1", "Pick at least one away player"),
    ("home=A&away=A&homeGoals=1&awayGoals=1", "A player cannot play on both sides"),
    ("home=A&away=B&homeGoals=100&awayGoals=1", "Goals must be a whole number from 0 to 99"),
  ])
  func validationErrorsComeBackAs422WithTheInputKept(fields: String, message: String) async throws {
    let ann = try await addPlayer("Ann")
    let ben = try await addPlayer("Ben")
    let body = fields.replacingOccurrences(of: "=A", with: "=\(ann)").replacingOccurrences(
      of: "=B", with: "=\(ben)")
    let response = try await app.post("/matches/new", body + "&token=t")
    #expect(response.status == 422)
    #expect(response.text.contains(">\(message)</p>"))
    #expect(response.text.contains(#"<input type="hidden" name="token" value="t">"#))
    if body.contains("homeGoals=100") {
      #expect(response.text.contains(#"value="100""#))
    }
    #expect(try await app.get("/matches").text.contains("No matches yet!"))
  }

  @Test func playerNameErrors() async throws {
    _ = try await addPlayer("Ann")
    let taken = try await app.post("/players/new", "name=ann")
    #expect(taken.status == 422)
    #expect(
      taken.text.contains(
        #"<p class="field-error" id="name-error" aria-live="polite">That name is taken</p>"#))
    #expect(taken.text.contains(#"value="ann""#))
    let empty = try await app.post("/players/new", "name=++")
    #expect(empty.text.contains(">Enter a name</p>"))
  }

  @Test func childFlowCarriesTheDraftThereAndBack() async throws {
    let ann = try await addPlayer("Ann")
    let there = try await app.get("/players/new?home=\(ann)&homeGoals=3&awayGoals=&token=draft-1")
    #expect(there.text.contains(#"<input type="hidden" name="home" value="\#(ann)">"#))
    let back = try await app.post(
      "/players/new", "home=\(ann)&homeGoals=3&awayGoals=&token=draft-1&name=Cy")
    #expect(back.status == 303)
    let location = try #require(back.header("Location"))
    #expect(location == "/matches/new?home=\(ann)&homeGoals=3&awayGoals=&token=draft-1")
    let cookie = try #require(back.header("Set-Cookie")?.split(separator: ";").first)
    let form = try await app.get(location, headers: [("Cookie", String(cookie))]).text
    #expect(form.contains(#"<p class="notice" role="status">Player added</p>"#))
    #expect(form.contains(#"value="\#(ann)" checked> Ann</label>"#))
    #expect(form.contains(#"value="3""#) && form.contains("> Cy</label>"))
  }

  @Test func editDeleteAndMissingMatches() async throws {
    let ann = try await addPlayer("Ann")
    let ben = try await addPlayer("Ben")
    _ = try await app.post(
      "/matches/new", "home=\(ann)&away=\(ben)&homeGoals=0&awayGoals=0&token=x")
    let link = try #require(
      try await app.get("/matches").text.firstMatch(
        of: try Regex(#"href="(/matches/[0-9a-f-]+)/edit""#)))
    let base = String(link[1].substring!)
    #expect(try await app.get(base + "/edit").text.contains("<title>Edit Match · MVVMWeb</title>"))
    #expect(
      try await app.post(base + "/edit", "home=\(ann)&away=\(ben)&homeGoals=5&awayGoals=0&token=y")
        .status
        == 303)
    #expect(try await app.get("/matches").text.contains("5 : 0"))
    // A refused edit comes back with what was typed, beside the match as stored.
    let refused = try await app.post(
      base + "/edit", "home=\(ann)&away=\(ben)&homeGoals=6&awayGoals=lots&token=z")
    #expect(refused.status == 422)
    #expect(
      refused.text.contains(
        #"<p id="stored-match" class="stored" role="status" data-live="">Saved as: Ann 5 : 0 Ben</p>"#
      ))
    #expect(refused.text.contains(#"value="lots""#))
    #expect(try await app.get(base + "/delete").text.contains("<strong>Ann 5 : 0 Ben</strong>"))
    let deleted = try await app.post(base + "/delete", "")
    #expect(deleted.status == 303)
    #expect(try await app.get(base + "/edit").status == 404)
    #expect(
      try await app.post(base + "/edit", "home=\(ann)&away=\(ben)&homeGoals=1&awayGoals=1&token=w")
        .status == 404)
    #expect(try await app.post(base + "/delete", "").status == 404)
    let missing = try await app.get("/matches/00000000-0000-0000-0000-000000000000/edit")
    #expect(missing.status == 404)
    #expect(missing.text.contains("There is no match at this address. It may have been deleted."))
    #expect(try await app.get("/nowhere").text.contains("<title>Not Found · MVVMWeb</title>"))
  }

  @Test func crossSitePostsAreRefused() async throws {
    let refused = try await app.post(
      "/players/new", "name=Mallory", headers: [("Sec-Fetch-Site", "cross-site")])
    #expect(refused.status == 403)
    #expect(refused.text.contains("This form was sent from another site, so it was refused."))
    let foreignOrigin = try await app.post(
      "/players/new", "name=Mallory", headers: [("Origin", "http://evil.test")])
    #expect(foreignOrigin.status == 403)
    let sameOrigin = try await app.post(
      "/players/new", "name=Trent", headers: [("Origin", "http://localhost")])
    #expect(sameOrigin.status == 303)
    #expect(!(try await app.get("/rankings").text.contains("Mallory")))
  }

  @Test func noGetChangesData() async throws {
    #expect(try await app.get("/players/new?name=Sneaky").status == 200)
    #expect(try await app.get("/matches/x/delete").status == 404)
    #expect(!(try await app.get("/rankings").text.contains("Sneaky")))
  }
}

@Suite(.timeLimit(.minutes(2))) struct LeagueNumbersPageTests {
  @Test func theNumbersPageShowsTheLeagueAndLinksToTheRankings() async throws {
    let app = try await AppHarness()
    #expect(try await app.post("/players/new", "name=Ann").status == 303)
    let page = try await app.get("/numbers")
    #expect(page.status == 200)
    #expect(page.text.contains("<title>The league in numbers · MVVMWeb</title>"))
    #expect(
      page.text.contains(
        """
        <dl id="numbers" class="numbers" data-live="">
        <dt>Players</dt><dd>1</dd>
        <dt>Matches</dt><dd>0</dd>
        <dt>Most matches</dt><dd>No one yet</dd>
        </dl>
        """))
    #expect(page.text.contains(#"<p><a href="/rankings">See the rankings</a></p>"#))
  }
}
