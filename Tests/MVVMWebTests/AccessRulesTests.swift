import Foundation
import MVVMWeb
import MVVMWebTesting
import Synchronization
import Testing

/// Rules declared with the route: nothing reaches a handler its rule refuses, a browser without
/// a session is sent to sign in and brought back, a signed-in person without the role gets a
/// 403, and a site whose writes say nothing of who may does not build.
@Suite struct AccessRulesTests {
  /// Signs a request in as the role its `X-Test-Role` header names: a stand-in for the
  /// accounts' sessions, so the rules are tried alone (the accounts' own tests try them with
  /// real sessions).
  struct HeaderSessions: SessionResolver {
    func respond(to request: inout Request, next: Next) -> Response {
      if let role = request.headers["x-test-role"] {
        request.session = RequestSession(
          account: "Ada", role: role, key: String(repeating: "a", count: 64), lastSignIn: Date())
      }
      return next(&request)
    }

    func signInForTesting(name: String, role: Role) async throws -> (name: String, value: String) {
      throw TestFailure("These tests sign in with a header.")
    }

    /// These tests end no session (the accounts' own tests close live pages as sessions end).
    func whenSessionsEnd(_ handler: @escaping @Sendable (EndedSessions) -> Void) {}
  }

  static let open = Route("/open")
  static let (members, membersLine) = (Route("/members"), #line)
  static let admins = Route("/admins/:id", Int.self)

  /// The handlers that ran, in order.
  final class Ran: Sendable {
    let names = Mutex<[String]>([])
    func add(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
  }

  let ran = Ran()

  func site(sessions: Bool = true, _ extra: (inout Site) -> Void = { _ in }) throws -> WebSite {
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    if sessions { site.resolveSessions(with: HeaderSessions()) }
    site.post(Self.open, allowed: .everyone) { [ran] request in
      ran.add("open")
      return .text(request.viewer.isSignedIn ? "signed in" : "signed out")
    }
    site.allowing(.role(.member)) { site in
      site.get(Self.members) { [ran] request in
        ran.add("members")
        return .text("hello \(request.viewer.name ?? "?"), \(request.viewer.role?.name ?? "-")")
      }
      site.post(Self.members) { [ran] _ in
        ran.add("members post")
        return .text("posted")
      }
    }
    site.post(Self.admins, allowed: .role(.admin)) { [ran] _, id in
      ran.add("admins \(id)")
      return .text("deleted")
    }
    extra(&site)
    return try site.build()
  }

  @Test func aBrowserWithoutASessionIsSentToSignInAndNothingRuns() async throws {
    try await site().test { client in
      let page = try await client.get("/members?tab=2")
      #expect(page.status == 303)
      #expect(page.location == "/sign-in?return=%2Fmembers%3Ftab%3D2")
      let post = try await client.post("/members", form: [("a", "b")])
      #expect((post.status, post.location) == (303, "/sign-in?return=%2Fmembers"))
      #expect(try await client.post("/admins/7", form: []).status == 303)
      #expect(try await client.post("/open", form: []).text == "signed out")
    }
    #expect(ran.all == ["open"])
  }

  @Test func aScriptsRequestIsRefusedNotRedirected() async throws {
    try await site().test { client in
      let event = try await client.post(
        "/members", form: [("a", "b")], headers: [("MVVMWeb-Input", "1")])
      #expect(event.status == 403)
      #expect(event.text.contains("Sign in to do this."))
      let stream = try await client.get("/members", headers: [("Accept", "text/event-stream")])
      #expect(stream.status == 403)
    }
    #expect(ran.all.isEmpty)
  }

  @Test func aRoleItDoesNotNameGetsA403AndAnAdminGoesEverywhere() async throws {
    try await site().test { client in
      let member = [("X-Test-Role", "member")]
      #expect(try await client.get("/members", headers: member).text == "hello Ada, member")
      let refused = try await client.send(
        TestRequest(.post, "/admins/3", headers: member + [("Sec-Fetch-Site", "same-origin")]))
      #expect(refused.status == 403)
      #expect(
        refused.text.contains(
          "This is for admins only: your account (member) may not use it. Ask an admin if you "
            + "should."))
      let guest = [("X-Test-Role", "guest")]
      #expect(try await client.get("/members", headers: guest).status == 403)
      let admin = [("X-Test-Role", "admin"), ("Sec-Fetch-Site", "same-origin")]
      #expect(try await client.get("/members", headers: admin).text == "hello Ada, admin")
      #expect(
        try await client.send(TestRequest(.post, "/admins/3", headers: admin)).text == "deleted")
    }
    #expect(ran.all == ["members", "members", "admins 3"])
  }

  @Test func aWriteThatNamesNoRuleStopsTheBuild() {
    let (loose, line) = (Route("/loose"), #line)
    let error = #expect(throws: RouteErrors.self) {
      try site { site in site.post(loose) { _ in .text("") } }
    }
    #expect(
      error?.problems == [
        "MVVMWebTests/AccessRulesTests.swift:\(line): POST /loose writes but says nothing of who "
          + "may: add allowed: .everyone, .signedIn or .role(…) to its registration"
      ])
  }

  @Test func rulesForSignedInPeopleNeedAccounts() {
    let error = #expect(throws: RouteErrors.self) { try site(sessions: false) }
    #expect(
      error?.problems == [
        "MVVMWebTests/AccessRulesTests.swift:\(Self.membersLine): GET /members is for people "
          + "signed in, but the site has no accounts: add them (try site.addAccounts(context)) or "
          + "allow everyone"
      ])
  }

  @Test func theSiteKnowsEveryRoleItsRulesName() throws {
    var site = Site(SiteConfiguration(templatesDirectory: NSTemporaryDirectory()))
    site.post(Self.open, allowed: .role(.member, Role("editor"))) { _ in .text("") }
    #expect(site.roles == [.admin, .member, Role("editor")])
  }
}
