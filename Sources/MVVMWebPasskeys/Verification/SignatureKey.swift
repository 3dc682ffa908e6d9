import Crypto
import _CryptoExtras

/// A credential public key as swift-crypto holds it, ready to verify signatures. Building it is
/// the check that a COSE key's numbers make a key: a P-256 point on its curve, an RSA key of at
/// least 2048 bits (WebAuthn §5.8.5 asks for the curve check by name).
enum SignatureKey {
  case p256(P256.Signing.PublicKey)
  case ed25519(Curve25519.Signing.PublicKey)
  case rsa(_RSA.Signing.PublicKey)

  init(_ key: COSEKey) throws(PasskeyError) {
    do {
      switch key.material {
      case .p256(let x, let y): self = .p256(try P256.Signing.PublicKey(rawRepresentation: x + y))
      case .ed25519(let x): self = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x))
      case .rsa(let n, let e): self = .rsa(try _RSA.Signing.PublicKey(n: n, e: e))
      }
    } catch {
      throw .malformedPublicKey(.rejected(key.algorithm))
    }
  }

  /// Whether `signature` signs `message` (which each algorithm hashes with SHA-256 or, for
  /// Ed25519, signs whole). Throws ``PasskeyError/malformedSignature`` for a signature that is
  /// not in its algorithm's encoding: DER for ECDSA (WebAuthn §6.5.5), 64 bytes for Ed25519.
  func isValidSignature(_ signature: [UInt8], for message: [UInt8]) throws(PasskeyError) -> Bool {
    switch self {
    case .p256(let key):
      guard let decoded = try? P256.Signing.ECDSASignature(derRepresentation: signature) else {
        throw .malformedSignature
      }
      return key.isValidSignature(decoded, for: message)
    case .ed25519(let key):
      guard signature.count == 64 else { throw .malformedSignature }
      return key.isValidSignature(signature, for: message)
    case .rsa(let key):
      return key.isValidSignature(
        _RSA.Signing.RSASignature(rawRepresentation: signature), for: message,
        padding: .insecurePKCS1v1_5)
    }
  }
}
