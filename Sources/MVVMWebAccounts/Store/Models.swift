import Crypto
import Foundation

/// A person who may sign in: a name, a role, and a password hash unless they sign in with
/// passkeys only.
public struct Account: Sendable, Equatable {
  /// The account's id, which never changes.
  public let id: UUID
  /// The name the person signs in with, as given.
  public let name: String
  /// The role's name (`member`, `admin`): what the person may do.
  public let role: String
  /// The password's Argon2id hash (`$argon2id$v=19$m=19456,t=2,p=1$…`); nil when the account
  /// has none.
  public let passwordHash: String?
  /// When the account was made.
  public let created: Date

  /// An account with these values.
  public init(
    id: UUID, name: String, role: String, passwordHash: String?, created: Date
  ) {
    self.id = id
    self.name = name
    self.role = role
    self.passwordHash = passwordHash
    self.created = created
  }
}

/// A session as kept: its token's hash (never the token), its account, when it was made, last
/// used and last confirmed by a sign-in, and where it was last used from.
public struct StoredSession: Sendable, Equatable {
  /// The SHA-256 of the session's token.
  public let hash: TokenHash
  /// Whose session it is.
  public let account: UUID
  /// When it was made (a sign-in): the absolute lifetime counts from here.
  public let created: Date
  /// When it was last used: the idle lifetime counts from here.
  public let lastUsed: Date
  /// When its person last proved who they are (signing in, or again for a sensitive action).
  public let lastSignIn: Date
  /// The client address it was last used from.
  public let client: String
  /// The browser it was last used from (its `User-Agent`, at most 200 characters).
  public let agent: String

  /// A session with these values.
  public init(
    hash: TokenHash, account: UUID, created: Date, lastUsed: Date, lastSignIn: Date,
    client: String, agent: String
  ) {
    self.hash = hash
    self.account = account
    self.created = created
    self.lastUsed = lastUsed
    self.lastSignIn = lastSignIn
    self.client = client
    self.agent = agent
  }
}

/// A passkey as kept: its credential id and public key (a COSE key), the signature counter
/// and backup flags its last use reported, and the name its person gave it.
public struct StoredPasskey: Sendable, Equatable {
  /// The credential id the authenticator made (at most 1,023 bytes).
  public let credentialID: [UInt8]
  /// Whose passkey it is.
  public let account: UUID
  /// The public key, as the authenticator gave it (COSE).
  public let publicKey: [UInt8]
  /// The signature counter last seen (0 for authenticators that do not count).
  public let signCount: UInt32
  /// Whether the passkey may be backed up (synced), as registered.
  public let backupEligible: Bool
  /// Whether it was backed up at its last use.
  public let backedUp: Bool
  /// The name its person gave it (`Laptop`).
  public let name: String
  /// When it was added.
  public let created: Date
  /// When it was last used to sign in; nil before its first sign-in.
  public let lastUsed: Date?

  /// A passkey with these values.
  public init(
    credentialID: [UInt8], account: UUID, publicKey: [UInt8], signCount: UInt32,
    backupEligible: Bool, backedUp: Bool, name: String, created: Date, lastUsed: Date?
  ) {
    self.credentialID = credentialID
    self.account = account
    self.publicKey = publicKey
    self.signCount = signCount
    self.backupEligible = backupEligible
    self.backedUp = backedUp
    self.name = name
    self.created = created
    self.lastUsed = lastUsed
  }
}

/// What a WebAuthn challenge was made for.
public enum ChallengePurpose: Sendable, Equatable {
  /// Signing in with a passkey (the account is not known until the passkey answers).
  case signIn
  /// Adding a passkey to `account`.
  case register(account: UUID)
}

/// Failed sign-ins in a row for one key, and when the last was.
public struct FailureCount: Sendable, Equatable {
  /// How many failed in a row.
  public let count: Int
  /// When the last one failed.
  public let last: Date

  /// A count of `count` failures, the last at `last`.
  public init(count: Int, last: Date) {
    self.count = count
    self.last = last
  }
}

/// The SHA-256 of a secret (a session token, a one-time link's code, a challenge): what the
/// store keeps and looks up, so a copy of the database gives no one a way in.
public struct TokenHash: Hashable, Sendable {
  /// The 32 bytes.
  public let bytes: [UInt8]

  /// The hash of `secret`.
  public init(of secret: some DataProtocol) {
    // Copied out whole: an `Array` made by iterating the digest cost over a thousand
    // instructions, on every signed-in request.
    bytes = SHA256.hash(data: secret).withUnsafeBytes { Array($0) }
  }

  /// A hash read back from the store; nil unless it is 32 bytes.
  public init?(stored bytes: [UInt8]) {
    guard bytes.count == 32 else { return nil }
    self.bytes = bytes
  }

  /// Hashes the first 8 bytes only: they are a SHA-256's, as good as random, and hashing all 32
  /// one by one cost more than the rest of the session cache's lookup. Equality still compares
  /// all 32.
  public func hash(into hasher: inout Hasher) {
    var prefix: UInt64 = 0
    for byte in bytes.prefix(8) { prefix = prefix << 8 | UInt64(byte) }
    hasher.combine(prefix)
  }

  /// The 64 hex digits: a session's key in `RequestSession`.
  public var hex: String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { digits in
      for (index, byte) in bytes.enumerated() {
        digits[2 * index] = Self.digits[Int(byte >> 4)]
        digits[2 * index + 1] = Self.digits[Int(byte & 0xF)]
      }
      return bytes.count * 2
    }
  }

  private static let digits = Array("0123456789abcdef".utf8)

  /// The first 8 hex digits: names the session in a log line without giving it away.
  public var shortID: String { String(hex.prefix(8)) }

  /// The hash whose hex digits are `hex`; nil unless they are 64 hex digits.
  public init?(hex: some StringProtocol) {
    let digits = Array(hex.utf8)
    guard digits.count == 64 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for pair in stride(from: 0, to: 64, by: 2) {
      guard let high = Self.value(of: digits[pair]), let low = Self.value(of: digits[pair + 1])
      else { return nil }
      bytes.append(high << 4 | low)
    }
    self.bytes = bytes
  }

  /// The value of one hex digit.
  private static func value(of digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

}
