import Crypto

/// The checks a registration and an assertion share: bounds, client data, authenticator data.
extension RelyingParty {
  /// Bounds on what a ceremony hands over, far above what browsers send (client data is a few
  /// hundred bytes, an attestation object with a certificate chain a few kilobytes) and far
  /// below what would cost a server.
  enum Limit {
    static let clientDataJSON = 16 * 1024
    static let attestationObject = 64 * 1024
    static let authenticatorData = 16 * 1024
    static let signature = 1024
    /// WebAuthn's bound on a user handle (§5.4.3).
    static let userHandle = 64
    static let challenge = 1024
  }

  func checkSize(_ bytes: [UInt8], _ input: PasskeyInput, limit: Int) throws(PasskeyError) {
    guard !bytes.isEmpty else { throw .empty(input) }
    guard bytes.count <= limit else { throw .tooLarge(input, size: bytes.count, limit: limit) }
  }

  /// Client data for a ceremony of `type` (§7.1 steps 5 to 11, §7.2 steps 8 to 14).
  func checkClientData(
    _ json: [UInt8], type: String, challenge: [UInt8]
  ) throws(PasskeyError) {
    let clientData = try ClientData(json: json)
    guard clientData.type == type else {
      throw .wrongType(expected: type, received: clientData.type)
    }
    // The browser's encoding of our challenge, compared as text: §7.1 step 8 says so, and it
    // leaves no second spelling of the same bytes.
    guard clientData.challenge == Base64URL.encode(challenge) else { throw .challengeMismatch }
    guard origins.contains(clientData.origin) else {
      throw .originNotAllowed(clientData.origin)
    }
    guard clientData.crossOrigin != true else { throw .crossOriginNotAllowed }
    if let topOrigin = clientData.topOrigin { throw .topOriginNotAllowed(topOrigin) }
  }

  /// Authenticator data's RP ID hash and flags (§7.1 steps 13 to 16, §7.2 steps 15 to 18).
  /// Presence is always required: we make no conditional registrations.
  func checkAuthenticatorData(_ data: AuthenticatorData) throws(PasskeyError) {
    guard data.rpIDHash.elementsEqual(SHA256.hash(data: Array(id.utf8))) else {
      throw .rpIDHashMismatch
    }
    guard data.flags.contains(.userPresent) else { throw .userNotPresent }
    guard data.flags.contains(.userVerified) || !requiresUserVerification else {
      throw .userNotVerified
    }
    guard data.flags.contains(.backupEligible) || !data.flags.contains(.backedUp) else {
      throw .backupStateWithoutEligibility
    }
  }
}
