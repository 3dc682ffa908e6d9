import Foundation
import MVVMWebAccounts
import MVVMWebPostgres
import TestSupport
import Testing

/// A copy of the database gives no one a way in: the SQLite file and the PostgreSQL tables,
/// read back whole, hold the hashes of the session token, the link's code and the challenge,
/// and the password's Argon2id hash, and none of the secrets themselves.
@Suite struct AccountStoreSecretsTests {
  /// Secrets as a person's browser would hold them, long and unlike anything else in the data.
  static let token = "session-token-Zq8Kx2Vb7Nw4Lm1Pr6Ty3Hs9Jd5Fg0Ac"
  static let linkCode = "link-code-Qe4Rt7Yu1Io9Pa3Sd6Fg2Hj8Kl5Zx0Cv"
  static let challenge = "challenge-Mn2Bv5Cx8Zl1Kj4Hg7Fd0Sa3Po6Iu9Yt"
  static let password = "correct horse battery staple"

  /// Writes an account with a password, a session, a link and a challenge; returns the
  /// password's stored hash.
  static func storeEverySecret(in store: any AccountStore) throws -> String {
    let hasher = PasswordHasher(
      parameters: Argon2Parameters(memoryKiB: 64, iterations: 1, parallelism: 1))
    let ann = try store.addAccount(name: "Ann", role: "member", at: someTime)
    let stored = try hasher.hash(password)
    #expect(try store.setPasswordHash(stored, of: ann.id))
    try store.addSession(
      StoredSession(
        hash: hashOf(token), account: ann.id, created: someTime, lastUsed: someTime,
        lastSignIn: someTime, client: "192.0.2.1", agent: "Firefox"))
    try store.addLink(hashOf(linkCode), for: ann.id, expires: someTime + 600)
    try store.addChallenge(hashOf(challenge), purpose: .signIn, expires: someTime + 60)
    return stored
  }

  /// The texts a secret could be written as: itself, its UTF-8 in hex, and in base64.
  static func forms(of secret: String) -> [String] {
    [secret, hex(Array(secret.utf8)), Data(secret.utf8).base64EncodedString()]
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  @Test func theSQLiteFileHoldsNoSecretInTheClear() throws {
    let path = try migratedAccountsFile()
    let store = try sqliteAccountStore(at: path)
    let stored = try Self.storeEverySecret(in: store)
    // The file and its write-ahead log, as a copy of the data folder would have them.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")))
    for secret in [Self.token, Self.linkCode, Self.challenge, Self.password] {
      for form in Self.forms(of: secret) {
        #expect(bytes.range(of: Data(form.utf8)) == nil, "\(form) is in the file")
      }
    }
    // What is kept instead is there: the search would find a secret if it were.
    for kept in [hashOf(Self.token), hashOf(Self.linkCode), hashOf(Self.challenge)] {
      #expect(bytes.range(of: Data(kept.bytes)) != nil)
    }
    #expect(bytes.range(of: Data(stored.utf8)) != nil)
  }

  @Test func thePostgreSQLTablesHoldNoSecretInTheClear() throws {
    let url = try PostgresTestServer.shared.get().freshDatabase()
    let stored = try Self.storeEverySecret(
      in: try PostgresAccountStore(pool: PostgresPool(url: url, size: 2)))
    // Every row of every table the store made, as text (`BYTEA` as hex).
    let connection = try PostgresConnection(url: url)
    let tables = try connection.query(
      """
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name LIKE 'mvvmweb\\_%' ORDER BY table_name
      """
    ).rows.compactMap { $0.first ?? nil }
    #expect(
      tables == [
        "mvvmweb_account", "mvvmweb_challenge", "mvvmweb_failure", "mvvmweb_link",
        "mvvmweb_migrations", "mvvmweb_passkey", "mvvmweb_session",
      ])
    var text = ""
    for table in tables {
      for row in try connection.query("SELECT t::text FROM \(table) t").rows {
        text += (row.first ?? nil) ?? ""
        text += "\n"
      }
    }
    for secret in [Self.token, Self.linkCode, Self.challenge, Self.password] {
      for form in Self.forms(of: secret) {
        #expect(!text.contains(form), "\(form) is in the tables")
      }
    }
    for kept in [hashOf(Self.token), hashOf(Self.linkCode), hashOf(Self.challenge)] {
      #expect(text.contains("\\\\x" + Self.hex(kept.bytes)))
    }
    #expect(text.contains(stored))
  }
}
