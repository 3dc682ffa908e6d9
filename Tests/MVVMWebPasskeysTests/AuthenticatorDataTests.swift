import Crypto
import Testing

@testable import MVVMWebPasskeys

/// Authenticator data (WebAuthn §6.1): every field read at its place, every length checked, the
/// flags saying exactly what follows.
@Suite struct AuthenticatorDataTests {
  let authenticator = TestAuthenticator()

  @Test func theFieldsAreRead() throws {
    let bytes = authenticator.authenticatorData(
      flags: TestAuthenticator.up | TestAuthenticator.uv | TestAuthenticator.be,
      signCount: 0x0102_0304, attested: true)
    let data = try AuthenticatorData(bytes)
    #expect(Array(data.rpIDHash) == Array(SHA256.hash(data: Array("example.com".utf8))))
    #expect(data.flags == [.userPresent, .userVerified, .backupEligible, .attestedCredentialData])
    #expect(data.signCount == 0x0102_0304)
    #expect(data.attestedCredential?.aaguid == authenticator.aaguid)
    #expect(data.attestedCredential?.credentialID == authenticator.credentialID)
    #expect(data.attestedCredential?.publicKeyBytes == authenticator.coseKey.encoded)
    #expect(data.attestedCredential?.publicKey.algorithm == .es256)
    #expect(data.extensions == nil)
  }

  @Test func extensionsFollowTheCredential() throws {
    let extensions = CBOR.map([(.text("credProtect"), .int(2))]).encoded
    let bytes = authenticator.authenticatorData(
      flags: TestAuthenticator.up | TestAuthenticator.ed, attested: true, extensions: extensions)
    let data = try AuthenticatorData(bytes)
    #expect(data.extensions == [.text("credProtect"): .unsigned(2)])
    #expect(data.attestedCredential?.publicKeyBytes == authenticator.coseKey.encoded)
    // Without the ED flag the same bytes are bytes too many.
    let unannounced = authenticator.authenticatorData(attested: true, extensions: extensions)
    #expect(
      throws: PasskeyError.malformedAuthenticatorData(
        offset: unannounced.count - extensions.count, .trailingBytes(extensions.count))
    ) { try AuthenticatorData(unannounced) }
  }

  @Test func eachFieldCutShortIsNamed() {
    let bytes = authenticator.authenticatorData(attested: true)
    let keyStart = 37 + 16 + 2 + 16
    let cases: [(Int, Int, String)] = [
      (0, 0, "RP ID hash"), (31, 0, "RP ID hash"), (32, 32, "flags"), (36, 33, "signature counter"),
      (40, 37, "AAGUID"), (54, 53, "credential ID length"), (60, 55, "credential ID"),
      (keyStart, keyStart, "credential public key"),
    ]
    for (length, offset, field) in cases {
      #expect(throws: PasskeyError.malformedAuthenticatorData(offset: offset, .truncated(field))) {
        try AuthenticatorData(Array(bytes.prefix(length)))
      }
    }
    // A key cut inside is malformed CBOR, at its offset in the authenticator data: y's byte
    // string, its header and 32 bytes the last.
    #expect(
      throws: PasskeyError.malformedCBOR(.authenticatorData, offset: bytes.count - 34, .truncated)
    ) {
      try AuthenticatorData(Array(bytes.dropLast()))
    }
  }

  @Test func credentialIDsAreAtMost1023Bytes() throws {
    var long = authenticator
    long.credentialID = Array(repeating: 7, count: 1023)
    #expect(
      try AuthenticatorData(long.authenticatorData(attested: true)).attestedCredential?.credentialID
        .count == 1023)
    long.credentialID = Array(repeating: 7, count: 1024)
    #expect(throws: PasskeyError.malformedAuthenticatorData(offset: 53, .credentialIDTooLong(1024)))
    {
      try AuthenticatorData(long.authenticatorData(attested: true))
    }
    long.credentialID = []
    #expect(throws: PasskeyError.malformedAuthenticatorData(offset: 53, .emptyCredentialID)) {
      try AuthenticatorData(long.authenticatorData(attested: true))
    }
  }

  @Test func extensionsMustBeAMap() {
    let bytes = authenticator.authenticatorData(
      flags: TestAuthenticator.up | TestAuthenticator.ed, extensions: CBOR.array([]).encoded)
    #expect(throws: PasskeyError.malformedAuthenticatorData(offset: 37, .extensionsNotAMap)) {
      try AuthenticatorData(bytes)
    }
    let missing = authenticator.authenticatorData(
      flags: TestAuthenticator.up | TestAuthenticator.ed)
    #expect(throws: PasskeyError.malformedAuthenticatorData(offset: 37, .truncated("extensions"))) {
      try AuthenticatorData(missing)
    }
  }
}
