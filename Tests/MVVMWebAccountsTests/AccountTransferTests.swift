import Foundation
import Testing

@testable import MVVMWebAccounts

/// A site moving to another database takes its accounts along whole (ids, names, roles,
/// password hashes, dates, passkeys, sessions), into each kind of store from each other kind;
/// accounts are never merged into a store that has its own, and a copy run twice changes
/// nothing the second time.
@Suite struct AccountTransferTests {
  static let moves: [(AccountStoreKind, AccountStoreKind)] = [
    (.sqlite, .postgres), (.postgres, .sqlite), (.memory, .sqlite),
  ]

  /// A source with two accounts (one with a password), a passkey and two sessions.
  func filledStore(_ kind: AccountStoreKind) throws -> any AccountStore {
    let store = try kind.freshStore().store
    let ann = Account(
      id: UUID(), name: "Ann Émile", role: "admin",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", created: someTime)
    try store.addAccount(ann)
    let ben = try store.addAccount(name: "ben", role: "member", at: someTime + 1)
    try store.addPasskey(
      StoredPasskey(
        credentialID: [1, 2, 3], account: ann.id, publicKey: [0xa5, 0x01], signCount: 7,
        backupEligible: true, backedUp: true, name: "Laptop", created: someTime,
        lastUsed: someTime + 2))
    for (secret, account) in [("ann's", ann.id), ("ben's", ben.id)] {
      try store.addSession(
        StoredSession(
          hash: hashOf(secret), account: account, created: someTime, lastUsed: someTime + 3,
          lastSignIn: someTime, client: "192.0.2.1", agent: "Firefox"))
    }
    return store
  }

  @Test(arguments: moves)
  func everyAccountArrivesWhole(_ from: AccountStoreKind, _ to: AccountStoreKind) throws {
    let source = try filledStore(from)
    let target = try to.freshStore().store
    let summary = try AccountTransfer.copy(from: source, to: target)
    #expect(summary == AccountTransfer.Summary(accounts: 2, passkeys: 1, sessions: 2))
    #expect(summary.description == "2 accounts, 1 passkey and 2 sessions")
    #expect(try target.accounts() == source.accounts())
    for account in try source.accounts() {
      #expect(try target.passkeys(of: account.id) == source.passkeys(of: account.id))
      #expect(try target.sessions(of: account.id) == source.sessions(of: account.id))
    }
    // A session copied is a session: its cookie signs its person in on the new store.
    #expect(try target.session(hashOf("ann's"))?.account.name == "Ann Émile")
    // Run again (a copy that stopped half-way): the same summary, nothing twice.
    #expect(try AccountTransfer.copy(from: source, to: target) == summary)
    #expect(try target.accounts().count == 2)
  }

  @Test(arguments: AccountStoreKind.allCases)
  func aStoreWithAccountsOfItsOwnIsRefusedUntouched(_ kind: AccountStoreKind) throws {
    let source = try filledStore(.memory)
    let target = try kind.freshStore().store
    // The admin a first start makes: the same name as the source's, another account.
    let own = try target.addAccount(name: "ben", role: "admin", at: someTime)
    #expect(throws: AccountTransfer.TargetHasOtherAccounts(name: "ben")) {
      try AccountTransfer.copy(from: source, to: target)
    }
    #expect(try target.accounts() == [own])
    #expect(try target.session(hashOf("ann's")) == nil)
  }
}
