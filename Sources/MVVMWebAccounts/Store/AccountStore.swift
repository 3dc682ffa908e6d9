import Foundation

/// Where accounts, their sessions, one-time links, passkeys and sign-in failures are kept: the
/// SQLite file of the app, or the PostgreSQL database its instances share, so every instance
/// sees every session, link and failure. Secrets are never kept: a session token, a one-time
/// link's code and a passkey challenge are kept as their SHA-256 (`TokenHash`), a password as
/// its Argon2id hash. Every call is made on the store's threads (`StoreWork`), never on a
/// thread that reads sockets.
public protocol AccountStore: Sendable {
  // MARK: Accounts

  /// Keeps `account` as it is: its id, name, role, password hash and when it was made (a new
  /// account, or one copied from another store). Throws `AccountStoreError.nameTaken` when an
  /// account has the same name (`AccountName.key`: canonical equivalence and case folding) or
  /// the same id.
  func addAccount(_ account: Account) throws
  /// The account whose name is `name` (by `AccountName.key`), or nil.
  func account(named name: String) throws -> Account?
  /// The account `id`, or nil.
  func account(id: UUID) throws -> Account?
  /// Every account, by name.
  func accounts() throws -> [Account]
  /// Removes the account with its sessions, links and passkeys; returns the token hashes of
  /// the sessions it had (to end their live pages), or nil when there was no such account.
  func removeAccount(id: UUID) throws -> [TokenHash]?
  /// Sets the account's role; false when there is no such account.
  func setRole(_ role: String, of id: UUID) throws -> Bool
  /// Sets (or, with nil, removes) the account's password hash; false when there is no such
  /// account.
  func setPasswordHash(_ hash: String?, of id: UUID) throws -> Bool

  // MARK: Sessions

  /// Keeps a new session.
  func addSession(_ session: StoredSession) throws
  /// The session whose token hashes to `hash`, with its account, or nil.
  func session(_ hash: TokenHash) throws -> (session: StoredSession, account: Account)?
  /// Notes that the session was used at `time` from `client` with `agent`.
  func touchSession(_ hash: TokenHash, at time: Date, client: String, agent: String) throws
  /// Notes that the session's person proved who they are again at `time` (a re-authentication).
  func confirmSession(_ hash: TokenHash, at time: Date) throws
  /// The account's sessions, the most recently used first.
  func sessions(of account: UUID) throws -> [StoredSession]
  /// Ends one session; false when there was none.
  func removeSession(_ hash: TokenHash) throws -> Bool
  /// Ends every session of the account but `kept`; returns the hashes of those ended.
  func removeSessions(of account: UUID, keeping kept: TokenHash?) throws -> [TokenHash]
  /// Ends every session last used before `idle` or made before `made`; returns how many.
  func removeSessions(usedBefore idle: Date, madeBefore made: Date) throws -> Int

  // MARK: One-time links

  /// Keeps a one-time link's code (its hash) for `account`, good until `expires`. A new link
  /// for the account replaces the ones before it.
  func addLink(_ hash: TokenHash, for account: UUID, expires: Date) throws
  /// The account of the link, leaving it in place (the page it opens asks how to sign in before
  /// the link is taken), or nil when it is unknown or expired at `time`.
  func linkAccount(_ hash: TokenHash, at time: Date) throws -> UUID?
  /// Takes the link: its account, once (the link is gone after), or nil when it is unknown or
  /// expired at `time`.
  func takeLink(_ hash: TokenHash, at time: Date) throws -> UUID?

  // MARK: Passkeys

  /// Keeps a passkey; throws `AccountStoreError.passkeyTaken` when its credential id is kept
  /// already.
  func addPasskey(_ passkey: StoredPasskey) throws
  /// The passkey whose credential id is `credentialID`, or nil.
  func passkey(credentialID: [UInt8]) throws -> StoredPasskey?
  /// The account's passkeys, oldest first.
  func passkeys(of account: UUID) throws -> [StoredPasskey]
  /// Notes a sign-in with the passkey: its new signature counter and backup state, at `time`.
  func usePasskey(
    credentialID: [UInt8], signCount: UInt32, backedUp: Bool, at time: Date
  ) throws
  /// Renames the account's passkey; false when it has none with that credential id.
  func renamePasskey(credentialID: [UInt8], of account: UUID, to name: String) throws -> Bool
  /// Removes the account's passkey; false when it has none with that credential id.
  func removePasskey(credentialID: [UInt8], of account: UUID) throws -> Bool

  // MARK: Ceremony challenges

  /// Keeps a WebAuthn challenge (its hash) for `purpose`, good until `expires`.
  func addChallenge(_ hash: TokenHash, purpose: ChallengePurpose, expires: Date) throws
  /// Takes the challenge, once: its purpose, or nil when it is unknown or expired at `time`.
  func takeChallenge(_ hash: TokenHash, at time: Date) throws -> ChallengePurpose?

  // MARK: Sign-in failures

  /// The failures in a row kept for `key` (an account's or a client address's), or nil.
  func failures(for key: String) throws -> FailureCount?
  /// Counts one more failure for `key` at `time`, in one statement (instances counting at once
  /// lose none), and returns the count.
  func recordFailure(for key: String, at time: Date) throws -> FailureCount
  /// Forgets the failures of `key` (a sign-in that succeeded).
  func clearFailures(for key: String) throws
}

extension AccountStore {
  /// Adds the account `name` with `role`, a new id and no password; throws
  /// `AccountStoreError.nameTaken` when an account has the same name.
  public func addAccount(name: String, role: String, at time: Date) throws -> Account {
    let account = Account(id: UUID(), name: name, role: role, passwordHash: nil, created: time)
    try addAccount(account)
    return account
  }
}

/// What an account store refuses.
public enum AccountStoreError: Error, Equatable, Sendable {
  /// An account has that name already.
  case nameTaken
  /// A passkey with that credential id is kept already.
  case passkeyTaken
  /// A session, link, passkey or challenge named an account that does not exist (it was
  /// removed meanwhile, say).
  case unknownAccount
}
