import Foundation
import MVVMWebAccounts
import Testing

/// One contract, every store: the same tests run against SQLite, PostgreSQL and the in-memory
/// store, and read back exactly what they wrote (times to the last bit).
@Suite struct AccountStoreContractTests {
  @Test(arguments: AccountStoreKind.allCases)
  func accountsAreUniqueByTheirNamesKeyAndComeBackExactly(_ kind: AccountStoreKind) throws {
    let (store, another) = try kind.freshStore()
    let chloe = try store.addAccount(name: "Chloe\u{301}", role: "member", at: someTime)
    let ada = try store.addAccount(name: "ada", role: "admin", at: someTime + 1)
    let bob = try store.addAccount(name: "Bob", role: "member", at: someTime + 2)
    #expect(throws: AccountStoreError.nameTaken) {
      try store.addAccount(name: "CHLOÉ", role: "admin", at: someTime)
    }
    #expect(chloe.name == "Chloe\u{301}" && chloe.passwordHash == nil && chloe.created == someTime)

    let reopened = try another()
    #expect(try reopened.account(named: "chloé") == chloe)
    #expect(try reopened.account(id: ada.id) == ada)
    #expect(try reopened.account(named: "nobody") == nil)
    #expect(try reopened.account(id: UUID()) == nil)
    #expect(try reopened.accounts().map(\.name) == ["ada", "Bob", "Chloe\u{301}"])

    #expect(try reopened.setRole("admin", of: bob.id))
    #expect(try !reopened.setRole("admin", of: UUID()))
    #expect(
      try reopened.setPasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", of: bob.id))
    #expect(try !reopened.setPasswordHash("x", of: UUID()))
    #expect(
      try store.account(named: "BOB")
        == Account(
          id: bob.id, name: "Bob", role: "admin",
          passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", created: someTime + 2))
    #expect(try store.setPasswordHash(nil, of: bob.id))
    #expect(try store.account(id: bob.id)?.passwordHash == nil)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func sessionsAreKeptUsedConfirmedListedAndEnded(_ kind: AccountStoreKind) throws {
    let (store, another) = try kind.freshStore()
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    let ben = try store.addAccount(name: "Ben", role: "member", at: someTime)
    let first = StoredSession(
      hash: hashOf("first"), account: ann.id, created: someTime, lastUsed: someTime,
      lastSignIn: someTime, client: "192.0.2.1", agent: "Firefox")
    let second = StoredSession(
      hash: hashOf("second"), account: ann.id, created: someTime + 10, lastUsed: someTime + 10,
      lastSignIn: someTime + 10, client: "2001:db8::1", agent: "Chromium")
    let bens = StoredSession(
      hash: hashOf("ben's"), account: ben.id, created: someTime, lastUsed: someTime,
      lastSignIn: someTime, client: "192.0.2.9", agent: "Safari")
    for session in [first, second, bens] { try store.addSession(session) }
    #expect(throws: AccountStoreError.unknownAccount) {
      try store.addSession(
        StoredSession(
          hash: hashOf("orphan"), account: UUID(), created: someTime, lastUsed: someTime,
          lastSignIn: someTime, client: "", agent: ""))
    }

    let reopened = try another()
    let found = try #require(try reopened.session(hashOf("first")))
    #expect(found.session == first && found.account == ann)
    #expect(try reopened.session(hashOf("unknown")) == nil)
    #expect(try reopened.sessions(of: ann.id) == [second, first])

    try reopened.touchSession(
      hashOf("first"), at: someTime + 20, client: "192.0.2.2", agent: "Lynx")
    try reopened.confirmSession(hashOf("first"), at: someTime + 30)
    let used = StoredSession(
      hash: first.hash, account: ann.id, created: someTime, lastUsed: someTime + 20,
      lastSignIn: someTime + 30, client: "192.0.2.2", agent: "Lynx")
    #expect(try store.sessions(of: ann.id) == [used, second])

    #expect(try store.removeSession(hashOf("second")))
    #expect(try !store.removeSession(hashOf("second")))
    try store.addSession(second)
    #expect(try store.removeSessions(of: ann.id, keeping: hashOf("second")) == [first.hash])
    #expect(try store.sessions(of: ann.id) == [second])
    try store.addSession(first)
    #expect(Set(try store.removeSessions(of: ann.id, keeping: nil)) == [first.hash, second.hash])
    #expect(try store.sessions(of: ann.id).isEmpty)
    #expect(try store.sessions(of: ben.id) == [bens])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func sessionsIdleOrTooOldAreSweptAndCounted(_ kind: AccountStoreKind) throws {
    let store = try kind.freshStore().store
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    let session = { (name: String, created: Double, used: Double) in
      StoredSession(
        hash: hashOf(name), account: ann.id, created: someTime + created,
        lastUsed: someTime + used, lastSignIn: someTime + created, client: "", agent: "")
    }
    try store.addSession(session("idle", 0, 10))
    try store.addSession(session("old", 0, 100))
    try store.addSession(session("fresh", 50, 100))
    try store.addSession(session("edge", 20, 20))
    // Used before 20 or made before 20: idle and old go; one used or made at 20 stays.
    #expect(try store.removeSessions(usedBefore: someTime + 20, madeBefore: someTime + 20) == 2)
    #expect(try store.sessions(of: ann.id).map(\.hash) == [hashOf("fresh"), hashOf("edge")])
    #expect(try store.removeSessions(usedBefore: someTime, madeBefore: someTime) == 0)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aLinkIsTakenOnceBeforeItExpiresAndANewOneReplacesIt(_ kind: AccountStoreKind) throws {
    let (store, another) = try kind.freshStore()
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    try store.addLink(hashOf("old code"), for: ann.id, expires: someTime + 600)
    try store.addLink(hashOf("code"), for: ann.id, expires: someTime + 600)
    #expect(throws: AccountStoreError.unknownAccount) {
      try store.addLink(hashOf("orphan"), for: UUID(), expires: someTime + 600)
    }
    let reopened = try another()
    #expect(try reopened.takeLink(hashOf("old code"), at: someTime) == nil)
    #expect(try reopened.takeLink(hashOf("code"), at: someTime + 599.999) == ann.id)
    #expect(try reopened.takeLink(hashOf("code"), at: someTime) == nil)
    #expect(try store.takeLink(hashOf("never made"), at: someTime) == nil)

    // Good until it expires: at its expiry it is gone, and taking it does not revive it.
    try store.addLink(hashOf("late"), for: ann.id, expires: someTime + 600)
    #expect(try store.takeLink(hashOf("late"), at: someTime + 600) == nil)
    try store.addLink(hashOf("later"), for: ann.id, expires: someTime + 600)
    #expect(try store.takeLink(hashOf("later"), at: someTime + 601) == nil)
    #expect(try store.takeLink(hashOf("later"), at: someTime) == nil)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func passkeysAreKeptUsedRenamedAndRemovedByTheirAccountOnly(_ kind: AccountStoreKind) throws {
    let (store, another) = try kind.freshStore()
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    let ben = try store.addAccount(name: "Ben", role: "member", at: someTime)
    let laptop = StoredPasskey(
      credentialID: [1, 2, 3], account: ann.id, publicKey: [0xa5, 0x01, 0x02, 0x00, 0xff],
      signCount: 0, backupEligible: true, backedUp: false, name: "Laptop", created: someTime,
      lastUsed: nil)
    let phone = StoredPasskey(
      credentialID: Array(repeating: 0xff, count: 1_023), account: ann.id, publicKey: [9],
      signCount: UInt32.max, backupEligible: false, backedUp: false, name: "Phone",
      created: someTime - 5, lastUsed: someTime)
    try store.addPasskey(laptop)
    try store.addPasskey(phone)
    #expect(throws: AccountStoreError.passkeyTaken) {
      try store.addPasskey(
        StoredPasskey(
          credentialID: [1, 2, 3], account: ben.id, publicKey: [], signCount: 0,
          backupEligible: false, backedUp: false, name: "Copy", created: someTime, lastUsed: nil))
    }
    #expect(throws: AccountStoreError.unknownAccount) {
      try store.addPasskey(
        StoredPasskey(
          credentialID: [7], account: UUID(), publicKey: [], signCount: 0,
          backupEligible: false, backedUp: false, name: "Orphan", created: someTime,
          lastUsed: nil))
    }

    let reopened = try another()
    #expect(try reopened.passkey(credentialID: [1, 2, 3]) == laptop)
    #expect(try reopened.passkey(credentialID: [1, 2]) == nil)
    #expect(try reopened.passkeys(of: ann.id) == [phone, laptop])
    #expect(try reopened.passkeys(of: ben.id).isEmpty)

    try reopened.usePasskey(
      credentialID: [1, 2, 3], signCount: 7, backedUp: true, at: someTime + 9)
    #expect(try !reopened.renamePasskey(credentialID: [1, 2, 3], of: ben.id, to: "Stolen"))
    #expect(try reopened.renamePasskey(credentialID: [1, 2, 3], of: ann.id, to: "Work laptop"))
    #expect(
      try store.passkey(credentialID: [1, 2, 3])
        == StoredPasskey(
          credentialID: [1, 2, 3], account: ann.id, publicKey: [0xa5, 0x01, 0x02, 0x00, 0xff],
          signCount: 7, backupEligible: true, backedUp: true, name: "Work laptop",
          created: someTime, lastUsed: someTime + 9))
    #expect(try !store.removePasskey(credentialID: [1, 2, 3], of: ben.id))
    #expect(try store.removePasskey(credentialID: [1, 2, 3], of: ann.id))
    #expect(try !store.removePasskey(credentialID: [1, 2, 3], of: ann.id))
    #expect(try store.passkeys(of: ann.id) == [phone])
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aChallengeIsTakenOnceWithItsPurposeBeforeItExpires(_ kind: AccountStoreKind) throws {
    let (store, another) = try kind.freshStore()
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    try store.addChallenge(hashOf("sign in"), purpose: .signIn, expires: someTime + 300)
    try store.addChallenge(
      hashOf("register"), purpose: .register(account: ann.id), expires: someTime + 300)
    try store.addChallenge(hashOf("stale"), purpose: .signIn, expires: someTime + 300)
    #expect(throws: AccountStoreError.unknownAccount) {
      try store.addChallenge(
        hashOf("orphan"), purpose: .register(account: UUID()), expires: someTime + 300)
    }
    let reopened = try another()
    #expect(try reopened.takeChallenge(hashOf("sign in"), at: someTime) == .signIn)
    #expect(try reopened.takeChallenge(hashOf("sign in"), at: someTime) == nil)
    #expect(
      try reopened.takeChallenge(hashOf("register"), at: someTime) == .register(account: ann.id))
    #expect(try store.takeChallenge(hashOf("stale"), at: someTime + 300) == nil)
    #expect(try store.takeChallenge(hashOf("unknown"), at: someTime) == nil)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func failuresCountUpKeepTheLatestTimeAndClear(_ kind: AccountStoreKind) throws {
    let (store, another) = try kind.freshStore()
    #expect(try store.failures(for: "account:ann") == nil)
    #expect(
      try store.recordFailure(for: "account:ann", at: someTime)
        == FailureCount(count: 1, last: someTime))
    #expect(
      try store.recordFailure(for: "account:ann", at: someTime + 5)
        == FailureCount(count: 2, last: someTime + 5))
    // Another instance whose clock is behind does not move the last failure back.
    let reopened = try another()
    #expect(
      try reopened.recordFailure(for: "account:ann", at: someTime + 1)
        == FailureCount(count: 3, last: someTime + 5))
    #expect(
      try reopened.recordFailure(for: "client:192.0.2.1", at: someTime)
        == FailureCount(count: 1, last: someTime))
    #expect(try store.failures(for: "account:ann") == FailureCount(count: 3, last: someTime + 5))
    try store.clearFailures(for: "account:ann")
    #expect(try reopened.failures(for: "account:ann") == nil)
    #expect(
      try reopened.failures(for: "client:192.0.2.1") == FailureCount(count: 1, last: someTime))
    #expect(
      try store.recordFailure(for: "account:ann", at: someTime)
        == FailureCount(count: 1, last: someTime))
  }

  @Test(arguments: AccountStoreKind.allCases)
  func removingAnAccountRemovesItsSessionsLinkPasskeysAndChallenges(
    _ kind: AccountStoreKind
  )
    throws
  {
    let (store, another) = try kind.freshStore()
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    let ben = try store.addAccount(name: "Ben", role: "member", at: someTime)
    for (name, account) in [("ann 1", ann), ("ann 2", ann), ("ben 1", ben)] {
      try store.addSession(
        StoredSession(
          hash: hashOf(name), account: account.id, created: someTime, lastUsed: someTime,
          lastSignIn: someTime, client: "", agent: ""))
    }
    try store.addLink(hashOf("ann's link"), for: ann.id, expires: someTime + 600)
    try store.addChallenge(
      hashOf("ann's challenge"), purpose: .register(account: ann.id), expires: someTime + 600)
    try store.addPasskey(
      StoredPasskey(
        credentialID: [42], account: ann.id, publicKey: [1], signCount: 0, backupEligible: false,
        backedUp: false, name: "Key", created: someTime, lastUsed: nil))

    let removed = try #require(try store.removeAccount(id: ann.id))
    #expect(Set(removed) == [hashOf("ann 1"), hashOf("ann 2")])
    #expect(try store.removeAccount(id: ann.id) == nil)
    let reopened = try another()
    #expect(try reopened.account(id: ann.id) == nil)
    #expect(try reopened.session(hashOf("ann 1")) == nil)
    #expect(try reopened.sessions(of: ann.id).isEmpty)
    #expect(try reopened.takeLink(hashOf("ann's link"), at: someTime) == nil)
    #expect(try reopened.takeChallenge(hashOf("ann's challenge"), at: someTime) == nil)
    #expect(try reopened.passkey(credentialID: [42]) == nil)
    #expect(try reopened.session(hashOf("ben 1"))?.account == ben)
    // The name is free again.
    #expect(try reopened.addAccount(name: "ANN", role: "member", at: someTime).name == "ANN")
  }
}
