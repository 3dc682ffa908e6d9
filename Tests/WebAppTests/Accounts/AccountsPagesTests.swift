import Foundation
import MVVMWeb
import MVVMWebTesting
import Testing

@testable import MVVMWebAccounts

/// Signing in and out of the demo as its people do, over real sockets: the cookie and its
/// flags, a new token at every sign-in, nothing secret in the store, failures slowing the next
/// try, a one-time link used once.
@Suite(.timeLimit(.minutes(2))) struct AccountsPagesTests {
  let app: AppHarness

  init() async throws {
    app = try await AppHarness(demo: true, signedIn: nil)
  }

  @Test func aSignInSetsANewCookieWithItsFlagsAndEndsTheSessionItCameWith() async throws {
    let fromLink = try await app.person("Ada")
    #expect(try await app.page("/account", cookie: fromLink).status == 200)
    let answer = try await app.form(
      "/sign-in",
      [("name", "ada"), ("password", "correct horse battery"), ("return", "/rankings")],
      cookie: fromLink)
    #expect(answer.status == 303 && answer.location == "/rankings")
    let setCookie = try #require(answer.header("Set-Cookie"))
    let value = try #require(AppHarness.sessionCookie(answer))
    #expect(setCookie == "\(value); Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000")
    #expect(value != fromLink && value.utf8.count == "mvvmweb-session=".utf8.count + 43)
    // The session the browser came with ended: a token from before a sign-in never works again.
    let old = try await app.page("/account", cookie: fromLink)
    #expect(old.status == 303 && old.location == "/sign-in?return=%2Faccount")
    #expect(
      old.header("Set-Cookie") == "mvvmweb-session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
    #expect(
      try await app.page("/account", cookie: value).text.contains(
        "Signed in as <strong>Ada</strong> (member)"))
  }

  @Test func overHTTPSTheCookieIsSecureAndHostOnly() async throws {
    _ = try await app.person("Grace")
    let answer = try await app.form(
      "/sign-in", [("name", "Grace"), ("password", "correct horse battery")],
      headers: [("X-Forwarded-Proto", "https")])
    let setCookie = try #require(answer.header("Set-Cookie"))
    #expect(setCookie.hasPrefix("__Host-mvvmweb-session="))
    #expect(setCookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=2592000"))
    #expect(!setCookie.lowercased().contains("domain"))
  }

  @Test func aSignedOutCookieIsRefused() async throws {
    let cookie = try await app.person("Linus")
    let out = try await app.form("/sign-out", [], cookie: cookie)
    #expect(out.status == 303 && out.location == "/sign-in")
    #expect(
      out.headers.contains { $0.name == "Set-Cookie" && $0.value.hasPrefix("mvvmweb-session=;") })
    #expect(try await app.page("/matches/new", cookie: cookie).status == 303)
    #expect(try await app.form("/players/new", [("name", "Sneaky")], cookie: cookie).status == 303)
    #expect(try app.stores.league.players().map(\.name).contains("Sneaky") == false)
  }

  @Test func theStoreHoldsNoTokenLinkCodeOrPasswordInTheClear() async throws {
    let password = "a very particular phrase 42"
    let (_, link) = try await app.accounts.add(name: "Kept", role: .member)
    let answer = try await app.form(
      "/account/welcome", [("code", link.code), ("password", password)])
    let cookie = try #require(AppHarness.sessionCookie(answer))
    let token = String(cookie.dropFirst("mvvmweb-session=".count))
    var stored: [UInt8] = []
    for suffix in ["", "-wal"] {
      let path = app.context.dataDirectory + "/mvvmweb.sqlite" + suffix
      stored += (FileManager.default.contents(atPath: path).map { Array($0) }) ?? []
    }
    #expect(stored.count > 10_000)
    for secret in [token, link.code, password] {
      #expect(!stored.contains(subsequence: Array(secret.utf8)), "\(secret) is in the file")
    }
    // What is kept is the token's hash.
    #expect(stored.contains(subsequence: SecretToken(token)?.hash.bytes ?? []))
  }

  @Test func aOneTimeLinkWorksOnceAndNeverAfterItsTime() async throws {
    let (_, link) = try await app.accounts.add(name: "Once", role: .member)
    let fresh = try await app.page("/account/welcome?code=\(link.code)", cookie: nil)
    #expect(fresh.status == 200 && fresh.text.contains("name=\"password\""))
    let weak = try await app.form("/account/welcome", [("code", link.code), ("password", "short")])
    #expect(weak.status == 422 && weak.text.contains("Use at least 8 characters"))
    let common = try await app.form(
      "/account/welcome", [("code", link.code), ("password", "football")])
    #expect(common.text.contains("This is one of the most common passwords"))
    let used = try await app.form(
      "/account/welcome", [("code", link.code), ("password", "a fine long phrase")])
    #expect(used.status == 303)
    let shown = try await app.page("/account/welcome?code=\(link.code)", cookie: nil)
    #expect(shown.status == 410 && shown.text.contains("This link has been used or has expired."))
    #expect(!shown.text.contains("name=\"password\""))
    let again = try await app.form(
      "/account/welcome", [("code", link.code), ("password", "another fine phrase")])
    #expect(again.status == 410 && again.text.contains("This link has been used or has expired."))
    let forged = try await app.form(
      "/account/welcome", [("code", String(repeating: "A", count: 43)), ("password", "x y z w v")])
    #expect(forged.status == 410)
  }

  @Test func changingThePasswordEndsEveryOtherSessionAndKeepsThisOne() async throws {
    let here = try await app.person("Rosa")
    let signIn = try await app.form(
      "/sign-in", [("name", "Rosa"), ("password", "correct horse battery")])
    let elsewhere = try #require(AppHarness.sessionCookie(signIn))
    let wrong = try await app.form(
      "/account/password", [("current", "not my password"), ("password", "a new long phrase")],
      cookie: here)
    #expect(wrong.status == 422 && wrong.text.contains("This is not your current password."))
    #expect(try await app.page("/account", cookie: elsewhere).status == 200)
    let changed = try await app.form(
      "/account/password",
      [("current", "correct horse battery"), ("password", "a new long phrase")], cookie: here)
    #expect(changed.status == 303 && changed.location?.hasPrefix("/account") == true)
    #expect(try await app.page("/account", cookie: here).status == 200)
    let ended = try await app.page("/account", cookie: elsewhere)
    #expect(ended.status == 303 && ended.location == "/sign-in?return=%2Faccount")
  }

  @Test func aNewLinkForALostPasswordEndsEverySessionTheAccountHad() async throws {
    let lostLaptop = try await app.person("Ken")
    let link = try await app.accounts.newLink(name: "Ken")
    let back = try await app.form(
      "/account/welcome", [("code", link.code), ("password", "a phrase after the loss")])
    #expect(back.status == 303)
    let fresh = try #require(AppHarness.sessionCookie(back))
    let lost = try await app.page("/account", cookie: lostLaptop)
    #expect(lost.status == 303 && lost.location == "/sign-in?return=%2Faccount")
    #expect(try await app.page("/account", cookie: fresh).status == 200)
  }

  @Test func wrongPasswordsSlowTheNextTriesAndTheRightOneWorksAfterTheWait() async throws {
    _ = try await app.person("Tried", password: "the right phrase")
    for attempt in 1...5 {
      let wrong = try await app.form(
        "/sign-in", [("name", "Tried"), ("password", "wrong \(attempt)")],
        headers: [("X-Forwarded-For", "203.0.113.\(attempt)")])
      #expect(wrong.status == 422 && wrong.text.contains("The name or the password is wrong."))
    }
    // The sixth, from yet another address, waits: the account counts, wherever tries come from.
    let waiting = try await app.form(
      "/sign-in", [("name", "Tried"), ("password", "the right phrase")],
      headers: [("X-Forwarded-For", "203.0.113.6")])
    #expect(waiting.status == 429 && waiting.header("Retry-After") == "1")
    #expect(waiting.text.contains("Too many wrong tries for this account or from this address"))
    try await Task.sleep(for: .milliseconds(1_100))
    let right = try await app.form(
      "/sign-in", [("name", "Tried"), ("password", "the right phrase")])
    #expect(right.status == 303 && AppHarness.sessionCookie(right) != nil)
  }

  @Test func anUnknownNameIsAnsweredAsAWrongPassword() async throws {
    let answer = try await app.form(
      "/sign-in", [("name", "Nobody"), ("password", "whatever it is")])
    #expect(answer.status == 422 && answer.text.contains("The name or the password is wrong."))
  }

  @Test func theReturnAddressStaysOnTheSite() async throws {
    _ = try await app.person("Homebody")
    for (given, expected) in [
      ("/matches?page=2", "/matches?page=2"), ("https://evil.example/", "/"),
      ("//evil.example", "/"),
      ("/\\evil.example", "/"), ("matches", "/"),
    ] {
      let answer = try await app.form(
        "/sign-in",
        [("name", "Homebody"), ("password", "correct horse battery"), ("return", given)])
      #expect(answer.location == expected, "\(given)")
    }
  }
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs in these bytes.
  fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return false }
    return indices.dropLast(needle.count - 1).contains {
      self[$0..<$0 + needle.count].elementsEqual(needle)
    }
  }
}
