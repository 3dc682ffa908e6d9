/// What is wrong with a credential public key (a COSE_Key, RFC 9052 §7), for
/// ``PasskeyError/malformedPublicKey(_:)``.
public enum PublicKeyProblem: Hashable, Sendable, CustomStringConvertible {
  /// The key is not a CBOR map.
  case notAMap
  /// A parameter its key type and algorithm require is missing (named as COSE names it).
  case missing(String)
  /// A parameter has the wrong CBOR type.
  case wrongType(String, expected: String)
  /// The key type (`kty`) is not the one its algorithm signs with.
  case keyTypeMismatch(keyType: Int, algorithm: COSEAlgorithm)
  /// The curve (`crv`) is not the one its algorithm needs (P-256 for ES256, Ed25519 for EdDSA).
  case wrongCurve(Int, algorithm: COSEAlgorithm)
  /// A coordinate or modulus has a length its algorithm does not allow.
  case wrongLength(String, Int)
  /// swift-crypto refused the key (a point not on the curve, an RSA key under 2048 bits).
  case rejected(COSEAlgorithm)

  /// The problem in words, after "The credential public key".
  public var description: String {
    switch self {
    case .notAMap: "is not a CBOR map"
    case .missing(let name): "has no \(name)"
    case .wrongType(let name, let expected): "has a \(name) that is not \(expected)"
    case .keyTypeMismatch(let keyType, let algorithm):
      "has key type \(keyType), which \(algorithm) does not sign with"
    case .wrongCurve(let curve, let algorithm): "is on curve \(curve), not \(algorithm)'s"
    case .wrongLength(let name, let length): "has a \(name) of \(length) bytes"
    case .rejected(let algorithm): "is not a valid \(algorithm) key"
    }
  }
}
