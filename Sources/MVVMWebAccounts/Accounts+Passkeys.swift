import Foundation
import MVVMWeb
import MVVMWebPasskeys

/// Passkeys: adding one to an account (from its page, or from a one-time link instead of a
/// password) and signing in with one. Every ceremony has a challenge of its own, kept only as its
/// hash with what it was made for, good for five minutes and taken once; the browser's answer is
/// checked by `MVVMWebPasskeys` against this site's relying party (its host and origin), user
/// verification required.
extension Accounts {
  /// How long a ceremony's challenge stays good.
  static let challengeLifetime: TimeInterval = 300

  /// What a passkey ceremony could not do, in words for the person.
  struct PasskeyRefusal: Error, Equatable {
    let reason: String
  }

  /// The handle the authenticator keeps for `account` (WebAuthn's `user.id`): the account's id,
  /// random and naming no one.
  static func handle(of account: UUID) -> [UInt8] {
    withUnsafeBytes(of: account.uuid) { Array($0) }
  }

  /// A new challenge for `purpose`, kept until it is taken or expires.
  func challenge(for purpose: ChallengePurpose) async throws -> SecretToken {
    let challenge = SecretToken()
    let expires = now().addingTimeInterval(Self.challengeLifetime)
    try await executor.write {
      try self.store.addChallenge(challenge.hash, purpose: purpose, expires: expires)
    }
    return challenge
  }

  /// Takes `challenge` if it was made for `purpose` and is still good.
  private func take(_ challenge: SecretToken, for purpose: ChallengePurpose) async throws {
    let time = now()
    let taken = try await executor.write { try self.store.takeChallenge(challenge.hash, at: time) }
    guard taken == purpose else {
      throw PasskeyRefusal(
        reason: "This passkey request has expired or was already used: try again.")
    }
  }

  /// The account's passkeys.
  func passkeys(of account: UUID) async throws -> [StoredPasskey] {
    try await executor.read { try self.store.passkeys(of: account) }
  }

  /// Adds the passkey the browser made for `account` in answer to `challenge`.
  func addPasskey(
    to account: Account, challenge: SecretToken, clientDataJSON: [UInt8],
    attestationObject: [UInt8], name: String, site: RelyingParty
  ) async throws {
    try await take(challenge, for: .register(account: account.id))
    let credential: PasskeyCredential
    do {
      credential = try site.verifyRegistration(
        clientDataJSON: clientDataJSON, attestationObject: attestationObject,
        expectedChallenge: challenge.bytes, userHandle: Self.handle(of: account.id))
    } catch {
      throw PasskeyRefusal(reason: "The passkey was refused: \(error)")
    }
    let passkey = StoredPasskey(
      credentialID: credential.id, account: account.id, publicKey: credential.publicKey,
      signCount: credential.signCount, backupEligible: credential.isBackupEligible,
      backedUp: credential.isBackedUp, name: Self.passkeyName(name), created: now(),
      lastUsed: nil)
    do {
      try await executor.write { try self.store.addPasskey(passkey) }
    } catch AccountStoreError.passkeyTaken {
      throw PasskeyRefusal(reason: "This passkey is already added.")
    }
  }

  /// Signs in with the passkey the browser used in answer to `challenge`: the new session's
  /// token and its account.
  func signIn(
    passkey id: [UInt8], challenge: SecretToken, clientDataJSON: [UInt8],
    authenticatorData: [UInt8], signature: [UInt8], userHandle: [UInt8]?, site: RelyingParty,
    client: String, agent: String
  ) async throws -> (SecretToken, Account) {
    try await take(challenge, for: .signIn)
    let unknown = PasskeyRefusal(reason: "This passkey is not one of this site's accounts'.")
    guard let stored = try await executor.read({ try self.store.passkey(credentialID: id) }),
      let account = try await executor.read({ try self.store.account(id: stored.account) })
    else { throw unknown }
    let updated: PasskeyCredential
    do {
      let credential = try PasskeyCredential(
        id: stored.credentialID, publicKey: stored.publicKey, signCount: stored.signCount,
        isBackupEligible: stored.backupEligible, isBackedUp: stored.backedUp,
        userHandle: Self.handle(of: account.id))
      updated = try site.verifyAssertion(
        clientDataJSON: clientDataJSON, authenticatorData: authenticatorData,
        signature: signature, userHandle: userHandle, expectedChallenge: challenge.bytes,
        credential: credential)
    } catch {
      throw PasskeyRefusal(reason: "The passkey was refused: \(error)")
    }
    let time = now()
    try await executor.write {
      try self.store.usePasskey(
        credentialID: id, signCount: updated.signCount, backedUp: updated.isBackedUp, at: time)
    }
    return (try await startSession(for: account, client: client, agent: agent), account)
  }

  /// Sets up the account of the one-time link `code` with the passkey the browser made, instead
  /// of a password: the link is taken, and the person signed in.
  func welcome(
    code: String, challenge: SecretToken, clientDataJSON: [UInt8], attestationObject: [UInt8],
    site: RelyingParty, client: String, agent: String
  ) async throws -> (SecretToken, Account) {
    let dead = PasskeyRefusal(
      reason: "This link has been used or has expired. Ask an admin for a new one.")
    guard let code = SecretToken(code),
      let id = try await executor.read({ try self.store.linkAccount(code.hash, at: self.now()) }),
      let account = try await executor.read({ try self.store.account(id: id) })
    else { throw dead }
    try await addPasskey(
      to: account, challenge: challenge, clientDataJSON: clientDataJSON,
      attestationObject: attestationObject, name: "Passkey", site: site)
    guard try await executor.write({ try self.store.takeLink(code.hash, at: self.now()) }) == id
    else { throw dead }
    // The way back in after a lost device, as with a password: the account's sessions end.
    try await endSessions(of: account.id, keeping: nil)
    return (try await startSession(for: account, client: client, agent: agent), account)
  }

  /// The account `code`'s link was made for, leaving the link in place; nil when it is dead.
  func linkAccount(code: String) async throws -> Account? {
    guard let code = SecretToken(code),
      let id = try await executor.read({ try self.store.linkAccount(code.hash, at: self.now()) })
    else { return nil }
    return try await executor.read { try self.store.account(id: id) }
  }

  /// A passkey's name as given, trimmed and bounded (60 characters, no control characters).
  static func passkeyName(_ name: String) -> String {
    let kept = name.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
      .filter { $0.properties.generalCategory != .control }
    let text = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? "Passkey" : String(text.prefix(60))
  }
}
