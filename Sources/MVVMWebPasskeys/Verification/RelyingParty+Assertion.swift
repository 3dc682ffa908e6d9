import Crypto

extension RelyingParty {
  /// Verifies an assertion (WebAuthn §7.2) made with `credential`, and returns the credential
  /// with its new signature counter and backup state, to store in place of the old one.
  ///
  /// - Parameters:
  ///   - clientDataJSON: `response.clientDataJSON`.
  ///   - authenticatorData: `response.authenticatorData`.
  ///   - signature: `response.signature`.
  ///   - userHandle: `response.userHandle` (nil when the browser sent none, which is refused: a
  ///     discoverable credential always returns it).
  ///   - expectedChallenge: the challenge this ceremony issued (the caller makes sure it is used
  ///     once).
  ///   - credential: the stored credential whose ID is the response's `rawId`.
  /// - Throws: ``PasskeyError``, naming the first check that failed. A counter that did not
  ///   increase is refused (``PasskeyError/signCountNotIncreased(stored:received:)``) unless both
  ///   counts are zero, as synced passkeys keep none.
  ///
  /// The accounts' passkey sign-in:
  ///
  /// ```swift
  /// let credential = try PasskeyCredential(
  ///   id: stored.credentialID, publicKey: stored.publicKey, signCount: stored.signCount,
  ///   isBackupEligible: stored.backupEligible, isBackedUp: stored.backedUp,
  ///   userHandle: Self.handle(of: account.id))
  /// updated = try site.verifyAssertion(
  ///   clientDataJSON: clientDataJSON, authenticatorData: authenticatorData,
  ///   signature: signature, userHandle: userHandle, expectedChallenge: challenge.bytes,
  ///   credential: credential)
  /// ```
  ///
  /// then stores `updated.signCount` and `updated.isBackedUp`, and the person is signed in.
  public func verifyAssertion(
    clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
    userHandle: [UInt8]?, expectedChallenge: [UInt8], credential: PasskeyCredential
  ) throws(PasskeyError) -> PasskeyCredential {
    try checkSize(clientDataJSON, .clientDataJSON, limit: Limit.clientDataJSON)
    try checkSize(authenticatorData, .authenticatorData, limit: Limit.authenticatorData)
    try checkSize(signature, .signature, limit: Limit.signature)
    try checkSize(expectedChallenge, .challenge, limit: Limit.challenge)
    // §7.2 step 6: the account the user handle names must own the credential.
    guard let userHandle else { throw .userHandleMissing }
    try checkSize(userHandle, .userHandle, limit: Limit.userHandle)
    guard userHandle == credential.userHandle else { throw .userHandleMismatch }
    try checkClientData(clientDataJSON, type: "webauthn.get", challenge: expectedChallenge)
    let data = try AuthenticatorData(authenticatorData)
    try checkAuthenticatorData(data)
    // §7.2 step 18: we keep the backup flags, so BE must not change (it is fixed at creation).
    let eligible = data.flags.contains(.backupEligible)
    guard eligible == credential.isBackupEligible else {
      throw .backupEligibilityChanged(registered: credential.isBackupEligible, received: eligible)
    }
    let key = try SignatureKey(credential.key)
    let signed = authenticatorData + Array(SHA256.hash(data: clientDataJSON))
    guard try key.isValidSignature(signature, for: signed) else { throw .badSignature }
    // §7.2 step 21, with the refusal §6.1.1 leaves to us: a counter that does not increase is
    // the one sign of a cloned authenticator we can see.
    if data.signCount != 0 || credential.signCount != 0 {
      guard data.signCount > credential.signCount else {
        throw .signCountNotIncreased(stored: credential.signCount, received: data.signCount)
      }
    }
    var updated = credential
    updated.signCount = data.signCount
    updated.isBackedUp = data.flags.contains(.backedUp)
    return updated
  }
}
