import Testing

@testable import MVVMWebPasskeys

/// COSE keys (RFC 9052 §7, RFC 9053, WebAuthn §5.8.5): each algorithm's parameters, types and
/// lengths.
@Suite struct COSEKeyTests {
  let x = CBOR.bytes(Array(repeating: 1, count: 32))
  let y = CBOR.bytes(Array(repeating: 2, count: 32))

  func key(_ entries: [(CBOR, CBOR)]) throws(PasskeyError) -> COSEKey {
    try COSEKey(bytes: CBOR.map(entries).encoded)
  }

  @Test func eachAlgorithmsKeyIsRead() throws {
    let p256 = try key([
      (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), x), (.int(-3), y),
    ])
    #expect(
      p256
        == COSEKey(
          algorithm: .es256,
          material: .p256(x: Array(repeating: 1, count: 32), y: Array(repeating: 2, count: 32))))
    let ed25519 = try key([
      (.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), x),
    ])
    #expect(
      ed25519 == COSEKey(algorithm: .eddsa, material: .ed25519(Array(repeating: 1, count: 32))))
    let modulus = Array(repeating: UInt8(0xC1), count: 256)
    let rsa = try key([
      (.int(1), .int(3)), (.int(3), .int(-257)), (.int(-1), .bytes(modulus)),
      (.int(-2), .bytes([1, 0, 1])),
    ])
    #expect(rsa == COSEKey(algorithm: .rs256, material: .rsa(n: modulus, e: [1, 0, 1])))
    // A parameter WebAuthn does not use (kid) changes nothing.
    let withKid = try key([
      (.int(2), .bytes([9])), (.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)),
      (.int(-2), x),
    ])
    #expect(withKid == ed25519)
  }

  @Test func malformedKeysSayWhatIsWrong() {
    let cases: [([(CBOR, CBOR)], PasskeyError)] = [
      ([(.int(3), .int(-7))], .malformedPublicKey(.missing("kty"))),
      ([(.int(1), .int(2))], .malformedPublicKey(.missing("alg"))),
      (
        [(.int(1), .text("EC2")), (.int(3), .int(-7))],
        .malformedPublicKey(.wrongType("kty", expected: "an integer"))
      ),
      ([(.int(1), .int(2)), (.int(3), .int(-35))], .unsupportedAlgorithm(-35)),  // ES384
      (
        [(.int(1), .int(2)), (.int(3), .negative(.max))],
        .malformedPublicKey(.wrongType("alg", expected: "an integer"))
      ),
      (
        [(.int(1), .int(1)), (.int(3), .int(-7))],
        .malformedPublicKey(.keyTypeMismatch(keyType: 1, algorithm: .es256))
      ),
      (
        [
          (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(2)), (.int(-2), x),
          (.int(-3), y),
        ], .malformedPublicKey(.wrongCurve(2, algorithm: .es256))
      ),
      (
        [(.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), x)],
        .malformedPublicKey(.missing("y"))
      ),
      // A compressed point: y is a sign bit.
      (
        [
          (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), x),
          (.int(-3), .bool(true)),
        ], .malformedPublicKey(.wrongType("y", expected: "a byte string"))
      ),
      (
        [
          (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .bytes([1])),
          (.int(-3), y),
        ], .malformedPublicKey(.wrongLength("x", 1))
      ),
      (
        [(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(7)), (.int(-2), x)],
        .malformedPublicKey(.wrongCurve(7, algorithm: .eddsa))
      ),  // Ed448
      (
        [
          (.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)),
          (.int(-2), .bytes(Array(repeating: 1, count: 57))),
        ], .malformedPublicKey(.wrongLength("x", 57))
      ),
      (
        [
          (.int(1), .int(3)), (.int(3), .int(-257)),
          (.int(-1), .bytes(Array(repeating: 1, count: 514))), (.int(-2), .bytes([3])),
        ], .malformedPublicKey(.wrongLength("n", 514))
      ),
      (
        [
          (.int(1), .int(3)), (.int(3), .int(-257)),
          (.int(-1), .bytes(Array(repeating: 1, count: 256))), (.int(-2), .bytes([])),
        ], .malformedPublicKey(.wrongLength("e", 0))
      ),
    ]
    for (entries, error) in cases {
      #expect(throws: error) { try key(entries) }
    }
    #expect(throws: PasskeyError.malformedPublicKey(.notAMap)) { try COSEKey(bytes: [0x80]) }
    #expect(throws: PasskeyError.malformedCBOR(.publicKey, offset: 1, .trailingBytes(1))) {
      try COSEKey(bytes: [0xA0, 0x00])
    }
  }

  @Test func aStoredKeyThatIsNoLongerAKeyIsRefused() {
    #expect(throws: PasskeyError.malformedPublicKey(.missing("kty"))) {
      try PasskeyCredential(
        id: [1], publicKey: [0xA0], signCount: 0, isBackupEligible: false, isBackedUp: false,
        userHandle: [1])
    }
  }
}
