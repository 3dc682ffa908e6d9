/// A credential public key read from its COSE_Key encoding (RFC 9052 §7, RFC 9053 §2, WebAuthn
/// §5.8.5): the algorithm and the key's numbers, each checked for its type and length. Whether
/// the numbers make a valid key (a point on the curve) is swift-crypto's check, made when a
/// registration is verified (`COSEKey+Signatures.swift`).
struct COSEKey: Hashable, Sendable {
  /// The key's numbers, by algorithm.
  enum Material: Hashable, Sendable {
    /// An uncompressed P-256 point: 32-byte big-endian coordinates.
    case p256(x: [UInt8], y: [UInt8])
    /// A 32-byte Ed25519 public key.
    case ed25519([UInt8])
    /// An RSA modulus and public exponent, big-endian.
    case rsa(n: [UInt8], e: [UInt8])
  }

  var algorithm: COSEAlgorithm
  var material: Material

  // COSE labels (RFC 9052 §7.1, RFC 9053 §7) and values.
  private static let keyType = CBORValue(1)
  private static let algorithmLabel = CBORValue(3)
  private static let curveOrModulus = CBORValue(-1)
  private static let xOrExponent = CBORValue(-2)
  private static let y = CBORValue(-3)
  private static let octetKeyPair = 1
  private static let ellipticCurve = 2
  private static let rsa = 3
  private static let p256 = 1
  private static let ed25519 = 6
  /// 4096 bits, with room for a leading zero byte: a longer modulus only makes verifying slow.
  private static let maximumModulusLength = 513
}

extension COSEKey {
  /// The key a stored COSE_Key encodes (errors say `credential public key`).
  init(bytes: [UInt8]) throws(PasskeyError) {
    let value: CBORValue
    do {
      value = try CBORDecoder.decode(bytes[...])
    } catch {
      throw .malformedCBOR(.publicKey, offset: error.offset, error.problem)
    }
    try self.init(value)
  }

  /// The key `value` encodes. Parameters WebAuthn does not use (a `kid`, say) are ignored: they
  /// cannot change what the key is.
  init(_ value: CBORValue) throws(PasskeyError) {
    guard let map = value.map else { throw .malformedPublicKey(.notAMap) }
    func integer(_ label: CBORValue, _ name: String) throws(PasskeyError) -> Int {
      guard let value = map[label] else { throw .malformedPublicKey(.missing(name)) }
      guard let integer = value.int else {
        throw .malformedPublicKey(.wrongType(name, expected: "an integer"))
      }
      return integer
    }
    func bytes(_ label: CBORValue, _ name: String) throws(PasskeyError) -> [UInt8] {
      guard let value = map[label] else { throw .malformedPublicKey(.missing(name)) }
      guard let bytes = value.bytes else {
        throw .malformedPublicKey(.wrongType(name, expected: "a byte string"))
      }
      return bytes
    }
    func exactly(_ count: Int, _ label: CBORValue, _ name: String) throws(PasskeyError) -> [UInt8] {
      let value = try bytes(label, name)
      guard value.count == count else {
        throw .malformedPublicKey(.wrongLength(name, value.count))
      }
      return value
    }

    let keyType = try integer(Self.keyType, "kty")
    let identifier = try integer(Self.algorithmLabel, "alg")
    guard let algorithm = COSEAlgorithm(rawValue: identifier) else {
      throw .unsupportedAlgorithm(identifier)
    }
    let expectedKeyType =
      switch algorithm {
      case .es256: Self.ellipticCurve
      case .eddsa: Self.octetKeyPair
      case .rs256: Self.rsa
      }
    guard keyType == expectedKeyType else {
      throw .malformedPublicKey(.keyTypeMismatch(keyType: keyType, algorithm: algorithm))
    }
    self.algorithm = algorithm
    switch algorithm {
    case .es256:
      let curve = try integer(Self.curveOrModulus, "crv")
      guard curve == Self.p256 else {
        throw .malformedPublicKey(.wrongCurve(curve, algorithm: algorithm))
      }
      // A boolean y is a compressed point, which WebAuthn forbids for ES256 (§5.8.5).
      material = .p256(
        x: try exactly(32, Self.xOrExponent, "x"), y: try exactly(32, Self.y, "y"))
    case .eddsa:
      let curve = try integer(Self.curveOrModulus, "crv")
      guard curve == Self.ed25519 else {
        throw .malformedPublicKey(.wrongCurve(curve, algorithm: algorithm))
      }
      material = .ed25519(try exactly(32, Self.xOrExponent, "x"))
    case .rs256:
      let modulus = try bytes(Self.curveOrModulus, "n")
      guard modulus.count <= Self.maximumModulusLength else {
        throw .malformedPublicKey(.wrongLength("n", modulus.count))
      }
      let exponent = try bytes(Self.xOrExponent, "e")
      guard (1...8).contains(exponent.count) else {
        throw .malformedPublicKey(.wrongLength("e", exponent.count))
      }
      material = .rsa(n: modulus, e: exponent)
    }
  }
}
