import Foundation
import Testing

@testable import MVVMWebPasskeys

/// The JSON files under Tests/Fixtures/passkeys.
enum Fixtures {
  static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fixtures/passkeys/\(name)").standardized
    return try JSONDecoder().decode(type, from: Data(contentsOf: url))
  }

  /// The credential an attestation object announces, read without verifying the registration
  /// (to check assertions of credentials whose registration we refuse, such as ones with
  /// attestation certificates).
  static func credential(
    attestationObject: [UInt8], userHandle: [UInt8]
  ) throws -> PasskeyCredential {
    let data = try AttestationObject(attestationObject).authenticatorData
    let attested = try #require(data.attestedCredential)
    return try PasskeyCredential(
      id: attested.credentialID, publicKey: attested.publicKeyBytes, signCount: data.signCount,
      isBackupEligible: data.flags.contains(.backupEligible),
      isBackedUp: data.flags.contains(.backedUp), aaguid: attested.aaguid, userHandle: userHandle)
  }
}

extension [UInt8] {
  /// Bytes from hex text (the test vectors' notation); a test fixture's, so malformed hex fails
  /// the test that reads it.
  init(hex: String) throws {
    var bytes: [UInt8] = []
    var characters = hex.makeIterator()
    while let high = characters.next() {
      guard let low = characters.next(), let byte = UInt8(String([high, low]), radix: 16) else {
        throw CocoaError(.coderInvalidValue)
      }
      bytes.append(byte)
    }
    self = bytes
  }

  /// Bytes from a fixture's base64url text.
  init(base64URL text: String) throws {
    guard let bytes = Base64URL.decode(text, maximumLength: 1 << 20) else {
      throw CocoaError(.coderInvalidValue)
    }
    self = bytes
  }

  /// A copy with the byte at `index` changed (xor `mask`).
  func flipping(_ index: Int, _ mask: UInt8 = 1) -> [UInt8] {
    var copy = self
    copy[index] ^= mask
    return copy
  }
}
