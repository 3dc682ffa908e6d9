/// An attestation object (WebAuthn §6.5): the CBOR map a registration returns, holding the
/// attestation statement's format, the statement, and the authenticator data with the new
/// credential. Other members are ignored, as CBOR maps allow.
struct AttestationObject: Sendable {
  /// The statement's format (`none`, `packed`, …).
  var format: String
  var statement: [CBORValue: CBORValue]
  /// The authenticator data as signed: a self attestation's signature covers these bytes.
  var authenticatorDataBytes: [UInt8]
  var authenticatorData: AuthenticatorData

  init(_ bytes: [UInt8]) throws(PasskeyError) {
    let value: CBORValue
    do {
      value = try CBORDecoder.decode(bytes[...])
    } catch {
      throw .malformedCBOR(.attestationObject, offset: error.offset, error.problem)
    }
    guard let map = value.map else { throw .malformedAttestationObject("is not a CBOR map") }
    func member(_ name: String) throws(PasskeyError) -> CBORValue {
      guard let member = map[.text(name)] else {
        throw .malformedAttestationObject("has no \"\(name)\"")
      }
      return member
    }
    guard let format = try member("fmt").text else {
      throw .malformedAttestationObject("has a \"fmt\" that is not text")
    }
    guard let statement = try member("attStmt").map else {
      throw .malformedAttestationObject("has an \"attStmt\" that is not a map")
    }
    guard let authenticatorData = try member("authData").bytes else {
      throw .malformedAttestationObject("has an \"authData\" that is not a byte string")
    }
    self.format = format
    self.statement = statement
    self.authenticatorDataBytes = authenticatorData
    self.authenticatorData = try AuthenticatorData(authenticatorData)
  }
}
