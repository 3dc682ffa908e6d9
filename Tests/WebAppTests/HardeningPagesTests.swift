import Foundation
import MVVMWebTesting
import TestSupport
import Testing

@testable import MVVMWeb
@testable import WebApp

/// The app's answers to hostile input: no trap, no header of the client's making, and the
/// security headers on every kind of answer.
@Suite(.timeLimit(.minutes(2))) struct HardeningPagesTests {
  @Test(arguments: [
    ("9223372036854775807", 503), ("-9223372036854775808", 404), ("0", 404),
    ("99999999999999999999999", 404), ("+1", 404),
  ])
  func extremePageNumbersOfABrokenPlaylist(page: String, status: Int) async throws {
    let app = try await AppHarness(arguments: ["--songs", "/nonexistent/songs.json"])
    #expect(try await app.get("/playlist?page=\(page)").status == status)
    #expect(try await app.get("/healthz").text == "ok")
  }

  @Test(arguments: ["9223372036854775807", "-9223372036854775808"])
  func extremePageNumbersOfALoadedPlaylist(page: String) async throws {
    let app = try await AppHarness()
    let response = try await app.get("/playlist?page=\(page)")
    #expect(response.status == 404)
    #expect(response.text.contains("There is no playlist page"))
  }

  @Test func aMatchFieldCannotSplitTheChildFlowsRedirect() async throws {
    let app = try await AppHarness()
    let posted = try await app.post(
      "/players/new", "name=Eve&token=t1&match=x%0d%0aSet-Cookie:%20pwned=1")
    #expect(posted.status == 404)
    #expect(posted.header("Set-Cookie") == nil)
    #expect(!posted.headers.contains { $0.0.lowercased() == "set-cookie" })
    let shown = try await app.get("/players/new?token=t1&match=x%0d%0aSet-Cookie:%20pwned=1")
    #expect(shown.status == 404)
    // A real match id comes back lowercased in a path of ours; the draft stays encoded.
    let id = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
    let form = try await app.get("/players/new?token=t2&match=\(id)&homeGoals=1")
    #expect(
      form.text.contains(
        #"href="/matches/6f9619ff-8b86-d011-b42d-00c04fc964ff/edit?homeGoals=1&amp;awayGoals=&amp;token=t2""#
      ))
  }

  @Test func everyKindOfAnswerCarriesTheSecurityHeaders() async throws {
    let app = try await AppHarness(demo: true)
    let page = try await app.get("/matches")
    let missing = try await app.get("/no/such/page")
    let redirect = try await app.get("/")
    let saved = try await app.post("/players/new", "name=Zed")
    let health = try await app.get("/healthz")
    // A request the server could not read, refused before any middleware.
    let raw = try TestSupport.TestClient(port: app.server.port)
    raw.send("GET /matches HTTP/1.1\r\nHost: a b\r\n\r\n")
    let unread = try raw.readResponse()
    #expect(health.status == 200 && unread.status == 400)
    for response in [page, missing, redirect, saved, health] {
      #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
      #expect(response.header("X-Content-Type-Options") == "nosniff")
      #expect(response.header("Referrer-Policy") == "same-origin")
    }
    #expect(unread.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
    #expect(unread.header("X-Content-Type-Options") == "nosniff")
    #expect(SecurityHeaders.contentSecurityPolicy.contains("frame-ancestors 'none'"))
    #expect(!SecurityHeaders.contentSecurityPolicy.contains("unsafe-inline"))
    #expect(page.header("Cache-Control") == "no-cache")
    #expect(missing.status == 404 && missing.header("Cache-Control") == "no-store")
    #expect(redirect.status == 302 && redirect.header("Cache-Control") == "no-store")
    #expect(saved.status == 303 && saved.header("Cache-Control") == "no-store")
  }

  @Test func theNoticeCookieIsSecureOverHTTPSAndItsPageIsNotStored() async throws {
    let app = try await AppHarness(demo: true)
    let rankings = try await app.get("/matches")
    let editLink = try #require(
      rankings.text.firstMatch(of: /href="(\/matches\/[0-9a-f-]+)\/edit"/)?.1)
    let https: [(name: String, value: String)] = [
      ("Sec-Fetch-Site", "same-origin"), ("X-Forwarded-Proto", "https"),
    ]
    let deleted = try await app.post("\(editLink)/delete", "", headers: https)
    #expect(deleted.status == 303)
    let cookie = try #require(deleted.header("Set-Cookie"))
    #expect(
      cookie == "mvvmweb-notice=match-deleted; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure")
    let plain = try await app.post(
      "/matches/new", "token=t", headers: [("Sec-Fetch-Site", "same-origin")])
    #expect(plain.header("Set-Cookie")?.hasSuffix("Secure") != true)
    let shown = try await app.get(
      "/matches",
      headers: [("Cookie", "mvvmweb-notice=match-deleted"), ("X-Forwarded-Proto", "https")])
    #expect(shown.text.contains("Match deleted"))
    #expect(shown.header("Cache-Control") == "no-store")
    #expect(shown.header("Set-Cookie")?.hasSuffix("; Secure") == true)
  }

  /// A `Host` of the test's choosing, which `MVVMWebTesting`'s client never sends: the raw one.
  @Test func onlyTheAllowedHostsAreAnswered() async throws {
    let app = try await AppHarness {
      $0.allowedHosts = try! AllowedHosts(specifications: ["example.com", ".example.org"])
    }
    let client = { (host: String) throws -> TestSupport.TestResponse in
      let connection = try TestSupport.TestClient(port: app.server.port)
      connection.send("GET /matches HTTP/1.1\r\nHost: \(host)\r\n\r\n")
      return try connection.readResponse()
    }
    #expect(try client("example.com").status == 200)
    #expect(try client("EXAMPLE.com:8080").status == 200)
    #expect(try client("www.example.org").status == 200)
    #expect(try client("example.org").status == 200)
    let refused = try client("evil.test")
    #expect(refused.status == 400)
    #expect(refused.text.contains("This server does not answer for the host evil.test."))
    #expect(try client("notexample.com").status == 400)
  }

  @Test func allowedHostSpecifications() throws {
    #expect(throws: InvalidHostSpecification(value: "a b")) {
      try AllowedHosts(specifications: ["a b"])
    }
    #expect(throws: InvalidHostSpecification(value: "host/path")) {
      try AllowedHosts(specifications: ["ok.test,host/path"])
    }
    let any = try AllowedHosts(specifications: ["*"])
    #expect(any.allows("whatever.test"))
    #expect(!(try AllowedHosts(specifications: ["a.test"])).allows(nil))
  }
}
