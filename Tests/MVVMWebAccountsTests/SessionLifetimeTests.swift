import Foundation
import MVVMWeb
import Synchronization
import Testing

@testable import MVVMWebAccounts

/// Sessions end when idle past their idle lifetime, or old past their absolute one, whatever
/// the cache read of them; tokens are 256 random bits carried as 43 characters; the cookie is
/// found among others and never from a forged value.
@Suite struct SessionLifetimeTests {
  final class Clock: Sendable {
    let time = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
  }

  let clock = Clock()
  let store = InMemoryAccountStore()

  func accounts(
    idle: Duration = .seconds(3_600), absolute: Duration = .seconds(86_400)
  )
    -> Accounts
  {
    Accounts(
      store: store, executor: StoreExecutor(readers: 1, writers: 1, deadline: .seconds(3)),
      passwords: PasswordLane(threads: 1, queueLimit: 1),
      settings: AccountSettings(idleLifetime: idle, absoluteLifetime: absolute),
      now: { [clock] in clock.now })
  }

  @Test func aSessionIdlePastItsLifetimeHasEnded() async throws {
    let accounts = accounts()
    let ada = try store.addAccount(name: "Ada", role: "member", at: clock.now)
    let token = try await accounts.startSession(for: ada, client: "192.0.2.1", agent: "test")
    clock.advance(3_599)
    #expect(try await accounts.session(token.hash)?.account.name == "Ada")
    clock.advance(2)
    #expect(try await accounts.session(token.hash) == nil)
  }

  @Test func aSessionUsedAllTheTimeStillEndsAtItsAbsoluteLifetime() async throws {
    let accounts = accounts(idle: .seconds(120), absolute: .seconds(600))
    let ada = try store.addAccount(name: "Ada", role: "member", at: clock.now)
    let token = try await accounts.startSession(for: ada, client: "192.0.2.1", agent: "test")
    for _ in 0..<9 {
      clock.advance(61)
      let entry = try #require(try await accounts.session(token.hash))
      // Noted as used (the write waits for nothing: here it is done before the next look).
      try store.touchSession(token.hash, at: clock.now, client: "192.0.2.1", agent: "test")
      #expect(entry.account.name == "Ada")
    }
    clock.advance(61)
    #expect(try await accounts.session(token.hash) == nil)
  }

  @Test func aRoleChangedOrAnAccountRemovedCountsFromTheNextRequest() async throws {
    let accounts = accounts()
    let (ada, _) = try await accounts.add(name: "Ada", role: .member)
    let token = try await accounts.startSession(for: ada, client: "192.0.2.1", agent: "test")
    #expect(try await accounts.session(token.hash)?.account.role == "member")
    try await accounts.setRole(.admin, of: "Ada")
    #expect(try await accounts.session(token.hash)?.account.role == "admin")
    try await accounts.remove(name: "Ada")
    #expect(try await accounts.session(token.hash) == nil)
  }

  /// `entry` read again from the store now, waited for.
  func renewing(_ entry: SessionCache.Entry, in accounts: Accounts) async {
    await withCheckedContinuation { done in
      accounts.renew(entry, at: clock.now) { done.resume() }
    }
  }

  @Test func aSessionInUseIsReadAgainBeforeItsSecondOfTrustEnds() async throws {
    let accounts = accounts()
    let ada = try store.addAccount(name: "Ada", role: "member", at: clock.now)
    let token = try await accounts.startSession(for: ada, client: "192.0.2.1", agent: "test")
    let start = clock.now
    let entry = try #require(try await accounts.session(token.hash))
    #expect(!entry.claimRenewal(at: start.addingTimeInterval(0.85)))
    #expect(entry.claimRenewal(at: start.addingTimeInterval(0.92)))
    #expect(!entry.claimRenewal(at: start.addingTimeInterval(0.95)))  // One read per entry.
    clock.advance(0.92)
    await renewing(entry, in: accounts)
    // Without the renewal nothing would be fresh past the first second.
    let renewed = try #require(accounts.cache.fresh(token.hash, at: start.addingTimeInterval(1.7)))
    #expect(renewed.read == start.addingTimeInterval(0.92))
    #expect(renewed.account.name == "Ada")
  }

  @Test func aSessionEndedElsewhereIsLetGoWhenReadAgain() async throws {
    let accounts = accounts()
    let ada = try store.addAccount(name: "Ada", role: "member", at: clock.now)
    let token = try await accounts.startSession(for: ada, client: "192.0.2.1", agent: "test")
    let entry = try #require(try await accounts.session(token.hash))
    #expect(try store.removeSession(token.hash))  // Another process ends it in the store.
    clock.advance(0.92)
    await renewing(entry, in: accounts)
    #expect(accounts.cache.kept(token.hash) == nil)
    #expect(try await accounts.session(token.hash) == nil)
  }

  @Test func aSessionForgottenWhileReadAgainStaysForgotten() async throws {
    let accounts = accounts()
    let ada = try store.addAccount(name: "Ada", role: "member", at: clock.now)
    let token = try await accounts.startSession(for: ada, client: "192.0.2.1", agent: "test")
    let entry = try #require(try await accounts.session(token.hash))
    clock.advance(0.92)
    // Ended here while its read was on the way: the store still had it when it was read.
    accounts.cache.forget([token.hash])
    await renewing(entry, in: accounts)
    #expect(accounts.cache.kept(token.hash) == nil)
  }

  @Test(
    arguments: [
      (4, 0.0, nil), (5, 0.0, 1), (5, 0.5, 1), (5, 1.0, nil), (6, 0.0, 2), (9, 10, 6),
      (15, 0, 900), (99, 899.5, 1), (99, 900, nil),
    ] as [(Int, Double, Int?)])
  func failuresInARowWaitTwiceAsLongEachUpToAQuarterOfAnHour(
    count: Int, after: Double, wait: Int?
  ) {
    let last = Date(timeIntervalSinceReferenceDate: 1_000)
    #expect(
      SignInThrottle.wait(
        after: FailureCount(count: count, last: last), at: last.addingTimeInterval(after)) == wait)
  }

  @Test func aTokenIs43CharactersOfBase64URLAndNothingElseReadsAsOne() throws {
    let token = SecretToken()
    #expect(token.text.utf8.count == 43 && token.bytes.count == 32)
    #expect(SecretToken(token.text) == token)
    #expect(SecretToken() != token)
    for bad in [
      "", String(token.text.dropLast()), token.text + "A", token.text.dropLast() + "=",
      token.text.dropLast() + "+", String(repeating: "é", count: 43),
    ] {
      #expect(SecretToken(bad) == nil, "\(bad)")
    }
  }

  @Test func theSessionCookieIsFoundAmongOthersUnderEitherName() throws {
    let token = SecretToken()
    for header in [
      "mvvmweb-session=\(token.text)", "a=1; mvvmweb-session=\(token.text); b=2",
      "__Host-mvvmweb-session=\(token.text)",
      "mvvmweb-session=forged; mvvmweb-session=\(token.text)",
      (1...31).map { "c\($0)=1; " }.joined() + "mvvmweb-session=\(token.text)",
    ] {
      let request = try Request(method: .get, target: "/", headers: ["Cookie": header])
      #expect(SessionCookie.token(in: request) == token, "\(header)")
    }
    // Another cookie's name that merely holds the session's, a token past the 32nd cookie, a
    // token with a byte more, an empty value: none is the session's.
    let others = (1...32).map { "c\($0)=1" }.joined(separator: "; ")
    for header in [
      "mvvmweb-session=x", "xmvvmweb-session=\(token.text)", "mvvmweb-sessionx=\(token.text)",
      "\(others); mvvmweb-session=\(token.text)", "mvvmweb-session=\(token.text) ",
      "mvvmweb-session=", "mvvmweb-session", ";;;", "=\(token.text)",
    ] {
      let request = try Request(method: .get, target: "/", headers: ["Cookie": header])
      #expect(SessionCookie.token(in: request) == nil, "\(header)")
    }
  }
}
