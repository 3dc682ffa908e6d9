import Foundation
import Synchronization

/// Accounts kept in memory, for view-model tests: the same rules as the SQLite and PostgreSQL
/// stores (the contract tests run all three), in one lock, so whatever two callers do at once
/// happens one after the other.
public final class InMemoryAccountStore: AccountStore {
  private struct State {
    var accounts: [UUID: Account] = [:]
    /// Each account's id by its name's key (`AccountName.key`).
    var names: [String: UUID] = [:]
    var sessions: [TokenHash: StoredSession] = [:]
    var links: [TokenHash: (account: UUID, expires: Date)] = [:]
    var passkeys: [[UInt8]: StoredPasskey] = [:]
    var challenges: [TokenHash: (purpose: ChallengePurpose, expires: Date)] = [:]
    var failures: [String: FailureCount] = [:]

    /// Removes the account's sessions, link, passkeys and challenges, as the SQL stores'
    /// foreign keys do; returns the hashes of the sessions.
    mutating func removeEverything(of account: UUID) -> [TokenHash] {
      let ended = sessions.values.filter { $0.account == account }.map(\.hash)
      for hash in ended { sessions[hash] = nil }
      links = links.filter { $0.value.account != account }
      passkeys = passkeys.filter { $0.value.account != account }
      challenges = challenges.filter { $0.value.purpose != .register(account: account) }
      return ended
    }
  }

  private let state = Mutex(State())

  /// An empty store.
  public init() {}

  // MARK: Accounts

  public func addAccount(_ account: Account) throws {
    try state.withLock { state throws(AccountStoreError) in
      let key = AccountName.key(account.name)
      guard state.names[key] == nil, state.accounts[account.id] == nil else { throw .nameTaken }
      state.names[key] = account.id
      state.accounts[account.id] = account
    }
  }

  public func account(named name: String) throws -> Account? {
    state.withLock { state in state.names[AccountName.key(name)].flatMap { state.accounts[$0] } }
  }

  public func account(id: UUID) throws -> Account? {
    state.withLock { $0.accounts[id] }
  }

  /// By the name's key in byte order, as the SQL stores order it.
  public func accounts() throws -> [Account] {
    state.withLock { state in
      state.names.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        .compactMap { state.accounts[$0.value] }
    }
  }

  public func removeAccount(id: UUID) throws -> [TokenHash]? {
    state.withLock { state in
      guard let account = state.accounts.removeValue(forKey: id) else { return nil }
      state.names[AccountName.key(account.name)] = nil
      return state.removeEverything(of: id)
    }
  }

  public func setRole(_ role: String, of id: UUID) throws -> Bool {
    state.withLock { state in
      guard let account = state.accounts[id] else { return false }
      state.accounts[id] = Account(
        id: id, name: account.name, role: role, passwordHash: account.passwordHash,
        created: account.created)
      return true
    }
  }

  public func setPasswordHash(_ hash: String?, of id: UUID) throws -> Bool {
    state.withLock { state in
      guard let account = state.accounts[id] else { return false }
      state.accounts[id] = Account(
        id: id, name: account.name, role: account.role, passwordHash: hash,
        created: account.created)
      return true
    }
  }

  // MARK: Sessions

  public func addSession(_ session: StoredSession) throws {
    try state.withLock { state throws(AccountStoreError) in
      guard state.accounts[session.account] != nil else { throw .unknownAccount }
      state.sessions[session.hash] = session
    }
  }

  public func session(_ hash: TokenHash) throws -> (session: StoredSession, account: Account)? {
    state.withLock { state in
      guard let session = state.sessions[hash], let account = state.accounts[session.account]
      else { return nil }
      return (session, account)
    }
  }

  public func touchSession(_ hash: TokenHash, at time: Date, client: String, agent: String) throws {
    state.withLock { state in
      guard let session = state.sessions[hash] else { return }
      state.sessions[hash] = StoredSession(
        hash: hash, account: session.account, created: session.created, lastUsed: time,
        lastSignIn: session.lastSignIn, client: client, agent: agent)
    }
  }

  public func confirmSession(_ hash: TokenHash, at time: Date) throws {
    state.withLock { state in
      guard let session = state.sessions[hash] else { return }
      state.sessions[hash] = StoredSession(
        hash: hash, account: session.account, created: session.created,
        lastUsed: session.lastUsed, lastSignIn: time, client: session.client,
        agent: session.agent)
    }
  }

  /// The most recently used first; sessions used at the same time by their hashes' bytes, as
  /// the SQL stores order them.
  public func sessions(of account: UUID) throws -> [StoredSession] {
    state.withLock { state in
      state.sessions.values.filter { $0.account == account }.sorted { left, right in
        left.lastUsed != right.lastUsed
          ? left.lastUsed > right.lastUsed
          : left.hash.bytes.lexicographicallyPrecedes(right.hash.bytes)
      }
    }
  }

  public func removeSession(_ hash: TokenHash) throws -> Bool {
    state.withLock { $0.sessions.removeValue(forKey: hash) != nil }
  }

  public func removeSessions(of account: UUID, keeping kept: TokenHash?) throws -> [TokenHash] {
    state.withLock { state in
      let ended = state.sessions.values.filter { $0.account == account && $0.hash != kept }
        .map(\.hash)
      for hash in ended { state.sessions[hash] = nil }
      return ended
    }
  }

  public func removeSessions(usedBefore idle: Date, madeBefore made: Date) throws -> Int {
    state.withLock { state in
      let before = state.sessions.count
      state.sessions = state.sessions.filter {
        $0.value.lastUsed >= idle && $0.value.created >= made
      }
      return before - state.sessions.count
    }
  }

  // MARK: One-time links

  public func addLink(_ hash: TokenHash, for account: UUID, expires: Date) throws {
    try state.withLock { state throws(AccountStoreError) in
      guard state.accounts[account] != nil else { throw .unknownAccount }
      state.links = state.links.filter { $0.value.account != account }
      state.links[hash] = (account, expires)
    }
  }

  /// Links that expired are removed on the way, as the SQL stores do.
  public func linkAccount(_ hash: TokenHash, at time: Date) throws -> UUID? {
    state.withLock { state in
      state.links[hash].flatMap { $0.expires > time ? $0.account : nil }
    }
  }

  public func takeLink(_ hash: TokenHash, at time: Date) throws -> UUID? {
    state.withLock { state in
      let link = state.links.removeValue(forKey: hash)
      state.links = state.links.filter { $0.value.expires > time }
      guard let link, link.expires > time else { return nil }
      return link.account
    }
  }

  // MARK: Passkeys

  public func addPasskey(_ passkey: StoredPasskey) throws {
    try state.withLock { state throws(AccountStoreError) in
      guard state.accounts[passkey.account] != nil else { throw .unknownAccount }
      guard state.passkeys[passkey.credentialID] == nil else { throw .passkeyTaken }
      state.passkeys[passkey.credentialID] = passkey
    }
  }

  public func passkey(credentialID: [UInt8]) throws -> StoredPasskey? {
    state.withLock { $0.passkeys[credentialID] }
  }

  /// Oldest first; passkeys added at the same time by their credential ids' bytes, as the SQL
  /// stores order them.
  public func passkeys(of account: UUID) throws -> [StoredPasskey] {
    state.withLock { state in
      state.passkeys.values.filter { $0.account == account }.sorted { left, right in
        left.created != right.created
          ? left.created < right.created
          : left.credentialID.lexicographicallyPrecedes(right.credentialID)
      }
    }
  }

  public func usePasskey(
    credentialID: [UInt8], signCount: UInt32, backedUp: Bool, at time: Date
  ) throws {
    state.withLock { state in
      guard let passkey = state.passkeys[credentialID] else { return }
      state.passkeys[credentialID] = StoredPasskey(
        credentialID: credentialID, account: passkey.account, publicKey: passkey.publicKey,
        signCount: signCount, backupEligible: passkey.backupEligible, backedUp: backedUp,
        name: passkey.name, created: passkey.created, lastUsed: time)
    }
  }

  public func renamePasskey(
    credentialID: [UInt8], of account: UUID, to name: String
  ) throws
    -> Bool
  {
    state.withLock { state in
      guard let passkey = state.passkeys[credentialID], passkey.account == account else {
        return false
      }
      state.passkeys[credentialID] = StoredPasskey(
        credentialID: credentialID, account: account, publicKey: passkey.publicKey,
        signCount: passkey.signCount, backupEligible: passkey.backupEligible,
        backedUp: passkey.backedUp, name: name, created: passkey.created,
        lastUsed: passkey.lastUsed)
      return true
    }
  }

  public func removePasskey(credentialID: [UInt8], of account: UUID) throws -> Bool {
    state.withLock { state in
      guard state.passkeys[credentialID]?.account == account else { return false }
      state.passkeys[credentialID] = nil
      return true
    }
  }

  // MARK: Ceremony challenges

  public func addChallenge(_ hash: TokenHash, purpose: ChallengePurpose, expires: Date) throws {
    try state.withLock { state throws(AccountStoreError) in
      if case .register(let account) = purpose, state.accounts[account] == nil {
        throw .unknownAccount
      }
      state.challenges[hash] = (purpose, expires)
    }
  }

  /// Challenges that expired are removed on the way, as the SQL stores do.
  public func takeChallenge(_ hash: TokenHash, at time: Date) throws -> ChallengePurpose? {
    state.withLock { state in
      let challenge = state.challenges.removeValue(forKey: hash)
      state.challenges = state.challenges.filter { $0.value.expires > time }
      guard let challenge, challenge.expires > time else { return nil }
      return challenge.purpose
    }
  }

  // MARK: Sign-in failures

  public func failures(for key: String) throws -> FailureCount? {
    state.withLock { $0.failures[key] }
  }

  public func recordFailure(for key: String, at time: Date) throws -> FailureCount {
    state.withLock { state in
      let before = state.failures[key]
      let count = FailureCount(
        count: (before?.count ?? 0) + 1, last: max(before?.last ?? time, time))
      state.failures[key] = count
      return count
    }
  }

  public func clearFailures(for key: String) throws {
    state.withLock { $0.failures[key] = nil }
  }
}
