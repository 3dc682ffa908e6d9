import Crypto

extension RelyingParty {
  /// Verifies a registration (WebAuthn §7.1) and returns the new credential to store.
  ///
  /// - Parameters:
  ///   - clientDataJSON: `response.clientDataJSON`.
  ///   - attestationObject: `response.attestationObject`.
  ///   - expectedChallenge: the challenge this ceremony issued (the caller makes sure it is used
  ///     once).
  ///   - userHandle: the user ID the creation options named (`user.id`), which the credential's
  ///     assertions must return.
  /// - Throws: ``PasskeyError``, naming the first check that failed.
  ///
  /// The accounts add a passkey so:
  ///
  /// ```swift
  /// credential = try site.verifyRegistration(
  ///   clientDataJSON: clientDataJSON, attestationObject: attestationObject,
  ///   expectedChallenge: challenge.bytes, userHandle: Self.handle(of: account.id))
  /// ```
  ///
  /// and store its `id`, `publicKey`, `signCount`, `isBackupEligible` and `isBackedUp`.
  public func verifyRegistration(
    clientDataJSON: [UInt8], attestationObject: [UInt8], expectedChallenge: [UInt8],
    userHandle: [UInt8]
  ) throws(PasskeyError) -> PasskeyCredential {
    try checkSize(clientDataJSON, .clientDataJSON, limit: Limit.clientDataJSON)
    try checkSize(attestationObject, .attestationObject, limit: Limit.attestationObject)
    try checkSize(expectedChallenge, .challenge, limit: Limit.challenge)
    try checkSize(userHandle, .userHandle, limit: Limit.userHandle)
    try checkClientData(clientDataJSON, type: "webauthn.create", challenge: expectedChallenge)
    let object = try AttestationObject(attestationObject)
    let data = object.authenticatorData
    try checkAuthenticatorData(data)
    guard let credential = data.attestedCredential else { throw .missingAttestedCredentialData }
    guard algorithms.contains(credential.publicKey.algorithm) else {
      throw .unsupportedAlgorithm(credential.publicKey.algorithm.rawValue)
    }
    let key = try SignatureKey(credential.publicKey)
    try object.verifyStatement(
      key: key, clientDataHash: Array(SHA256.hash(data: clientDataJSON)))
    return PasskeyCredential(
      id: credential.credentialID, publicKey: credential.publicKeyBytes,
      key: credential.publicKey, signCount: data.signCount,
      isBackupEligible: data.flags.contains(.backupEligible),
      isBackedUp: data.flags.contains(.backedUp), aaguid: credential.aaguid,
      userHandle: userHandle)
  }
}
