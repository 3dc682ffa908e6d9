import Crypto
import Testing

@testable import MVVMWebPasskeys

/// Registrations (WebAuthn §7.1): a valid one gives the credential to store; each forged one is
/// refused with the error of the one check it breaks.
@Suite struct RegistrationTests {
  let authenticator = TestAuthenticator()
  let site = TestAuthenticator.site

  func verify(
    clientData: [UInt8]? = nil, attestationObject: [UInt8]? = nil,
    challenge: [UInt8] = TestAuthenticator.challenge, site: RelyingParty? = nil
  ) throws(PasskeyError) -> PasskeyCredential {
    try (site ?? self.site).verifyRegistration(
      clientDataJSON: clientData ?? authenticator.clientData(),
      attestationObject: attestationObject ?? authenticator.registration(),
      expectedChallenge: challenge, userHandle: TestAuthenticator.userHandle)
  }

  @Test func aValidRegistrationGivesTheCredentialToStore() throws {
    let flags = TestAuthenticator.up | TestAuthenticator.uv | TestAuthenticator.be
    let credential = try verify(
      attestationObject: authenticator.registration(flags: flags, signCount: 7))
    #expect(credential.id == authenticator.credentialID)
    #expect(credential.publicKey == authenticator.coseKey.encoded)
    #expect(credential.algorithm == .es256)
    #expect(credential.signCount == 7)
    #expect(credential.isBackupEligible)
    #expect(!credential.isBackedUp)
    #expect(credential.aaguid == authenticator.aaguid)
    #expect(credential.userHandle == TestAuthenticator.userHandle)
    // What was stored reads back as the same credential.
    let stored = try PasskeyCredential(
      id: credential.id, publicKey: credential.publicKey, signCount: 7, isBackupEligible: true,
      isBackedUp: false, aaguid: credential.aaguid, userHandle: credential.userHandle)
    #expect(stored == credential)
  }

  @Test func anAssertionsClientDataIsNotARegistration() {
    #expect(throws: PasskeyError.wrongType(expected: "webauthn.create", received: "webauthn.get")) {
      try verify(clientData: authenticator.clientData(type: "webauthn.get"))
    }
  }

  @Test func anotherChallengeIsRefused() {
    #expect(throws: PasskeyError.challengeMismatch) {
      try verify(challenge: Array(repeating: 9, count: 32))
    }
  }

  @Test func anotherOriginIsRefused() {
    #expect(throws: PasskeyError.originNotAllowed("https://example.com.evil.test")) {
      try verify(clientData: authenticator.clientData(origin: "https://example.com.evil.test"))
    }
    // Origins compare exactly: another scheme or port is another origin.
    #expect(throws: PasskeyError.originNotAllowed("http://example.com")) {
      try verify(clientData: authenticator.clientData(origin: "http://example.com"))
    }
  }

  @Test func aCrossOriginFrameIsRefused() {
    let crossOrigin = Array(
      #"{"type":"webauthn.create","challenge":"\#(Base64URL.encode(TestAuthenticator.challenge))","origin":"https://example.com","crossOrigin":true}"#
        .utf8)
    #expect(throws: PasskeyError.crossOriginNotAllowed) { try verify(clientData: crossOrigin) }
    #expect(throws: PasskeyError.topOriginNotAllowed("https://evil.test")) {
      try verify(clientData: authenticator.clientData(extra: #","topOrigin":"https://evil.test""#))
    }
  }

  @Test func anotherRelyingPartysAuthenticatorDataIsRefused() {
    let data = authenticator.authenticatorData(rpID: "evil.test", attested: true)
    #expect(throws: PasskeyError.rpIDHashMismatch) {
      try verify(attestationObject: authenticator.attestationObject(authenticatorData: data))
    }
  }

  @Test func userPresenceAndVerificationAreRequired() throws {
    #expect(throws: PasskeyError.userNotPresent) {
      try verify(attestationObject: authenticator.registration(flags: TestAuthenticator.uv))
    }
    #expect(throws: PasskeyError.userNotVerified) {
      try verify(attestationObject: authenticator.registration(flags: TestAuthenticator.up))
    }
    // Unless the site has said it does not require verification.
    var lenient = site
    lenient.requiresUserVerification = false
    let credential = try verify(
      attestationObject: authenticator.registration(flags: TestAuthenticator.up), site: lenient)
    #expect(credential.id == authenticator.credentialID)
  }

  @Test func backedUpWithoutBackupEligibilityIsRefused() {
    let flags = TestAuthenticator.up | TestAuthenticator.uv | TestAuthenticator.bs
    #expect(throws: PasskeyError.backupStateWithoutEligibility) {
      try verify(attestationObject: authenticator.registration(flags: flags))
    }
  }

  @Test func authenticatorDataWithoutACredentialIsRefused() {
    let data = authenticator.authenticatorData(attested: false)
    #expect(throws: PasskeyError.missingAttestedCredentialData) {
      try verify(attestationObject: authenticator.attestationObject(authenticatorData: data))
    }
  }

  @Test func anAlgorithmTheSiteDoesNotTakeIsRefused() {
    let rsaOnly = RelyingParty(
      id: "example.com", origins: ["https://example.com"], algorithms: [.rs256])
    #expect(throws: PasskeyError.unsupportedAlgorithm(-7)) { try verify(site: rsaOnly) }
  }

  @Test func aPointOffTheCurveIsRefused() {
    let offCurve = CBOR.map([
      (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)),
      (.int(-2), .bytes(Array(repeating: 1, count: 32))),
      (.int(-3), .bytes(Array(repeating: 2, count: 32))),
    ]).encoded
    let data = authenticator.authenticatorData(attested: true, publicKey: offCurve)
    #expect(throws: PasskeyError.malformedPublicKey(.rejected(.es256))) {
      try verify(attestationObject: authenticator.attestationObject(authenticatorData: data))
    }
  }

  @Test func noneAttestationMustBeEmpty() {
    let data = authenticator.authenticatorData(attested: true)
    let object = authenticator.attestationObject(
      statement: .map([(.text("alg"), .int(-7))]), authenticatorData: data)
    #expect(throws: PasskeyError.malformedAttestationStatement("of format none is not empty")) {
      try verify(attestationObject: object)
    }
  }

  /// Packed self attestation (§8.2): signed by the credential's own key over the authenticator
  /// data and the client data's hash.
  @Test func packedSelfAttestationIsVerified() throws {
    let clientData = authenticator.clientData()
    let data = authenticator.authenticatorData(attested: true)
    func packed(_ algorithm: Int, _ signature: [UInt8]) -> [UInt8] {
      authenticator.attestationObject(
        format: "packed",
        statement: .map([(.text("alg"), .int(algorithm)), (.text("sig"), .bytes(signature))]),
        authenticatorData: data)
    }
    let signature = authenticator.sign(data, clientData)
    let credential = try verify(clientData: clientData, attestationObject: packed(-7, signature))
    #expect(credential.id == authenticator.credentialID)

    // Signed by another key, or over other client data.
    let other = TestAuthenticator()
    #expect(throws: PasskeyError.badAttestationSignature) {
      try verify(
        clientData: clientData, attestationObject: packed(-7, other.sign(data, clientData)))
    }
    #expect(throws: PasskeyError.badAttestationSignature) {
      try verify(
        clientData: clientData,
        attestationObject: packed(-7, authenticator.sign(data, clientData + [0x20])))
    }
    #expect(
      throws: PasskeyError.malformedAttestationStatement("names algorithm -8, not the credential's")
    ) {
      try verify(clientData: clientData, attestationObject: packed(-8, signature))
    }
    let withCertificate = authenticator.attestationObject(
      format: "packed",
      statement: .map([
        (.text("alg"), .int(-7)), (.text("sig"), .bytes(signature)),
        (.text("x5c"), .array([.bytes([0x30, 0x00])])),
      ]), authenticatorData: data)
    #expect(throws: PasskeyError.unsupportedAttestation("packed with a certificate")) {
      try verify(clientData: clientData, attestationObject: withCertificate)
    }
  }

  @Test func otherAttestationFormatsAreRefused() {
    let data = authenticator.authenticatorData(attested: true)
    for format in ["tpm", "fido-u2f", "android-key", "apple", "None"] {
      #expect(throws: PasskeyError.unsupportedAttestation(format)) {
        try verify(
          attestationObject: authenticator.attestationObject(
            format: format, authenticatorData: data))
      }
    }
  }

  @Test func attestationObjectsOfTheWrongShapeAreRefused() {
    let data = authenticator.authenticatorData(attested: true)
    let cases: [([UInt8], PasskeyError)] = [
      (CBOR.array([]).encoded, .malformedAttestationObject("is not a CBOR map")),
      (
        CBOR.map([(.text("attStmt"), .map([])), (.text("authData"), .bytes(data))]).encoded,
        .malformedAttestationObject("has no \"fmt\"")
      ),
      (
        CBOR.map([
          (.text("fmt"), .bytes([])), (.text("attStmt"), .map([])),
          (.text("authData"), .bytes(data)),
        ]).encoded, .malformedAttestationObject("has a \"fmt\" that is not text")
      ),
      (
        CBOR.map([
          (.text("fmt"), .text("none")), (.text("attStmt"), .array([])),
          (.text("authData"), .bytes(data)),
        ]).encoded, .malformedAttestationObject("has an \"attStmt\" that is not a map")
      ),
      (
        CBOR.map([
          (.text("fmt"), .text("none")), (.text("attStmt"), .map([])),
          (.text("authData"), .text("x")),
        ]).encoded, .malformedAttestationObject("has an \"authData\" that is not a byte string")
      ),
      // Two "fmt" members: which one counts would be up to the reader.
      (
        CBOR.map([
          (.text("fmt"), .text("none")), (.text("fmt"), .text("packed")),
          (.text("attStmt"), .map([])), (.text("authData"), .bytes(data)),
        ]).encoded, .malformedCBOR(.attestationObject, offset: 10, .duplicateMapKey)
      ),
    ]
    for (object, error) in cases {
      #expect(throws: error) { try verify(attestationObject: object) }
    }
  }

  @Test func trailingBytesAfterTheAttestationObjectAreRefused() {
    let object = authenticator.registration()
    #expect(
      throws: PasskeyError.malformedCBOR(
        .attestationObject, offset: object.count, .trailingBytes(1))
    ) {
      try verify(attestationObject: object + [0])
    }
  }

  @Test func inputsAreBoundedBeforeTheyAreRead() {
    #expect(throws: PasskeyError.tooLarge(.clientDataJSON, size: 16385, limit: 16384)) {
      try verify(clientData: Array(repeating: 0x20, count: 16385))
    }
    #expect(throws: PasskeyError.tooLarge(.attestationObject, size: 65537, limit: 65536)) {
      try verify(attestationObject: Array(repeating: 0, count: 65537))
    }
    #expect(throws: PasskeyError.empty(.clientDataJSON)) { try verify(clientData: []) }
    #expect(throws: PasskeyError.empty(.challenge)) { try verify(challenge: []) }
    #expect(throws: PasskeyError.tooLarge(.userHandle, size: 65, limit: 64)) {
      try site.verifyRegistration(
        clientDataJSON: authenticator.clientData(), attestationObject: authenticator.registration(),
        expectedChallenge: TestAuthenticator.challenge, userHandle: Array(repeating: 1, count: 65))
    }
  }

  @Test func everyErrorSaysWhatFailedInWords() {
    #expect(
      PasskeyError.malformedCBOR(.attestationObject, offset: 6, .duplicateMapKey).description
        == "The attestation object is malformed CBOR at byte 6: a map key that appears twice.")
    #expect(
      PasskeyError.signCountNotIncreased(stored: 5, received: 3).description
        == "The signature counter went from 5 to 3; it must increase.")
    #expect(
      PasskeyError.malformedClientData(offset: 0, .unexpected(UInt8(ascii: "["))).description
        == "The client data JSON is malformed at byte 0: unexpected '['.")
  }
}
