import Foundation
import MVVMWeb

/// Signing in with a password, changing it, and setting it from a one-time link: each try
/// counted against the account and the address it comes from (the store counts for every
/// instance), each password checked on the password lane.
extension Accounts {
  /// How a sign-in went.
  enum SignInOutcome: Sendable {
    /// Signed in: the new session's token, for its cookie.
    case signedIn(SecretToken, Account)
    /// The name or the password is wrong (which one is not said).
    case refused
    /// Too many failures in a row for the account or the address: wait this many seconds.
    case wait(seconds: Int)
  }

  /// Signs `name` in with `password`, from `client` with `agent`. Throws
  /// `PasswordLaneError.busy` when the password lane is full.
  func signIn(
    name: String, password: String, client: String, agent: String
  ) async throws
    -> SignInOutcome
  {
    let keys = SignInThrottle.keys(name: name, client: client)
    let time = now()
    let (failures, account) = try await executor.read {
      (try keys.map { try self.store.failures(for: $0) }, try self.store.account(named: name))
    }
    let wait = failures.compactMap { $0.flatMap { SignInThrottle.wait(after: $0, at: time) } }
    if let longest = wait.max() { return .wait(seconds: longest) }
    // An unknown name costs the same check as a known one, so the time taken tells nothing.
    let hash = try await decoyOr(account?.passwordHash)
    let right = try await passwords.verify(password, against: hash)
    guard right, let account, account.passwordHash != nil else {
      // The wait counts from when the failure is known, not from when the try came in.
      let failed = now()
      _ = try await executor.write {
        try keys.map { try self.store.recordFailure(for: $0, at: failed) }
      }
      return .refused
    }
    try await executor.write { try self.store.clearFailures(for: keys[0]) }
    return .signedIn(try await startSession(for: account, client: client, agent: agent), account)
  }

  /// What a password change or a link's password could not do.
  enum PasswordRefusal: Error, Equatable {
    /// The new password breaks a rule: why, in words.
    case rule(String)
    /// The current password is wrong.
    case wrongCurrent
    /// The link is unknown, used, or expired.
    case deadLink
  }

  /// Changes `account`'s password to `new`, after checking `current` (an account that signs in
  /// with passkeys only has none to check: its recent sign-in proved it), and ends every other
  /// session of the account.
  func changePassword(
    of account: Account, current: String, to new: String, keeping session: TokenHash
  ) async throws {
    if let stored = account.passwordHash {
      guard try await passwords.verify(current, against: stored) else {
        throw PasswordRefusal.wrongCurrent
      }
    }
    try await setPassword(new, of: account)
    try await endSessions(of: account.id, keeping: session)
  }

  /// Takes the one-time link `code` and sets its account's password to `password`: the
  /// account, signed in with a new session. A password the rules refuse leaves the link as it
  /// was, for the next try. A link is also the way back in for a lost password, so every
  /// session the account had ends: whoever holds the lost device is signed out.
  func welcome(
    code: String, password: String, client: String, agent: String
  ) async throws
    -> (SecretToken, Account)
  {
    guard let account = try await linkAccount(code: code), let token = SecretToken(code) else {
      throw PasswordRefusal.deadLink
    }
    if let problem = PasswordRules.problem(password, name: account.name) {
      throw PasswordRefusal.rule(problem)
    }
    let hash = try await passwords.hash(password)
    let time = now()
    guard try await executor.write({ try self.store.takeLink(token.hash, at: time) }) == account.id
    else { throw PasswordRefusal.deadLink }
    _ = try await executor.write { try self.store.setPasswordHash(hash, of: account.id) }
    try await endSessions(of: account.id, keeping: nil)
    return (try await startSession(for: account, client: client, agent: agent), account)
  }

  private func setPassword(_ password: String, of account: Account) async throws {
    if let problem = PasswordRules.problem(password, name: account.name) {
      throw PasswordRefusal.rule(problem)
    }
    let hash = try await passwords.hash(password)
    _ = try await executor.write { try self.store.setPasswordHash(hash, of: account.id) }
  }

  /// `hash`, or for an account without one a hash of nothing anyone knows, made once.
  private func decoyOr(_ hash: String?) async throws -> String {
    if let hash { return hash }
    if let decoy = decoy.withLock({ $0 }) { return decoy }
    let made = try await passwords.hash(SecretToken().text)
    decoy.withLock { $0 = made }
    return made
  }
}
