import MVVMWebAccounts
import Testing

/// Argon2id through libargon2: OWASP's parameters, the standard encoding, hashes made elsewhere
/// verified, and stored hashes that ask too much refused before any memory is taken.
@Suite struct PasswordHasherTests {
  let hasher = PasswordHasher()

  /// From the reference implementation's own tests (phc-winner-argon2, src/test.c): "password"
  /// with the salt "somesalt", m = 256 KiB, t = 2, p = 1.
  static let reference =
    "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4"
  /// The same with two lanes.
  static let referenceTwoLanes =
    "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"

  @Test func aHashIsOWASPsArgon2idInTheStandardEncodingWithAFreshSalt() throws {
    let first = try hasher.hash("correct horse battery staple")
    let second = try hasher.hash("correct horse battery staple")
    // 16 bytes of salt and 32 of hash, in base64 without padding: 22 and 43 characters.
    let form = /\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+\/]{22}\$[A-Za-z0-9+\/]{43}/
    #expect(try form.wholeMatch(in: first) != nil, "\(first)")
    #expect(first.split(separator: "$")[3] != second.split(separator: "$")[3])
    #expect(try hasher.verify("correct horse battery staple", against: first))
    #expect(try hasher.verify("correct horse battery staple", against: second))
    #expect(try !hasher.verify("correct horse battery stapler", against: first))
    #expect(try !hasher.verify("", against: first))
    #expect(!hasher.needsRehash(first))
  }

  @Test func hashesMadeElsewhereWithOtherParametersVerifyAndAskToBeRehashed() throws {
    #expect(try hasher.verify("password", against: Self.reference))
    #expect(try !hasher.verify("Password", against: Self.reference))
    #expect(try hasher.verify("password", against: Self.referenceTwoLanes))
    #expect(hasher.needsRehash(Self.reference))
    #expect(hasher.needsRehash(Self.referenceTwoLanes))
    #expect(hasher.needsRehash("not a hash"))
  }

  @Test func theSamePasswordTypedWithComposedOrCombiningAccentsIsOnePassword() throws {
    let stored = try hasher.hash("caf\u{e9} au lait")
    #expect(try hasher.verify("cafe\u{301} au lait", against: stored))
    #expect(try !hasher.verify("cafe au lait", against: stored))
  }

  @Test func aStoredHashThatAsksForMoreThanTheLimitsIsRefusedBeforeItRuns() throws {
    let greedy =
      "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
    #expect(
      throws: PasswordHashError.beyondLimits(
        Argon2Parameters(memoryKiB: 65_536, iterations: 2, parallelism: 1))
    ) { try hasher.verify("password", against: greedy) }
    #expect(
      throws: PasswordHashError.beyondLimits(
        Argon2Parameters(memoryKiB: 256, iterations: 11, parallelism: 1))
    ) {
      try hasher.verify(
        "password", against: Self.reference.replacingOccurrences(of: "t=2", with: "t=11"))
    }
    #expect(
      throws: PasswordHashError.beyondLimits(
        Argon2Parameters(memoryKiB: 256, iterations: 2, parallelism: 5))
    ) {
      try hasher.verify(
        "password", against: Self.reference.replacingOccurrences(of: "p=1", with: "p=5"))
    }
    // A hasher whose limits allow it verifies the same hash.
    let generous = PasswordHasher(
      limits: Argon2Parameters(memoryKiB: 65_536, iterations: 2, parallelism: 1))
    #expect(try generous.verify("password", against: greedy))
  }

  @Test(arguments: [
    "", "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
    "$argon2i$v=19$m=256,t=2,p=1$c29tZXNhbHQ$iekCn0Y3spW+sCcFanM2xBT63UP2sghkUoHLIUpWRS8",
    "$argon2id$v=16$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$m=99999999999,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$m=+256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$t=2,m=256,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$",
    "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4$",
    "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$!!!!EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$m=256,t=2,p=1$c29t$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$" + String(repeating: "A", count: 300),
  ])
  func textThatIsNotAnArgon2idHashIsRefusedAsUnreadable(_ stored: String) {
    #expect(throws: PasswordHashError.unreadableHash) {
      try hasher.verify("password", against: stored)
    }
  }

  @Test func aPasswordLongerThanTheRulesAllowIsNeverHashedAndNeverRight() throws {
    let longest = String(repeating: "a", count: PasswordRules.maximumBytes)
    let stored = try hasher.hash(longest)
    #expect(try hasher.verify(longest, against: stored))
    #expect(throws: PasswordHashError.passwordTooLong) { try hasher.hash(longest + "a") }
    #expect(try !hasher.verify(longest + "a", against: stored))
  }
}
