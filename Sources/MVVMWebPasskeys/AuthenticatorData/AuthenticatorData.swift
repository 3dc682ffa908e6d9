/// Authenticator data (WebAuthn §6.1): what the authenticator signs. The relying party's ID
/// hash, flags, the signature counter and, at registration, the new credential; read whole and
/// bounded, every length checked before it is used.
///
///     rpIdHash (32) | flags (1) | signCount (4, big-endian)
///     [AT] aaguid (16) | credentialIdLength (2) | credentialId | credentialPublicKey (CBOR)
///     [ED] extensions (CBOR map)
struct AuthenticatorData: Sendable {
  /// SHA-256 of the RP ID the authenticator scoped the credential to.
  var rpIDHash: ArraySlice<UInt8>
  var flags: AuthenticatorFlags
  var signCount: UInt32
  /// Present exactly when the AT flag is set.
  var attestedCredential: AttestedCredentialData?
  /// Present exactly when the ED flag is set; read for well-formedness only, no extension is
  /// acted on.
  var extensions: [CBORValue: CBORValue]?

  /// The longest credential ID WebAuthn allows (§6.5.1).
  static let maximumCredentialIDLength = 1023

  /// Reads `bytes` (offsets in errors count from its start).
  init(_ bytes: [UInt8]) throws(PasskeyError) {
    var reader = ByteReader(bytes[...])
    rpIDHash = try reader.take(32, "RP ID hash")
    flags = AuthenticatorFlags(rawValue: try reader.take(1, "flags").first ?? 0)
    signCount = try reader.bigEndian(4, "signature counter")
    if flags.contains(.attestedCredentialData) {
      let aaguid = try reader.take(16, "AAGUID")
      let lengthOffset = reader.offset
      let length = Int(try reader.bigEndian(2, "credential ID length"))  // trap-ok: at most 65535
      guard length <= Self.maximumCredentialIDLength else {
        throw .malformedAuthenticatorData(offset: lengthOffset, .credentialIDTooLong(length))
      }
      guard length > 0 else {
        throw .malformedAuthenticatorData(offset: lengthOffset, .emptyCredentialID)
      }
      let credentialID = try reader.take(length, "credential ID")
      let (key, keyBytes) = try reader.cbor("credential public key")
      attestedCredential = AttestedCredentialData(
        aaguid: Array(aaguid), credentialID: Array(credentialID), publicKeyBytes: Array(keyBytes),
        publicKey: try COSEKey(key))
    }
    if flags.contains(.extensionData) {
      let start = reader.offset
      guard let map = try reader.cbor("extensions").value.map else {
        throw .malformedAuthenticatorData(offset: start, .extensionsNotAMap)
      }
      extensions = map
    }
    guard reader.remaining == 0 else {
      throw .malformedAuthenticatorData(offset: reader.offset, .trailingBytes(reader.remaining))
    }
  }
}

/// The credential a registration creates, as its authenticator data states it.
struct AttestedCredentialData: Sendable {
  /// The authenticator model's identifier (16 bytes; zeros when the browser anonymized it).
  var aaguid: [UInt8]
  var credentialID: [UInt8]
  /// The COSE_Key exactly as the authenticator encoded it: what a relying party stores.
  var publicKeyBytes: [UInt8]
  var publicKey: COSEKey
}

/// Reads authenticator data's fields front to back; a field that runs past the end is an error
/// naming it, at the offset where it starts.
private struct ByteReader {
  let bytes: ArraySlice<UInt8>
  var position: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  var offset: Int { position - bytes.startIndex }
  var remaining: Int { bytes.endIndex - position }

  mutating func take(_ count: Int, _ field: String) throws(PasskeyError) -> ArraySlice<UInt8> {
    guard count <= remaining else {
      throw .malformedAuthenticatorData(offset: offset, .truncated(field))
    }
    defer { position += count }
    return bytes[position..<position + count]
  }

  /// A big-endian unsigned integer of `count` (at most 4) bytes.
  mutating func bigEndian(_ count: Int, _ field: String) throws(PasskeyError) -> UInt32 {
    try take(count, field).reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The one CBOR item that starts here, and its bytes.
  mutating func cbor(
    _ field: String
  ) throws(PasskeyError) -> (value: CBORValue, bytes: ArraySlice<UInt8>) {
    guard remaining > 0 else {
      throw .malformedAuthenticatorData(offset: offset, .truncated(field))
    }
    let value: CBORValue
    let end: Int
    do {
      (value, end) = try CBORDecoder.decodePrefix(bytes[position...])
    } catch {
      // Offsets from the start of the authenticator data, not of the item.
      throw .malformedCBOR(
        .authenticatorData, offset: error.offset + offset, error.problem)
    }
    defer { position = end }
    return (value, bytes[position..<end])
  }
}
