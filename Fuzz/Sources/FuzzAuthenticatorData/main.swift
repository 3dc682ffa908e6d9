// Authenticator data (MVVMWebPasskeys) on any bytes: what reads must be what its flags say, with
// the credential's key exactly the bytes that follow the credential ID, and reading again the
// same.
import FuzzSupport

@testable import MVVMWebPasskeys

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let parsed: AuthenticatorData
  do {
    parsed = try AuthenticatorData(input)
  } catch {
    switch error {
    case .malformedAuthenticatorData(let offset, _), .malformedCBOR(_, let offset, _):
      check((0...input.count).contains(offset), "offset \(offset) outside the input")
    case .malformedPublicKey, .unsupportedAlgorithm:
      break
    default:
      fail("an error that is not the authenticator data's: \(error)")
    }
    return 0
  }
  check(input.count >= 37, "fewer than 37 bytes read")
  check(parsed.rpIDHash.elementsEqual(input[0..<32]), "the RP ID hash is not the first 32 bytes")
  check(parsed.flags.rawValue == input[32], "the flags are not byte 32")
  let counter = input[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  check(parsed.signCount == counter, "the counter is not bytes 33 to 36")
  check(
    parsed.flags.contains(.attestedCredentialData) == (parsed.attestedCredential != nil),
    "AT and the attested credential disagree")
  check(
    parsed.flags.contains(.extensionData) == (parsed.extensions != nil),
    "ED and the extensions disagree")
  if let credential = parsed.attestedCredential {
    let length = credential.credentialID.count
    check((1...1023).contains(length), "a credential ID of \(length) bytes")
    check(credential.aaguid.elementsEqual(input[37..<53]), "the AAGUID is not bytes 37 to 52")
    let keyStart = 55 + length
    check(
      input[keyStart...].starts(with: credential.publicKeyBytes),
      "the key's bytes are not those after the credential ID")
    check(
      (try? COSEKey(bytes: credential.publicKeyBytes)) == credential.publicKey,
      "the stored key's bytes read as another key")
  }
  check(
    (try? AuthenticatorData(input + [0])) == nil, "a byte after the last field was not refused")
  return 0
}

runFuzzer(fuzz)
