/// The flags byte of authenticator data (WebAuthn §6.1).
struct AuthenticatorFlags: OptionSet, Hashable, Sendable {
  let rawValue: UInt8

  /// UP: the authenticator tested that a person was there (a touch, a click).
  static let userPresent = AuthenticatorFlags(rawValue: 0x01)
  /// UV: the authenticator verified the person (a PIN, a fingerprint, a face).
  static let userVerified = AuthenticatorFlags(rawValue: 0x04)
  /// BE: the credential may be backed up (synced), for its whole life.
  static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
  /// BS: the credential is backed up now.
  static let backedUp = AuthenticatorFlags(rawValue: 0x10)
  /// AT: attested credential data follows the counter.
  static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
  /// ED: an extensions map ends the data.
  static let extensionData = AuthenticatorFlags(rawValue: 0x80)
}
