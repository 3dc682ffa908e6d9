import Crypto
import MVVMWebPasskeys

/// An authenticator the tests run by hand: a P-256 key, and builders for each byte string a
/// ceremony returns, every field settable, so a forged response differs from a valid one in the
/// one field its test is about (and is signed again, so only that check can fail).
struct TestAuthenticator {
  var key = P256.Signing.PrivateKey()
  var credentialID: [UInt8] = Array(1...16)
  var aaguid: [UInt8] = Array(repeating: 0xAA, count: 16)

  static let site = RelyingParty(id: "example.com", origins: ["https://example.com"])
  static let challenge: [UInt8] = Array(0..<32)
  static let userHandle: [UInt8] = Array("user-1".utf8)

  /// Flags: UP, UV, BE, BS, AT, ED as WebAuthn §6.1 numbers them.
  static let up: UInt8 = 0x01
  static let uv: UInt8 = 0x04
  static let be: UInt8 = 0x08
  static let bs: UInt8 = 0x10
  static let at: UInt8 = 0x40
  static let ed: UInt8 = 0x80

  /// The COSE_Key of `key`: kty EC2, alg ES256, crv P-256, x, y.
  var coseKey: CBOR {
    let point = Array(key.publicKey.rawRepresentation)
    return .map([
      (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)),
      (.int(-2), .bytes(Array(point[0..<32]))), (.int(-3), .bytes(Array(point[32..<64]))),
    ])
  }

  func clientData(
    type: String = "webauthn.create", challenge: [UInt8] = challenge,
    origin: String = "https://example.com", extra: String = ""
  ) -> [UInt8] {
    Array(
      #"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(origin)","crossOrigin":false\#(extra)}"#
        .utf8)
  }

  /// Authenticator data; with `attested`, the credential and `publicKey` (by default this
  /// authenticator's key) follow the counter.
  func authenticatorData(
    rpID: String = "example.com", flags: UInt8 = up | uv, signCount: UInt32 = 0,
    attested: Bool = false, publicKey: [UInt8]? = nil, extensions: [UInt8] = []
  ) -> [UInt8] {
    var data = Array(SHA256.hash(data: Array(rpID.utf8)))
    data.append(flags | (attested ? Self.at : 0))
    data += CBOR.bigEndian(UInt64(signCount), 4)
    if attested {
      data += aaguid + CBOR.bigEndian(UInt64(credentialID.count), 2) + credentialID
      data += publicKey ?? coseKey.encoded
    }
    return data + extensions
  }

  func attestationObject(
    format: String = "none", statement: CBOR = .map([]), authenticatorData: [UInt8]
  ) -> [UInt8] {
    CBOR.map([
      (.text("fmt"), .text(format)), (.text("attStmt"), statement),
      (.text("authData"), .bytes(authenticatorData)),
    ]).encoded
  }

  /// A valid registration's attestation object, flags and counter settable.
  func registration(flags: UInt8 = up | uv, signCount: UInt32 = 0) -> [UInt8] {
    attestationObject(
      authenticatorData: authenticatorData(flags: flags, signCount: signCount, attested: true))
  }

  /// The DER ECDSA signature of authenticator data and the client data's hash.
  func sign(_ authenticatorData: [UInt8], _ clientData: [UInt8]) -> [UInt8] {
    let message = authenticatorData + Array(SHA256.hash(data: clientData))
    // trap-ok: a test's own key signing its own bytes.
    return Array(try! key.signature(for: message).derRepresentation)
  }

  /// The credential a valid registration by this authenticator stores.
  func credential(
    signCount: UInt32 = 0, isBackupEligible: Bool = false, userHandle: [UInt8] = userHandle
  ) throws -> PasskeyCredential {
    try PasskeyCredential(
      id: credentialID, publicKey: coseKey.encoded, signCount: signCount,
      isBackupEligible: isBackupEligible, isBackedUp: false, aaguid: aaguid,
      userHandle: userHandle)
  }
}
