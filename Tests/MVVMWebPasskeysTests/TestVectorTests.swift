import Testing

@testable import MVVMWebPasskeys

/// WebAuthn level 3's own test vectors (its appendix "Test Vectors", copied byte for byte into
/// Tests/Fixtures/passkeys/webauthn-l3-test-vectors.json): each registration and authentication
/// verified as the spec made them, with the verdict our policy gives, and each signature once
/// corrupted. The vectors set UV at random, so they are checked with user verification off and
/// then on.
@Suite struct TestVectorTests {
  struct File: Decodable {
    var rpID: String
    var origin: String
    var vectors: [Vector]
  }
  struct Vector: Decodable {
    var name: String
    var registration: [String: String]
    var authentication: [String: String]
  }

  static let file = Result { try Fixtures.load("webauthn-l3-test-vectors.json", as: File.self) }
  static let userHandle: [UInt8] = Array("test vectors".utf8)

  /// Each registration's verdict with user verification not required: nil where it verifies.
  static let registrations: [String: PasskeyError?] = [
    "none-es256": nil,
    "packed-self-es256": nil,
    "none-es256-crossOrigin": .crossOriginNotAllowed,
    "none-es256-topOrigin": .crossOriginNotAllowed,
    "none-es256-long-credential-id": nil,
    "packed-es256": .unsupportedAttestation("packed with a certificate"),
    "packed-es384": .unsupportedAlgorithm(-35),
    "packed-es512": .unsupportedAlgorithm(-36),
    "packed-rs256": .unsupportedAttestation("packed with a certificate"),
    "packed-eddsa": .unsupportedAttestation("packed with a certificate"),
    "packed-ed448": .unsupportedAlgorithm(-53),
    "tpm-es256": .unsupportedAttestation("tpm"),
    "android-key-es256": .unsupportedAttestation("android-key"),
    "apple-es256": .unsupportedAttestation("apple"),
    "fido-u2f-es256": .unsupportedAttestation("fido-u2f"),
  ]

  /// Each authentication's verdict with user verification not required, with the credential its
  /// registration announces (nil where it verifies). ES384, ES512 and Ed448 keys are not ours.
  static let authentications: [String: PasskeyError?] = [
    "none-es256": nil,
    "packed-self-es256": nil,
    "none-es256-crossOrigin": .crossOriginNotAllowed,
    "none-es256-topOrigin": .crossOriginNotAllowed,
    "none-es256-long-credential-id": nil,
    "packed-es256": nil,
    "packed-es384": .unsupportedAlgorithm(-35),
    "packed-es512": .unsupportedAlgorithm(-36),
    "packed-rs256": nil,
    "packed-eddsa": nil,
    "packed-ed448": .unsupportedAlgorithm(-53),
    "tpm-es256": nil,
    "android-key-es256": nil,
    "apple-es256": nil,
    "fido-u2f-es256": nil,
  ]

  static func site(file: File, requiringVerification: Bool) -> RelyingParty {
    RelyingParty(
      id: file.rpID, origins: [file.origin], requiresUserVerification: requiringVerification)
  }

  @Test func everyVectorHasAVerdict() throws {
    let names = try Self.file.get().vectors.map(\.name)
    #expect(Set(names) == Set(Self.registrations.keys))
    #expect(Set(names) == Set(Self.authentications.keys))
  }

  @Test(arguments: try file.get().vectors)
  func registration(vector: Vector) throws {
    let file = try Self.file.get()
    let clientData = try [UInt8](hex: try #require(vector.registration["clientDataJSON"]))
    let object = try [UInt8](hex: try #require(vector.registration["attestationObject"]))
    let challenge = try [UInt8](hex: try #require(vector.registration["challenge"]))
    func verify(requiringVerification: Bool) throws(PasskeyError) -> PasskeyCredential {
      try Self.site(file: file, requiringVerification: requiringVerification).verifyRegistration(
        clientDataJSON: clientData, attestationObject: object, expectedChallenge: challenge,
        userHandle: Self.userHandle)
    }
    guard let expected = Self.registrations[vector.name] else { return }
    if let error = expected {
      #expect(throws: error) { try verify(requiringVerification: false) }
      return
    }
    let credential = try verify(requiringVerification: false)
    #expect(credential.id == (try [UInt8](hex: try #require(vector.registration["credential_id"]))))
    #expect(credential.aaguid == (try [UInt8](hex: try #require(vector.registration["aaguid"]))))
    #expect(credential.algorithm == .es256)
    // With verification required, the same bytes pass only if the UV flag is set.
    let flags = try AttestationObject(object).authenticatorData.flags
    if flags.contains(.userVerified) {
      #expect(try verify(requiringVerification: true) == credential)
    } else {
      #expect(throws: PasskeyError.userNotVerified) { try verify(requiringVerification: true) }
    }
  }

  @Test(arguments: try file.get().vectors)
  func authentication(vector: Vector) throws {
    let file = try Self.file.get()
    guard let expected = Self.authentications[vector.name] else { return }
    let object = try [UInt8](hex: try #require(vector.registration["attestationObject"]))
    let clientData = try [UInt8](hex: try #require(vector.authentication["clientDataJSON"]))
    let data = try [UInt8](hex: try #require(vector.authentication["authenticatorData"]))
    let signature = try [UInt8](hex: try #require(vector.authentication["signature"]))
    let challenge = try [UInt8](hex: try #require(vector.authentication["challenge"]))
    let credential: PasskeyCredential
    do {
      credential = try Fixtures.credential(attestationObject: object, userHandle: Self.userHandle)
    } catch let error as PasskeyError {
      #expect(error == expected)
      return
    }
    func verify(
      _ signature: [UInt8], requiringVerification: Bool = false
    ) throws(PasskeyError) -> PasskeyCredential {
      try Self.site(file: file, requiringVerification: requiringVerification).verifyAssertion(
        clientDataJSON: clientData, authenticatorData: data, signature: signature,
        userHandle: Self.userHandle, expectedChallenge: challenge, credential: credential)
    }
    if let error = expected {
      #expect(throws: error) { try verify(signature) }
      return
    }
    #expect(try verify(signature).signCount == 0)
    #expect(throws: PasskeyError.badSignature) {
      try verify(signature.flipping(signature.count - 1))
    }
    if try AuthenticatorData(data).flags.contains(.userVerified) {
      #expect(try verify(signature, requiringVerification: true).signCount == 0)
    } else {
      #expect(throws: PasskeyError.userNotVerified) {
        try verify(signature, requiringVerification: true)
      }
    }
  }
}
