import Foundation
import League
import MVVMWeb
import MVVMWebTesting
import Testing

@testable import WebApp

/// Input events over a real socket: a form's fields posted to its own action with
/// `MVVMWeb-Input: 1`, answered with the form's live parts, writing nothing.
@Suite(.timeLimit(.minutes(2))) struct LiveInputsPagesTests {
  let app: AppHarness

  init() async throws {
    app = try await AppHarness()
  }

  /// An input event of the raw `body`, for what a browser's form could not send.
  func input(
    _ path: String, _ body: String, headers: [(name: String, value: String)] = []
  ) async throws -> TestResponse {
    try await app.post(
      path, body, headers: [("Sec-Fetch-Site", "same-origin"), ("MVVMWeb-Input", "1")] + headers)
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

  /// Everything the league holds, to show an event changed none of it.
  func league() throws -> String {
    let store = app.stores.league
    let matches = try store.matches(limit: 1000, offset: 0)
    return "\(try store.players().map(\.name)) \(matches.matches.map(\.id)) \(matches.totalCount)"
  }

  @Test func thePlayerFormSaysATakenNameAsTypedAndNothingWhenFree() async throws {
    _ = try await addPlayer("Alice")
    let before = try league()
    var form = try await app.client.page("/players/new").form(submit: "Save")
    try form.fill("Name", with: "aLICE")
    let taken = try await app.client.input(form)
    #expect(taken.status == 200)
    #expect(taken.header("Cache-Control") == "no-store")
    #expect(taken.header("Content-Type") == "text/html; charset=utf-8")
    #expect(
      taken.text == """
        <div class="field" id="name-field">
        <label for="name">Name</label>
        <input id="name" name="name" type="text" maxlength="50" autocomplete="off" \
        required="required" aria-describedby="name-error" value="aLICE" aria-invalid="true" \
        autofocus>
        <p class="field-error" id="name-error" aria-live="polite">That name is taken</p>
        </div>
        """)
    try form.fill("Name", with: "Alicia")
    let free = try await app.client.input(form)
    #expect(
      free.text == """
        <div class="field" id="name-field">
        <label for="name">Name</label>
        <input id="name" name="name" type="text" maxlength="50" autocomplete="off" \
        required="required" aria-describedby="name-error" value="Alicia">
        <p class="field-error" id="name-error" aria-live="polite"></p>
        </div>
        """)
    // Past the field's `maxlength`, which a browser would not let a person type: sent raw.
    let long = try await input("/players/new", "name=" + String(repeating: "a", count: 51))
    #expect(long.text.contains(">Names can be at most 50 characters</p>"))
    #expect(try league() == before)
  }

  @Test func theMatchFormDisablesAPlayerOnTheOtherSideAndPreviewsTheResult() async throws {
    let alice = try await addPlayer("Alice")
    let bruno = try await addPlayer("Bruno")
    let chloe = try await addPlayer("Chloé")
    let before = try league()
    let ticked = try await input("/matches/new", "token=t&home=\(alice)&homeGoals=&awayGoals=")
    #expect(ticked.status == 200)
    #expect(ticked.header("Cache-Control") == "no-store")
    #expect(
      ticked.text.contains(
        #"<label class="choice"><input type="checkbox" name="away" value="\#(alice)" disabled "#
          + #"aria-describedby="away-note-\#(alice)"> Alice<span class="choice-note" "#
          + #"id="away-note-\#(alice)">on the home side</span></label>"#))
    #expect(
      ticked.text.contains(
        #"<label class="choice"><input type="checkbox" name="home" value="\#(alice)" checked> "#
          + "Alice</label>"))
    // Blank goals are not blamed on their fields yet, only listed near Save.
    #expect(ticked.text.contains(#"id="homeGoals-error" aria-live="polite"></p>"#))
    #expect(
      ticked.text.contains(
        """
        <div id="match-check" class="form-check" aria-live="polite">
        <p class="preview">Alice ? : ? ?</p>
        <div>
        <p>Before saving:</p>
        <ul class="reasons">
        <li>Pick at least one away player</li><li>Home goals must be a whole number from 0 to 99\
        </li><li>Away goals must be a whole number from 0 to 99</li>
        </ul>
        </div>
        </div>
        """))
    // Only the form's live parts: not the page, not its token.
    #expect(ticked.text.hasPrefix(#"<div id="match-messages">"#))
    #expect(!ticked.text.contains("token") && !ticked.text.contains("<html"))

    let typed = try await input(
      "/matches/new",
      "token=t&home=\(alice)&home=\(bruno)&away=\(chloe)&homeGoals=2&awayGoals=1x")
    #expect(
      typed.text.contains(
        #"<p class="field-error" id="awayGoals-error" aria-live="polite">Goals must be a whole "#
          + "number from 0 to 99</p>"))
    #expect(
      typed.text.contains(#"aria-describedby="awayGoals-error" value="1x" aria-invalid="true""#))
    #expect(typed.text.contains(#"<p class="preview">Alice &amp; Bruno 2 : ? Chloé</p>"#))

    let ready = try await input(
      "/matches/new",
      "token=t&home=\(alice)&home=\(bruno)&away=\(chloe)&homeGoals=2&awayGoals=1")
    #expect(ready.text.contains(#"<p class="preview">Alice &amp; Bruno 2 : 1 Chloé</p>"#))
    #expect(!ready.text.contains("Before saving"))
    #expect(try league() == before)
  }

  @Test func anEditedMatchAnswersItsEventsAndAGoneOne404() async throws {
    let alice = try await addPlayer("Alice")
    let bruno = try await addPlayer("Bruno")
    #expect(
      try await app.post(
        "/matches/new", "home=\(alice)&away=\(bruno)&homeGoals=1&awayGoals=0&token=x"
      )
      .status == 303)
    let link = try #require(
      try await app.get("/matches").text.firstMatch(
        of: try Regex(#"href="(/matches/[0-9a-f-]+)/edit""#)))
    let edit = String(link[1].substring!) + "/edit"
    let before = try league()
    let answer = try await input(
      edit, "token=y&home=\(alice)&away=\(bruno)&homeGoals=3&awayGoals=0")
    #expect(answer.status == 200)
    #expect(answer.text.contains(#"<p class="preview">Alice 3 : 0 Bruno</p>"#))
    #expect(try league() == before)
    #expect(try await app.get("/matches").text.contains("1 : 0"))
    let gone = try await input(
      "/matches/00000000-0000-0000-0000-000000000000/edit", "token=y&homeGoals=1")
    #expect(gone.status == 404)
    #expect(gone.text.contains("There is no match at this address. It may have been deleted."))
  }

  /// An input event is the form's to answer: a post to an address that is no such form (a delete,
  /// a refresh) is refused before its handler runs, so it writes nothing.
  @Test func anInputEventNeverReachesAHandlerThatWrites() async throws {
    let alice = try await addPlayer("Alice")
    let bruno = try await addPlayer("Bruno")
    #expect(
      try await app.post(
        "/matches/new", "home=\(alice)&away=\(bruno)&homeGoals=1&awayGoals=0&token=d"
      )
      .status == 303)
    let link = try #require(
      try await app.get("/matches").text.firstMatch(
        of: try Regex(#"href="(/matches/[0-9a-f-]+)/edit""#)))
    let match = String(link[1].substring!)
    let before = try league()
    for path in [match + "/delete", "/users/refresh", "/users/clear-cache"] {
      let refused = try await input(path, "")
      #expect(refused.status == 400, "\(path)")
      #expect(
        refused.text.contains(
          "This address takes no input events: only a form that answers as people type does"),
        "\(path)")
    }
    #expect(try league() == before)
    #expect(try await app.get(match + "/edit").status == 200)
  }

  @Test(arguments: [
    (
      "name=a&nickname=b", 400,
      #"The input event sent a field named “nickname”, which the form does not have."#
    ),
    ("name=a&name=b", 400, #"The input event sent the field “name” twice; the form has it once."#),
    (
      "name=a&home=robert", 400,
      #"The input event sent a value of “home” that none of the form&#39;s boxes has."#
    ),
    ("name=%ZZ", 400, "The form holds an invalid percent-escape or is not UTF-8."),
  ])
  func badPlayerEventsAreRefusedWithWhy(body: String, status: Int, message: String) async throws {
    let response = try await input("/players/new", body)
    #expect(response.status == status)
    #expect(response.text.contains(message))
    #expect(try app.stores.league.players().isEmpty)
  }

  @Test func oversizedEventsAre413BeforeBeingRead() async throws {
    let megabyte = try await input(
      "/players/new", "name=" + String(repeating: "a", count: 1_000_000))
    #expect(megabyte.status == 413)
    #expect(
      megabyte.text.contains(
        "An input event is at most 64 KB; this one is larger than its form can be."))
    let manyFields = try await input(
      "/matches/new", Array(repeating: "home=", count: 10_000).joined(separator: "&"))
    #expect(manyFields.status == 413)
    #expect(
      manyFields.text.contains(
        "An input event holds at most 204 fields; this one holds more than its form can send."))
    let tooManyPlayers = try await input(
      "/matches/new", Array(repeating: "away=", count: 101).joined(separator: "&"))
    #expect(tooManyPlayers.status == 413)
    #expect(
      tooManyPlayers.text.contains(#"The input event sent the field “away” more than 100 times."#))
    #expect(try league() == "[] [] 0")
  }

  @Test func inputEventsKeepThePostsCrossSiteRulesAndMediaType() async throws {
    let crossSite = try await app.post(
      "/players/new", "name=Mallory",
      headers: [("Sec-Fetch-Site", "cross-site"), ("MVVMWeb-Input", "1")])
    #expect(crossSite.status == 403)
    #expect(crossSite.text.contains("This form was sent from another site, so it was refused."))
    let json = try await app.client.send(
      TestRequest(
        .post, "/players/new",
        headers: [
          ("Content-Type", "application/json"), ("Sec-Fetch-Site", "same-origin"),
          ("MVVMWeb-Input", "1"),
        ], body: Array(#"{"name":"x"}"#.utf8)))
    #expect(json.status == 415)
    // A post that says it is an input event is never saved: a header that names no form, or a
    // form the page does not have, is refused.
    for value in ["yes", "0", "-1", "+1", "", "99999", "18446744073709551616"] {
      let refused = try await app.post(
        "/players/new", "name=Trent",
        headers: [("Sec-Fetch-Site", "same-origin"), ("MVVMWeb-Input", value)])
      #expect(refused.status == 400)
      #expect(
        refused.text.contains(
          "An input event names its form by number: MVVMWeb-Input: 1 for the page&#39;s first form"
        ))
    }
    let noSuchForm = try await app.post(
      "/players/new", "name=Trent",
      headers: [("Sec-Fetch-Site", "same-origin"), ("MVVMWeb-Input", "2")])
    #expect(noSuchForm.status == 400)
    #expect(
      noSuchForm.text.contains(
        "This page has no form number 2 that answers as people type. Reload the page"))
    #expect(try league() == "[] [] 0")
    #expect(try await input("/players/new", "name=Trent", headers: []).status == 200)
    #expect(try await app.post("/players/new", "name=Trent").status == 303)
    #expect(try app.stores.league.players().map(\.name) == ["Trent"])
  }

  @Test func theChildFlowsDraftTravelsWithThePlayerFormsEvents() async throws {
    let alice = try await addPlayer("Alice")
    // The player form the match form's "Add a player" opens, carrying the draft.
    var form = try await app.client.page(
      "/players/new?home=\(alice)&homeGoals=3&awayGoals=&token=draft-1"
    ).form(submit: "Save")
    try form.fill("Name", with: "alice")
    let answer = try await app.client.input(form)
    #expect(answer.status == 200)
    #expect(answer.text.contains(">That name is taken</p>"))
    // And the form's Save still goes back to the match form with the draft.
    try form.fill("Name", with: "Cy")
    let back = try await app.client.submit(form)
    #expect(
      back.header("Location") == "/matches/new?home=\(alice)&homeGoals=3&awayGoals=&token=draft-1")
  }

  /// With live updates turned off (`--max-streams 0`) an input event is a 204 that reads
  /// nothing, and the form's Save still posts.
  @Test func withLiveUpdatesOffAnInputEventIsANoContentAndSaveStillWorks() async throws {
    let app = try await AppHarness { $0.live = LiveSettings(maxStreams: 0) }
    let event = try await app.post(
      "/players/new", "name=Alice",
      headers: [("Sec-Fetch-Site", "same-origin"), ("MVVMWeb-Input", "1")])
    #expect(event.status == 204)
    #expect(event.text == "")
    #expect(event.header("Cache-Control") == "no-store")
    #expect(try app.stores.league.players().map(\.name) == [])
    #expect(try await app.post("/players/new", "name=Alice").status == 303)
    #expect(try app.stores.league.players().map(\.name) == ["Alice"])
  }
}
