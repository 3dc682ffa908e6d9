import Foundation
import MVVMWeb
import MVVMWebTesting
import Testing

@testable import MVVMWebAccounts

/// A session ended is ended at once on the live pages it follows, and only there: each test
/// follows pages as two people, ends one person's session as the site lets it be ended, and
/// watches which streams the server closes.
@Suite(.timeLimit(.minutes(2))) struct RevocationPagesTests {
  let app: AppHarness

  init() async throws {
    app = try await AppHarness(demo: true, signedIn: nil)
  }

  /// A browser of its own, signed in as `name` with `role`.
  func browser(_ name: String, role: Role = .member) async throws -> TestClient {
    let client = TestClient(port: app.server.port, sessions: app.website.sessions)
    try await client.signIn(as: name, role: role)
    return client
  }

  @Test func signingOutClosesEveryPageOfThatSessionAndNoOtherStream() async throws {
    let ada = try await browser("Ada")
    let grace = try await browser("Grace")
    let adaMatches = try await ada.follow("/matches")
    let adaRankings = try await ada.follow("/rankings")
    let graceMatches = try await grace.follow("/matches")
    let nobody = try await TestClient(port: app.server.port).follow("/matches")
    #expect([adaMatches, adaRankings, graceMatches, nobody].map(\.status) == [200, 200, 200, 200])

    let out = try await ada.post("/sign-out", form: [])
    #expect(out.status == 303 && out.location == "/sign-in")
    #expect(await adaMatches.ends(within: .seconds(1)))
    #expect(await adaRankings.ends(within: .seconds(1)))
    #expect(await graceMatches.ends(within: .milliseconds(300)) == false)
    #expect(await nobody.ends(within: .milliseconds(300)) == false)
  }

  @Test func endingTheOtherSessionsClosesTheirPagesAndKeepsThisOne() async throws {
    let laptop = try await browser("Linus")
    let phone = try await browser("Linus")
    let onLaptop = try await laptop.follow("/matches")
    let onPhone = try await phone.follow("/matches")

    let ended = try await laptop.post("/account/sessions/end-others", form: [])
    #expect(ended.status == 303 && ended.location?.hasPrefix("/account") == true)
    #expect(await onPhone.ends(within: .seconds(1)))
    #expect(await onLaptop.ends(within: .milliseconds(300)) == false)
    #expect(try await phone.get("/account").status == 303)
    #expect(try await laptop.get("/account").status == 200)
  }

  @Test func aRoleChangedClosesThePagesSoTheyOpenAgainAsTheNewRoleSeesThem() async throws {
    let editor = try await browser("Edsger", role: .admin)
    let before = try await editor.follow("/matches")
    try await app.accounts.setRole(.member, of: "Edsger")
    #expect(await before.ends(within: .seconds(1)))
    #expect(try await editor.follow("/matches").status == 200)
    #expect(try await editor.get("/account").text.contains("(member)"))
  }

  @Test func removingAnAccountClosesItsPagesAndRefusesItsCookie() async throws {
    let leaving = try await browser("Barbara")
    let live = try await leaving.follow("/rankings")
    try await app.accounts.remove(name: "Barbara")
    #expect(await live.ends(within: .seconds(1)))
    let next = try await leaving.get("/account")
    #expect(next.status == 303 && next.location == "/sign-in?return=%2Faccount")
  }
}
