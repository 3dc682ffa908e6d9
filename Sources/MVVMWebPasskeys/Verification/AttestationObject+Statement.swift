/// The attestation statement's check (WebAuthn §7.1 steps 21 to 23, §8.2, §8.7).
///
/// We take `none` and `packed` self attestation and refuse every other statement. A site asks
/// for `attestation: "none"`, and browsers then hand over `none`, or `packed` self attestation
/// when the authenticator made one (§5.1.3 keeps it: it identifies no one). A self attestation is
/// signed by the new credential's own key over the authenticator data and the client data's
/// hash, so we verify it: it proves the authenticator holds the key, and a statement that fails
/// means the object was altered. A statement with a certificate (`packed` with `x5c`, `tpm`,
/// `android-key`, `fido-u2f`, `apple`) would say which authenticator model made the key, but only
/// through a trust chain to a vendor's root that we neither hold nor check (no metadata
/// service), so it would prove nothing; it is refused rather than taken on faith.
extension AttestationObject {
  func verifyStatement(key: SignatureKey, clientDataHash: [UInt8]) throws(PasskeyError) {
    switch format {
    case "none":
      guard statement.isEmpty else {
        throw .malformedAttestationStatement("of format none is not empty")
      }
    case "packed":
      guard statement[.text("x5c")] == nil, statement[.text("ecdaaKeyId")] == nil else {
        throw .unsupportedAttestation("packed with a certificate")
      }
      guard let algorithm = statement[.text("alg")]?.int else {
        throw .malformedAttestationStatement("has no integer \"alg\"")
      }
      guard let signature = statement[.text("sig")]?.bytes else {
        throw .malformedAttestationStatement("has no byte string \"sig\"")
      }
      let credentialAlgorithm = authenticatorData.attestedCredential?.publicKey.algorithm
      guard algorithm == credentialAlgorithm?.rawValue else {
        throw .malformedAttestationStatement(
          "names algorithm \(algorithm), not the credential's")
      }
      let signed = authenticatorDataBytes + clientDataHash
      guard (try? key.isValidSignature(signature, for: signed)) == true else {
        throw .badAttestationSignature
      }
    default:
      throw .unsupportedAttestation(format)
    }
  }
}
