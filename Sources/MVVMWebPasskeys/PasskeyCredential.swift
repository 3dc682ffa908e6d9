/// A registered passkey: what a site stores after a registration and hands back to verify each
/// assertion (WebAuthn's credential record, §4). Its public key is always one we can verify with:
/// building one from stored bytes reads the key again.
///
/// The accounts make one from the passkey they stored, to verify a sign-in with it:
///
/// ```swift
/// let credential = try PasskeyCredential(
///   id: stored.credentialID, publicKey: stored.publicKey, signCount: stored.signCount,
///   isBackupEligible: stored.backupEligible, isBackedUp: stored.backedUp,
///   userHandle: Self.handle(of: account.id))
/// ```
public struct PasskeyCredential: Sendable, Hashable {
  /// The credential ID (at most 1023 bytes), which an assertion's `rawId` names.
  public let id: [UInt8]
  /// The public key in its COSE_Key encoding, as the authenticator sent it.
  public let publicKey: [UInt8]
  /// The key's algorithm, as its COSE key says.
  public var algorithm: COSEAlgorithm { key.algorithm }
  /// The signature counter at the last ceremony (0 for authenticators that keep none, such as
  /// synced passkeys).
  public var signCount: UInt32
  /// BE: the credential may be synced to other devices. Fixed for its whole life.
  public let isBackupEligible: Bool
  /// BS: the credential was backed up at the last ceremony.
  public var isBackedUp: Bool
  /// The authenticator model's AAGUID (16 bytes, zeros when unknown), as the authenticator said
  /// it: a label, not a proof (attestation is not verified).
  public let aaguid: [UInt8]
  /// The user handle (WebAuthn's user ID, at most 64 bytes) of the account the credential was
  /// registered for; a discoverable credential returns it with every assertion.
  public let userHandle: [UInt8]

  let key: COSEKey

  /// A stored credential, its public key read again; throws
  /// ``PasskeyError/malformedPublicKey(_:)`` (or a CBOR error) if the bytes are not a key we take.
  public init(
    id: [UInt8], publicKey: [UInt8], signCount: UInt32, isBackupEligible: Bool,
    isBackedUp: Bool, aaguid: [UInt8] = Array(repeating: 0, count: 16), userHandle: [UInt8]
  ) throws(PasskeyError) {
    self.init(
      id: id, publicKey: publicKey, key: try COSEKey(bytes: publicKey), signCount: signCount,
      isBackupEligible: isBackupEligible, isBackedUp: isBackedUp, aaguid: aaguid,
      userHandle: userHandle)
  }

  init(
    id: [UInt8], publicKey: [UInt8], key: COSEKey, signCount: UInt32, isBackupEligible: Bool,
    isBackedUp: Bool, aaguid: [UInt8], userHandle: [UInt8]
  ) {
    self.id = id
    self.publicKey = publicKey
    self.key = key
    self.signCount = signCount
    self.isBackupEligible = isBackupEligible
    self.isBackedUp = isBackedUp
    self.aaguid = aaguid
    self.userHandle = userHandle
  }
}
