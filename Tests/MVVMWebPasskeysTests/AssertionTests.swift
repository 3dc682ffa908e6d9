import Crypto
import Testing

@testable import MVVMWebPasskeys

/// Assertions (WebAuthn §7.2): a valid one gives the credential's new counter and backup state;
/// each forged one (issue 54's list and the rest of §7.2) is refused with the error of the one
/// check it breaks, everything else in it valid and signed.
@Suite struct AssertionTests {
  let authenticator = TestAuthenticator()
  let site = TestAuthenticator.site

  /// Verifies an assertion signed by `authenticator` unless `signature` is given.
  func verify(
    clientData: [UInt8]? = nil, authenticatorData: [UInt8]? = nil, signature: [UInt8]? = nil,
    userHandle: [UInt8]? = TestAuthenticator.userHandle,
    challenge: [UInt8] = TestAuthenticator.challenge, credential: PasskeyCredential? = nil,
    site: RelyingParty? = nil
  ) throws -> PasskeyCredential {
    let clientData = clientData ?? authenticator.clientData(type: "webauthn.get")
    let data = authenticatorData ?? authenticator.authenticatorData()
    return try (site ?? self.site).verifyAssertion(
      clientDataJSON: clientData, authenticatorData: data,
      signature: signature ?? authenticator.sign(data, clientData), userHandle: userHandle,
      expectedChallenge: challenge, credential: credential ?? authenticator.credential())
  }

  @Test func aValidAssertionGivesTheNewCounterAndBackupState() throws {
    let flags =
      TestAuthenticator.up | TestAuthenticator.uv | TestAuthenticator.be
      | TestAuthenticator.bs
    let updated = try verify(
      authenticatorData: authenticator.authenticatorData(flags: flags, signCount: 12),
      credential: authenticator.credential(signCount: 11, isBackupEligible: true))
    #expect(updated.signCount == 12)
    #expect(updated.isBackedUp)
    #expect(updated.isBackupEligible)
    #expect(updated.id == authenticator.credentialID)
  }

  @Test func aCounterThatStaysAtZeroIsFine() throws {
    // Synced passkeys keep no counter: 0 every time.
    #expect(try verify().signCount == 0)
    #expect(
      try verify(authenticatorData: authenticator.authenticatorData(signCount: 1)).signCount == 1)
  }

  @Test func aCounterThatDidNotIncreaseIsRefused() throws {
    let stored = try authenticator.credential(signCount: 5)
    for received: UInt32 in [4, 5, 0] {
      #expect(throws: PasskeyError.signCountNotIncreased(stored: 5, received: received)) {
        try verify(
          authenticatorData: authenticator.authenticatorData(signCount: received),
          credential: stored)
      }
    }
  }

  @Test func aRegistrationsClientDataIsNotAnAssertion() {
    #expect(throws: PasskeyError.wrongType(expected: "webauthn.get", received: "webauthn.create")) {
      try verify(clientData: authenticator.clientData(type: "webauthn.create"))
    }
  }

  @Test func anotherChallengeIsRefused() {
    // A replayed assertion carries its own ceremony's challenge, not this one's.
    #expect(throws: PasskeyError.challengeMismatch) {
      try verify(challenge: Array(repeating: 1, count: 32))
    }
  }

  @Test func anotherOriginIsRefused() {
    #expect(throws: PasskeyError.originNotAllowed("https://evil.test")) {
      try verify(
        clientData: authenticator.clientData(type: "webauthn.get", origin: "https://evil.test"))
    }
  }

  @Test func anotherRelyingPartysAuthenticatorDataIsRefused() {
    #expect(throws: PasskeyError.rpIDHashMismatch) {
      try verify(authenticatorData: authenticator.authenticatorData(rpID: "evil.test"))
    }
  }

  @Test func userPresenceAndVerificationAreRequired() {
    #expect(throws: PasskeyError.userNotPresent) {
      try verify(authenticatorData: authenticator.authenticatorData(flags: TestAuthenticator.uv))
    }
    #expect(throws: PasskeyError.userNotVerified) {
      try verify(authenticatorData: authenticator.authenticatorData(flags: TestAuthenticator.up))
    }
  }

  @Test func backupEligibilityCannotChange() throws {
    let eligible = TestAuthenticator.up | TestAuthenticator.uv | TestAuthenticator.be
    #expect(throws: PasskeyError.backupEligibilityChanged(registered: false, received: true)) {
      try verify(authenticatorData: authenticator.authenticatorData(flags: eligible))
    }
    #expect(throws: PasskeyError.backupEligibilityChanged(registered: true, received: false)) {
      try verify(credential: authenticator.credential(isBackupEligible: true))
    }
    let backedUpOnly = TestAuthenticator.up | TestAuthenticator.uv | TestAuthenticator.bs
    #expect(throws: PasskeyError.backupStateWithoutEligibility) {
      try verify(authenticatorData: authenticator.authenticatorData(flags: backedUpOnly))
    }
  }

  @Test func aSignatureByAnotherKeyOrOverOtherBytesIsRefused() {
    let clientData = authenticator.clientData(type: "webauthn.get")
    let data = authenticator.authenticatorData()
    #expect(throws: PasskeyError.badSignature) {
      try verify(signature: TestAuthenticator().sign(data, clientData))
    }
    // Signed before the counter was raised.
    #expect(throws: PasskeyError.badSignature) {
      try verify(
        authenticatorData: authenticator.authenticatorData(signCount: 9),
        signature: authenticator.sign(data, clientData))
    }
  }

  @Test func aSignatureThatIsNotDERIsRefused() throws {
    let clientData = authenticator.clientData(type: "webauthn.get")
    let data = authenticator.authenticatorData()
    let der = authenticator.sign(data, clientData)
    // The raw r || s form, a DER signature with a byte after it, and one cut short.
    let message = data + Array(SHA256.hash(data: clientData))
    let raw = Array(try authenticator.key.signature(for: message).rawRepresentation)
    for signature in [raw, der + [0], Array(der.dropLast())] {
      #expect(throws: PasskeyError.malformedSignature) { try verify(signature: signature) }
    }
  }

  @Test func theUserHandleMustBeTheCredentialsAccount() {
    #expect(throws: PasskeyError.userHandleMissing) { try verify(userHandle: nil) }
    #expect(throws: PasskeyError.userHandleMismatch) {
      try verify(userHandle: Array("user-2".utf8))
    }
  }

  @Test func malformedAuthenticatorDataIsRefusedWhereItBreaks() {
    let data = authenticator.authenticatorData()
    #expect(
      throws: PasskeyError.malformedAuthenticatorData(offset: 33, .truncated("signature counter"))
    ) {
      try verify(authenticatorData: Array(data.prefix(35)))
    }
    #expect(throws: PasskeyError.malformedAuthenticatorData(offset: 37, .trailingBytes(2))) {
      try verify(authenticatorData: data + [1, 2])
    }
  }

  @Test func inputsAreBoundedBeforeTheyAreRead() {
    #expect(throws: PasskeyError.tooLarge(.signature, size: 1025, limit: 1024)) {
      try verify(signature: Array(repeating: 0x30, count: 1025))
    }
    #expect(throws: PasskeyError.tooLarge(.authenticatorData, size: 16385, limit: 16384)) {
      try verify(authenticatorData: Array(repeating: 0, count: 16385))
    }
    #expect(throws: PasskeyError.empty(.signature)) { try verify(signature: []) }
    #expect(throws: PasskeyError.empty(.userHandle)) { try verify(userHandle: []) }
  }
}
