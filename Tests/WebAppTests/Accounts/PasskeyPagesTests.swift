import Foundation
import MVVMWeb
import MVVMWebPasskeys
import MVVMWebTesting
import TestSupport
import Testing

@testable import MVVMWebAccounts

/// Passkeys through the demo's own routes, made and used by a software authenticator (the
/// bytes a browser sends, signed with a key of the test's): added from the account page,
/// signing in alone, and each forged answer refused with its reason.
@Suite(.timeLimit(.minutes(2))) struct PasskeyPagesTests {
  let app: AppHarness
  let authenticator = TestAuthenticator()
  static let origin = "http://localhost"

  init() async throws {
    app = try await AppHarness(demo: true, signedIn: nil)
  }

  /// POSTs `fields` to a passkey route and reads its JSON.
  func ceremony(
    _ path: String, _ fields: [(name: String, value: String)] = [], cookie: String? = nil
  ) async throws -> (status: Int, json: [String: Any], answer: MVVMWebTesting.TestResponse) {
    let answer = try await app.form(path, fields, cookie: cookie)
    let json = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any]
    return (answer.status, json ?? [:], answer)
  }

  /// Adds this test's authenticator's passkey to the account the cookie signs in.
  func addPasskey(cookie: String) async throws {
    let options = try await ceremony("/account/passkeys/options", cookie: cookie)
    #expect(options.status == 200 && options.json["rpId"] as? String == "localhost")
    let challenge = try #require(options.json["challenge"] as? String)
    let clientData = authenticator.clientData(
      type: "webauthn.create", challenge: try Self.bytes(challenge), origin: Self.origin)
    let attestation = authenticator.attestationObject(
      authenticatorData: authenticator.authenticatorData(rpID: "localhost", attested: true))
    let added = try await ceremony(
      "/account/passkeys",
      [
        ("challenge", challenge), ("clientDataJSON", Base64URL.encode(clientData)),
        ("attestationObject", Base64URL.encode(attestation)), ("passkeyName", "Laptop"),
      ], cookie: cookie)
    #expect(added.status == 200 && added.json["location"] as? String == "/account", "\(added.json)")
  }

  /// A signed assertion for `challenge`, each part changeable to forge it.
  func assertion(
    challenge: String, signedChallenge: [UInt8]? = nil, origin: String = origin,
    rpID: String = "localhost", flags: UInt8 = TestAuthenticator.up | TestAuthenticator.uv,
    signCount: UInt32 = 1, breakSignature: Bool = false, handle: [UInt8]? = nil
  ) throws -> [(name: String, value: String)] {
    let issued = try Self.bytes(challenge)
    let clientData = authenticator.clientData(
      type: "webauthn.get", challenge: signedChallenge ?? issued, origin: origin)
    let data = authenticator.authenticatorData(rpID: rpID, flags: flags, signCount: signCount)
    var signature = authenticator.sign(data, clientData)
    if breakSignature { signature[signature.count - 1] ^= 0x01 }
    return [
      ("challenge", challenge), ("id", Base64URL.encode(authenticator.credentialID)),
      ("clientDataJSON", Base64URL.encode(clientData)),
      ("authenticatorData", Base64URL.encode(data)), ("signature", Base64URL.encode(signature)),
      ("userHandle", Base64URL.encode(try handle ?? Accounts.handle(of: accountID("Pia")))),
      ("return", "/matches/new"),
    ]
  }

  /// The bytes of a base64url challenge.
  static func bytes(_ text: String) throws -> [UInt8] {
    try #require(Base64URL.decode(text, maximumLength: 64))
  }

  func accountID(_ name: String) throws -> UUID {
    try #require(try app.accounts.store.account(named: name)).id
  }

  func signInChallenge() async throws -> String {
    try #require(try await ceremony("/sign-in/passkey/options").json["challenge"] as? String)
  }

  @Test func aPasskeyAddedOnTheAccountPageSignsInAloneAndTheCounterIsKept() async throws {
    let cookie = try await app.person("Pia")
    try await addPasskey(cookie: cookie)
    let page = try await app.page("/account", cookie: cookie).text
    #expect(page.contains("<strong>Laptop</strong>") && page.contains("not used yet"))
    let signedIn = try await ceremony(
      "/sign-in/passkey", try assertion(challenge: try await signInChallenge(), signCount: 7))
    #expect(signedIn.status == 200 && signedIn.json["location"] as? String == "/matches/new")
    let session = try #require(AppHarness.sessionCookie(signedIn.answer))
    #expect(try await app.page("/matches/new", cookie: session).status == 200)
    let passkey = try #require(
      try app.accounts.store.passkey(credentialID: authenticator.credentialID))
    #expect(passkey.signCount == 7 && passkey.lastUsed != nil)
  }

  @Test(arguments: [
    "wrong challenge", "wrong origin", "wrong RP ID hash", "user verification off",
    "bad signature", "counter gone backwards", "another account's handle",
  ])
  func aForgedAssertionIsRefused(forgery: String) async throws {
    let cookie = try await app.person("Pia")
    try await addPasskey(cookie: cookie)
    // A first sign-in leaves the counter at 5, so going backwards can be tried.
    let first = try await ceremony(
      "/sign-in/passkey", try assertion(challenge: try await signInChallenge(), signCount: 5))
    #expect(first.status == 200)
    _ = try await app.person("Other")
    let challenge = try await signInChallenge()
    let fields =
      switch forgery {
      case "wrong challenge": try assertion(challenge: challenge, signedChallenge: Array(0..<32))
      case "wrong origin": try assertion(challenge: challenge, origin: "http://evil.example")
      case "wrong RP ID hash": try assertion(challenge: challenge, rpID: "evil.example")
      case "user verification off":
        try assertion(challenge: challenge, flags: TestAuthenticator.up)
      case "bad signature": try assertion(challenge: challenge, breakSignature: true)
      case "counter gone backwards": try assertion(challenge: challenge, signCount: 4)
      default:
        try assertion(challenge: challenge, handle: Accounts.handle(of: try accountID("Other")))
      }
    let refused = try await ceremony("/sign-in/passkey", fields)
    #expect(refused.status == 400, "\(refused.json)")
    #expect((refused.json["error"] as? String)?.hasPrefix("The passkey was refused: ") == true)
    #expect(AppHarness.sessionCookie(refused.answer) == nil)
  }

  @Test func aChallengeIsUsedOnceAndOnlyForWhatItWasMadeFor() async throws {
    let cookie = try await app.person("Pia")
    try await addPasskey(cookie: cookie)
    let challenge = try await signInChallenge()
    #expect(
      try await ceremony("/sign-in/passkey", try assertion(challenge: challenge)).status == 200)
    let replayed = try await ceremony(
      "/sign-in/passkey", try assertion(challenge: challenge, signCount: 2))
    #expect(replayed.status == 400)
    #expect(
      replayed.json["error"] as? String
        == "This passkey request has expired or was already used: try again.")
    // A registration's challenge does not sign anyone in.
    let registration = try #require(
      try await ceremony("/account/passkeys/options", cookie: cookie).json["challenge"] as? String)
    #expect(
      try await ceremony("/sign-in/passkey", try assertion(challenge: registration, signCount: 3))
        .status == 400)
  }

  @Test func aOneTimeLinkCanMakeAPasskeyAndTheAccountNeedsNoPassword() async throws {
    let (_, link) = try await app.accounts.add(name: "Pia", role: .member)
    let options = try await ceremony(
      "/account/welcome/passkey/options", [("code", link.code)])
    let challenge = try #require(options.json["challenge"] as? String)
    #expect(options.json["userName"] as? String == "Pia")
    let clientData = authenticator.clientData(
      type: "webauthn.create", challenge: try Self.bytes(challenge), origin: Self.origin)
    let attestation = authenticator.attestationObject(
      authenticatorData: authenticator.authenticatorData(rpID: "localhost", attested: true))
    let made = try await ceremony(
      "/account/welcome/passkey",
      [
        ("code", link.code), ("challenge", challenge),
        ("clientDataJSON", Base64URL.encode(clientData)),
        ("attestationObject", Base64URL.encode(attestation)),
      ])
    #expect(made.status == 200 && AppHarness.sessionCookie(made.answer) != nil)
    #expect(try app.accounts.store.account(named: "Pia")?.passwordHash == nil)
    // The link is taken: it makes nothing more.
    #expect(
      try await ceremony("/account/welcome/passkey/options", [("code", link.code)]).status == 400)
    // With no password, the passkey alone signs in.
    let signedIn = try await ceremony(
      "/sign-in/passkey", try assertion(challenge: try await signInChallenge()))
    #expect(signedIn.status == 200)
  }

  @Test func theLastWayInIsKeptRightAfterThePasswordIsRemoved() async throws {
    _ = try await app.person("Pia")
    // A session begun with the password: what it first knew of the account includes one.
    let signIn = try await app.form(
      "/sign-in", [("name", "Pia"), ("password", "correct horse battery")])
    let cookie = try #require(AppHarness.sessionCookie(signIn))
    try await addPasskey(cookie: cookie)
    let removed = try await app.form("/account/password/remove", [], cookie: cookie)
    #expect(removed.status == 303)
    // At once, within the session cache's second: the account as stored has no password now.
    let last = try await app.form(
      "/account/passkeys/remove", [("credential", Base64URL.encode(authenticator.credentialID))],
      cookie: cookie)
    #expect(last.status == 409 && last.text.contains("This is your only way to sign in"))
    #expect(try app.accounts.store.passkey(credentialID: authenticator.credentialID) != nil)
  }

  @Test func aSensitiveActionAsksForARecentSignInAndComesBack() async throws {
    let cookie = try await app.person("Abe", role: .admin)
    let match = try #require(try app.stores.league.matches(limit: 1, offset: 0).matches.first).id
    let delete = "/matches/\(match.uuidString.lowercased())/delete"
    // A session whose sign-in is an hour old.
    let account = try #require(try app.accounts.store.account(named: "Abe"))
    let old = SecretToken()
    let hourAgo = Date().addingTimeInterval(-3_600)
    try app.accounts.store.addSession(
      StoredSession(
        hash: old.hash, account: account.id, created: hourAgo, lastUsed: Date(),
        lastSignIn: hourAgo, client: "127.0.0.1", agent: "test"))
    let stale = "mvvmweb-session=\(old.text)"
    let asked = try await app.form(delete, [], cookie: stale)
    #expect(asked.status == 303)
    #expect(
      asked.location
        == "/sign-in?return=\(delete.replacingOccurrences(of: "/", with: "%2F"))&again=1")
    let page = try await app.page(try #require(asked.location), cookie: stale)
    #expect(page.status == 200 && page.text.contains("Sign in again to go on"))
    #expect(page.text.contains(#"value="Abe""#))
    #expect(try app.stores.league.match(id: match) != nil)
    // A fresh sign-in (the one the link made) deletes.
    #expect(try await app.form(delete, [], cookie: cookie).status == 303)
    #expect(try app.stores.league.match(id: match) == nil)
  }
}
