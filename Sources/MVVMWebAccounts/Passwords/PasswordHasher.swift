import CMVVMWebArgon2
import Foundation

/// Argon2id password hashes through libargon2 (the reference implementation, as Debian ships
/// it), in the standard encoded form `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`: a 16-byte salt
/// from the system's secure random source and a 32-byte hash. A hash fills `memoryKiB` of
/// memory and blocks its thread for tens of milliseconds: call it on a `PasswordLane`, never on
/// a thread that answers requests.
///
/// A password is hashed as its NFKC form (NIST SP 800-63B, 5.1.1.2), so `é` typed as one
/// character or as `e` and a combining accent is the same password.
///
/// With OWASP's parameters (`PasswordHasher()`), from its tests:
///
/// ```swift
/// let first = try hasher.hash("correct horse battery staple")
/// let second = try hasher.hash("correct horse battery staple")
/// // 16 bytes of salt and 32 of hash, in base64 without padding: 22 and 43 characters.
/// let form = /\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+\/]{22}\$[A-Za-z0-9+\/]{43}/
/// #expect(try form.wholeMatch(in: first) != nil, "\(first)")
/// #expect(first.split(separator: "$")[3] != second.split(separator: "$")[3])
/// #expect(try hasher.verify("correct horse battery staple", against: first))
/// #expect(try hasher.verify("correct horse battery staple", against: second))
/// #expect(try !hasher.verify("correct horse battery stapler", against: first))
/// ```
public struct PasswordHasher: Sendable {
  /// The parameters new hashes are made with.
  public let parameters: Argon2Parameters
  /// The most a stored hash may cost to verify; one beyond them is refused
  /// (`PasswordHashError.beyondLimits`), so a hash in the database cannot ask for more memory
  /// than the lane's bound or start more threads than its lanes allow.
  public let limits: Argon2Parameters

  /// The bytes of the salt of a new hash.
  public static let saltBytes = 16
  /// The bytes of the hash itself.
  public static let hashBytes = 32
  /// The longest encoded hash `verify` reads: longer text is not one this hasher could make.
  public static let maximumEncodedBytes = 256

  /// New hashes with `parameters` (OWASP's by default). Stored hashes verify up to `limits`:
  /// by default as much memory as `parameters` (the lane's memory bound stays true), up to 10
  /// passes and 4 lanes (OWASP's other configurations trade memory for passes: m = 7 MiB,
  /// t = 5 verifies).
  public init(parameters: Argon2Parameters = .owasp, limits: Argon2Parameters? = nil) {
    self.parameters = parameters
    self.limits =
      limits
      ?? Argon2Parameters(
        memoryKiB: parameters.memoryKiB, iterations: max(parameters.iterations, 10),
        parallelism: max(parameters.parallelism, 4))
  }

  /// The encoded hash of `password`, with a new random salt. Throws
  /// `PasswordHashError.passwordTooLong` beyond `PasswordRules.maximumBytes` (its NFKC form),
  /// and `.library` when libargon2 fails (it could not allocate its memory, say).
  public func hash(_ password: String) throws(PasswordHashError) -> String {
    let bytes = Array(try Self.normalized(password).utf8)
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<Self.saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let length = argon2_encodedlen(
      parameters.iterations, parameters.memoryKiB, parameters.parallelism,
      UInt32(Self.saltBytes), UInt32(Self.hashBytes), Argon2_id)
    var encoded = [CChar](repeating: 0, count: length)
    let status = argon2id_hash_encoded(
      parameters.iterations, parameters.memoryKiB, parameters.parallelism, bytes, bytes.count,
      salt, salt.count, Self.hashBytes, &encoded, encoded.count)
    guard status == ARGON2_OK.rawValue else { throw .library(Self.message(status)) }
    return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `password` is the one `encoded` was made from, compared by libargon2 in constant
  /// time (`argon2id_verify`). A hash made with other parameters verifies with its own, within
  /// `limits`. A password longer than any hash could have been made from is false at once.
  /// Throws `PasswordHashError.unreadableHash` for text that is not an Argon2id (v=19) hash,
  /// `.beyondLimits` for one that asks too much, `.library` when libargon2 fails.
  public func verify(_ password: String, against encoded: String) throws(PasswordHashError) -> Bool
  {
    try check(encoded)
    guard let password = try? Self.normalized(password) else { return false }
    let bytes = Array(password.utf8)
    let status = argon2id_verify(encoded, bytes, bytes.count)
    switch status {
    case ARGON2_OK.rawValue: return true
    case ARGON2_VERIFY_MISMATCH.rawValue: return false
    case ARGON2_DECODING_FAIL.rawValue, ARGON2_DECODING_LENGTH_FAIL.rawValue,
      ARGON2_SALT_TOO_SHORT.rawValue, ARGON2_OUTPUT_TOO_SHORT.rawValue:
      throw .unreadableHash
    default: throw .library(Self.message(status))
    }
  }

  /// Whether `encoded` should be made again with `parameters` at the next sign-in that proves
  /// the password: it was made with other parameters, or is not a hash this hasher can read.
  public func needsRehash(_ encoded: String) -> Bool {
    Argon2Parameters(encoded: encoded) != parameters
  }

  /// The password's NFKC form, the one hashed; throws `.passwordTooLong` when it is longer
  /// than `PasswordRules.maximumBytes`.
  static func normalized(_ password: String) throws(PasswordHashError) -> String {
    let normalized = password.precomposedStringWithCompatibilityMapping
    guard normalized.utf8.count <= PasswordRules.maximumBytes else { throw .passwordTooLong }
    return normalized
  }

  /// Throws unless `encoded` is an Argon2id (v=19) hash within `limits`: checked before the
  /// lane queues a verification, and again by `verify`.
  func check(_ encoded: String) throws(PasswordHashError) {
    guard encoded.utf8.count <= Self.maximumEncodedBytes,
      let costs = Argon2Parameters(encoded: encoded)
    else { throw .unreadableHash }
    guard costs.within(limits) else { throw .beyondLimits(costs) }
  }

  private static func message(_ status: Int32) -> String {
    String(cString: argon2_error_message(status))
  }
}

/// What hashing or verifying a password could not do.
public enum PasswordHashError: Error, Equatable, Sendable {
  /// The password is longer than `PasswordRules.maximumBytes`.
  case passwordTooLong
  /// The stored text is not an Argon2id (v=19) encoded hash.
  case unreadableHash
  /// The stored hash asks for more than the hasher's limits (these are its parameters).
  case beyondLimits(Argon2Parameters)
  /// libargon2 failed, with its message.
  case library(String)
}
