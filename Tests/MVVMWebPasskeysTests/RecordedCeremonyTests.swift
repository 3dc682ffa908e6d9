import Testing

@testable import MVVMWebPasskeys

/// Ceremonies recorded from Chromium's virtual authenticator by Tests/e2e/record_passkeys.py
/// (Tests/Fixtures/passkeys/chromium-virtual-authenticator.json): what a real browser and
/// authenticator send verifies, in order, and copies corrupted one field at a time do not.
@Suite struct RecordedCeremonyTests {
  struct File: Decodable {
    var rpID: String
    var origin: String
    var ceremonies: [Ceremony]
  }
  struct Ceremony: Decodable {
    var name: String
    var registration: [String: String]
    var assertions: [[String: String?]]
  }

  static let file = Result {
    try Fixtures.load("chromium-virtual-authenticator.json", as: File.self)
  }

  /// A recorded registration's or assertion's byte string.
  static func bytes(_ fields: [String: String?], _ name: String) throws -> [UInt8] {
    try [UInt8](base64URL: try #require(fields[name] ?? nil))
  }

  func site() throws -> RelyingParty {
    let file = try Self.file.get()
    return RelyingParty(id: file.rpID, origins: [file.origin])
  }

  func register(_ ceremony: Ceremony) throws -> PasskeyCredential {
    let registration = ceremony.registration.mapValues { Optional($0) }
    return try site().verifyRegistration(
      clientDataJSON: try Self.bytes(registration, "clientDataJSON"),
      attestationObject: try Self.bytes(registration, "attestationObject"),
      expectedChallenge: try Self.bytes(registration, "challenge"),
      userHandle: try Self.bytes(registration, "userHandle"))
  }

  func assert(
    _ assertion: [String: String?], with credential: PasskeyCredential,
    clientData: [UInt8]? = nil, authenticatorData: [UInt8]? = nil, signature: [UInt8]? = nil
  ) throws -> PasskeyCredential {
    try site().verifyAssertion(
      clientDataJSON: clientData ?? Self.bytes(assertion, "clientDataJSON"),
      authenticatorData: authenticatorData ?? Self.bytes(assertion, "authenticatorData"),
      signature: signature ?? Self.bytes(assertion, "signature"),
      userHandle: try Self.bytes(assertion, "userHandle"),
      expectedChallenge: try Self.bytes(assertion, "challenge"), credential: credential)
  }

  @Test func theRecordingHoldsEachAlgorithmAndAnExtension() throws {
    #expect(
      try Self.file.get().ceremonies.map(\.name) == [
        "es256", "eddsa", "rs256", "es256-cred-protect", "es256-direct-attestation",
      ])
  }

  /// Registered, then asserted twice: the virtual authenticator counts every signature.
  @Test(arguments: ["es256", "eddsa", "rs256", "es256-cred-protect"])
  func registersAndSignsIn(name: String) throws {
    let ceremony = try #require(try Self.file.get().ceremonies.first { $0.name == name })
    let credential = try register(ceremony)
    let expected: COSEAlgorithm = name == "eddsa" ? .eddsa : name == "rs256" ? .rs256 : .es256
    #expect(credential.algorithm == expected)
    #expect(credential.id == (try [UInt8](base64URL: try #require(ceremony.registration["id"]))))
    #expect(credential.signCount == 1)
    let first = try assert(ceremony.assertions[0], with: credential)
    #expect(first.signCount == 2)
    let second = try assert(ceremony.assertions[1], with: first)
    #expect(second.signCount == 3)
    // The first assertion again, after the second: its counter went back.
    #expect(throws: PasskeyError.signCountNotIncreased(stored: 3, received: 2)) {
      try assert(ceremony.assertions[0], with: second)
    }
  }

  @Test func theExtensionOutputIsRead() throws {
    let ceremony = try #require(
      try Self.file.get().ceremonies.first { $0.name == "es256-cred-protect" })
    let object = try [UInt8](base64URL: try #require(ceremony.registration["attestationObject"]))
    let data = try AttestationObject(object).authenticatorData
    #expect(data.flags.contains(.extensionData))
    #expect(data.extensions == [.text("credProtect"): .unsigned(2)])
  }

  @Test func attestationWithACertificateIsRefusedButItsAssertionsVerify() throws {
    let ceremony = try #require(
      try Self.file.get().ceremonies.first { $0.name == "es256-direct-attestation" })
    #expect(throws: PasskeyError.unsupportedAttestation("packed with a certificate")) {
      try register(ceremony)
    }
    let credential = try Fixtures.credential(
      attestationObject: try [UInt8](
        base64URL: try #require(ceremony.registration["attestationObject"])),
      userHandle: try [UInt8](base64URL: try #require(ceremony.registration["userHandle"])))
    #expect(try assert(ceremony.assertions[0], with: credential).signCount == 2)
  }

  @Test(arguments: ["es256", "eddsa", "rs256"])
  func corruptedCopiesAreRefused(name: String) throws {
    let ceremony = try #require(try Self.file.get().ceremonies.first { $0.name == name })
    let credential = try register(ceremony)
    let assertion = ceremony.assertions[0]
    let clientData = try Self.bytes(assertion, "clientDataJSON")
    let data = try Self.bytes(assertion, "authenticatorData")
    let signature = try Self.bytes(assertion, "signature")
    #expect(throws: PasskeyError.badSignature) {
      try assert(assertion, with: credential, signature: signature.flipping(signature.count - 1))
    }
    // The flags, with UV cleared: refused before the signature is looked at.
    #expect(throws: PasskeyError.userNotVerified) {
      try assert(assertion, with: credential, authenticatorData: data.flipping(32, 0x04))
    }
    #expect(throws: PasskeyError.rpIDHashMismatch) {
      try assert(assertion, with: credential, authenticatorData: data.flipping(0))
    }
    // The counter, raised: the signature no longer covers it.
    #expect(throws: PasskeyError.badSignature) {
      try assert(assertion, with: credential, authenticatorData: data.flipping(36, 0x80))
    }
    let text = String(decoding: clientData, as: UTF8.self)
    let otherOrigin = Array(
      text.replacingOccurrences(of: "localhost", with: "localhost.evil.test").utf8)
    #expect(
      throws: PasskeyError.originNotAllowed(
        try site().origins.first!.replacingOccurrences(of: "localhost", with: "localhost.evil.test")
      )
    ) {
      try assert(assertion, with: credential, clientData: otherOrigin)
    }
    // Client data with one byte more (a space before the brace): still valid JSON with the same
    // members, but not what was signed.
    #expect(throws: PasskeyError.badSignature) {
      try assert(
        assertion, with: credential, clientData: Array(clientData.dropLast()) + Array(" }".utf8))
    }
    // The second assertion's client data (another challenge) with the first's signature.
    #expect(throws: PasskeyError.challengeMismatch) {
      try assert(
        assertion, with: credential,
        clientData: try Self.bytes(ceremony.assertions[1], "clientDataJSON"))
    }
  }

  @Test func aCorruptedRegistrationIsRefused() throws {
    let ceremony = try #require(try Self.file.get().ceremonies.first { $0.name == "es256" })
    let registration = ceremony.registration.mapValues { Optional($0) }
    let object = try Self.bytes(registration, "attestationObject")
    let clientData = try Self.bytes(registration, "clientDataJSON")
    let challenge = try Self.bytes(registration, "challenge")
    let site = try site()
    func verify(
      _ object: [UInt8], clientData other: [UInt8]? = nil
    ) throws(PasskeyError) -> PasskeyCredential {
      try site.verifyRegistration(
        clientDataJSON: other ?? clientData, attestationObject: object,
        expectedChallenge: challenge, userHandle: [1])
    }
    // The last byte is the key's y coordinate: the point leaves the curve.
    #expect(throws: PasskeyError.malformedPublicKey(.rejected(.es256))) {
      try verify(object.flipping(object.count - 1))
    }
    // Cut short: the authenticator data's byte string (the last member) runs past the end.
    let header = try #require(object.firstRange(of: Array("authData".utf8))).upperBound
    #expect(throws: PasskeyError.malformedCBOR(.attestationObject, offset: header, .truncated)) {
      try verify(Array(object.dropLast()))
    }
    let asAssertion = Array(
      String(decoding: clientData, as: UTF8.self).replacingOccurrences(
        of: "webauthn.create", with: "webauthn.get"
      ).utf8)
    #expect(throws: PasskeyError.wrongType(expected: "webauthn.create", received: "webauthn.get")) {
      try verify(object, clientData: asAssertion)
    }
  }
}
