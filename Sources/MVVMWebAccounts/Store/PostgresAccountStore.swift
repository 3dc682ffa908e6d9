import Foundation
import MVVMWebPostgres
import MVVMWebViewModels

/// Accounts in the PostgreSQL database an app's instances share, so every instance sees every
/// session, link and failure: the same tables as `SQLiteAccountStore` (`mvvmweb_` names, 32-byte
/// `BYTEA` hashes, times as seconds since 2001 in `DOUBLE PRECISION`, which comes back exactly).
/// What several instances may do at once is one statement each: taking a link or a challenge
/// is a `DELETE … RETURNING` (the second taker waits for the first's row lock, then finds it
/// gone), a failure is counted by `INSERT … ON CONFLICT DO UPDATE … RETURNING`.
public final class PostgresAccountStore: AccountStore {
  let pool: PostgresPool

  /// Migrates the accounts' tables (safe when several instances start at once).
  public init(pool: PostgresPool) throws {
    self.pool = pool
    try Self.migrator.migrate(pool)
  }

  static var migrator: PostgresMigrator {
    var migrator = PostgresMigrator(lockKey: 0x6163_636f_756e_7473)  // "accounts"
    migrator.register(
      "accounts-1-accounts-sessions-links-passkeys",
      script: """
        CREATE TABLE mvvmweb_account (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL UNIQUE,
          role TEXT NOT NULL,
          password_hash TEXT,
          created DOUBLE PRECISION NOT NULL
        );
        CREATE TABLE mvvmweb_session (
          hash BYTEA PRIMARY KEY CHECK (length(hash) = 32),
          account TEXT NOT NULL REFERENCES mvvmweb_account (id) ON DELETE CASCADE,
          created DOUBLE PRECISION NOT NULL,
          last_used DOUBLE PRECISION NOT NULL,
          last_sign_in DOUBLE PRECISION NOT NULL,
          client TEXT NOT NULL,
          agent TEXT NOT NULL
        );
        CREATE INDEX mvvmweb_session_account ON mvvmweb_session (account);
        CREATE TABLE mvvmweb_link (
          hash BYTEA PRIMARY KEY CHECK (length(hash) = 32),
          account TEXT NOT NULL UNIQUE REFERENCES mvvmweb_account (id) ON DELETE CASCADE,
          expires DOUBLE PRECISION NOT NULL
        );
        CREATE TABLE mvvmweb_passkey (
          credential_id BYTEA PRIMARY KEY,
          account TEXT NOT NULL REFERENCES mvvmweb_account (id) ON DELETE CASCADE,
          public_key BYTEA NOT NULL,
          sign_count BIGINT NOT NULL CHECK (sign_count BETWEEN 0 AND 4294967295),
          backup_eligible BOOLEAN NOT NULL,
          backed_up BOOLEAN NOT NULL,
          name TEXT NOT NULL,
          created DOUBLE PRECISION NOT NULL,
          last_used DOUBLE PRECISION
        );
        CREATE INDEX mvvmweb_passkey_account ON mvvmweb_passkey (account);
        CREATE TABLE mvvmweb_challenge (
          hash BYTEA PRIMARY KEY CHECK (length(hash) = 32),
          purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'register')),
          account TEXT REFERENCES mvvmweb_account (id) ON DELETE CASCADE,
          expires DOUBLE PRECISION NOT NULL,
          CHECK ((purpose = 'register') = (account IS NOT NULL))
        );
        CREATE TABLE mvvmweb_failure (
          subject TEXT PRIMARY KEY,
          count BIGINT NOT NULL,
          last_failed DOUBLE PRECISION NOT NULL
        );
        """)
    return migrator
  }

  // MARK: Accounts

  public func addAccount(_ account: Account) throws {
    do {
      _ = try update(
        """
        INSERT INTO mvvmweb_account (id, name, name_key, role, password_hash, created)
        VALUES ($1, $2, $3, $4, $5, $6)
        """,
        [
          account.id.lowercasedText, account.name, AccountName.key(account.name), account.role,
          account.passwordHash, account.created.storedText,
        ])
    } catch let error as PostgresError where error.isUniqueViolation {
      throw AccountStoreError.nameTaken
    }
  }

  public func account(named name: String) throws -> Account? {
    try rows("\(Self.selectAccount) WHERE name_key = $1", [AccountName.key(name)]).first
      .map(Self.account)
  }

  public func account(id: UUID) throws -> Account? {
    try rows("\(Self.selectAccount) WHERE id = $1", [id.lowercasedText]).first.map(Self.account)
  }

  /// By the name's key in byte order (`COLLATE "C"`), as SQLite orders it, whatever the
  /// database's own collation.
  public func accounts() throws -> [Account] {
    try rows("\(Self.selectAccount) ORDER BY name_key COLLATE \"C\"").map(Self.account)
  }

  /// The account's row is locked first, so a session being added for it meanwhile waits, then
  /// finds no account: every session the account had is in the list returned.
  public func removeAccount(id: UUID) throws -> [TokenHash]? {
    try pool.write { connection in
      let key = id.lowercasedText
      guard
        try connection.query("SELECT 1 FROM mvvmweb_account WHERE id = $1 FOR UPDATE", [key])
          .count == 1
      else { return nil }
      let hashes = try connection.query(
        "DELETE FROM mvvmweb_session WHERE account = $1 RETURNING hash", [key]
      ).rows.map { try AccountRow($0, of: "mvvmweb_session").tokenHash(0) }
      try connection.query("DELETE FROM mvvmweb_account WHERE id = $1", [key])
      return hashes
    }
  }

  public func setRole(_ role: String, of id: UUID) throws -> Bool {
    try update("UPDATE mvvmweb_account SET role = $1 WHERE id = $2", [role, id.lowercasedText])
  }

  public func setPasswordHash(_ hash: String?, of id: UUID) throws -> Bool {
    try update(
      "UPDATE mvvmweb_account SET password_hash = $1 WHERE id = $2", [hash, id.lowercasedText])
  }

  // MARK: Sessions

  public func addSession(_ session: StoredSession) throws {
    try refusingUnknownAccount {
      _ = try update(
        """
        INSERT INTO mvvmweb_session (hash, account, created, last_used, last_sign_in, client, agent)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        """,
        [
          session.hash.bytes.byteaText, session.account.lowercasedText,
          session.created.storedText, session.lastUsed.storedText, session.lastSignIn.storedText,
          session.client, session.agent,
        ])
    }
  }

  public func session(_ hash: TokenHash) throws -> (session: StoredSession, account: Account)? {
    try rows(
      """
      SELECT a.id, a.name, a.role, a.password_hash, a.created, \(Self.sessionColumns)
      FROM mvvmweb_session s JOIN mvvmweb_account a ON a.id = s.account
      WHERE s.hash = $1
      """, [hash.bytes.byteaText]
    ).first.map { row in (try Self.session(row, from: 5), try Self.account(row)) }
  }

  public func touchSession(_ hash: TokenHash, at time: Date, client: String, agent: String) throws {
    _ = try update(
      "UPDATE mvvmweb_session SET last_used = $1, client = $2, agent = $3 WHERE hash = $4",
      [time.storedText, client, agent, hash.bytes.byteaText])
  }

  public func confirmSession(_ hash: TokenHash, at time: Date) throws {
    _ = try update(
      "UPDATE mvvmweb_session SET last_sign_in = $1 WHERE hash = $2",
      [time.storedText, hash.bytes.byteaText])
  }

  public func sessions(of account: UUID) throws -> [StoredSession] {
    try rows(
      """
      SELECT \(Self.sessionColumns) FROM mvvmweb_session s
      WHERE s.account = $1 ORDER BY s.last_used DESC, s.hash
      """, [account.lowercasedText]
    ).map { try Self.session($0, from: 0) }
  }

  public func removeSession(_ hash: TokenHash) throws -> Bool {
    try update("DELETE FROM mvvmweb_session WHERE hash = $1", [hash.bytes.byteaText])
  }

  public func removeSessions(of account: UUID, keeping kept: TokenHash?) throws -> [TokenHash] {
    try rows(
      """
      DELETE FROM mvvmweb_session WHERE account = $1 AND hash IS DISTINCT FROM $2::bytea
      RETURNING hash
      """, [account.lowercasedText, kept?.bytes.byteaText]
    ).map { try $0.tokenHash(0) }
  }

  public func removeSessions(usedBefore idle: Date, madeBefore made: Date) throws -> Int {
    try pool.withConnection { connection in
      try connection.query(
        "DELETE FROM mvvmweb_session WHERE last_used < $1 OR created < $2",
        [idle.storedText, made.storedText]
      ).affected
    }
  }

  // MARK: One-time links

  /// One statement: the account's one link row is replaced, so two links made at once leave one.
  public func addLink(_ hash: TokenHash, for account: UUID, expires: Date) throws {
    try refusingUnknownAccount {
      _ = try update(
        """
        INSERT INTO mvvmweb_link (hash, account, expires) VALUES ($1, $2, $3)
        ON CONFLICT (account) DO UPDATE SET hash = EXCLUDED.hash, expires = EXCLUDED.expires
        """, [hash.bytes.byteaText, account.lowercasedText, expires.storedText])
    }
  }

  /// Links that expired are removed on the way (those another taker holds are skipped, never
  /// waited for), so unused ones do not pile up.
  public func linkAccount(_ hash: TokenHash, at time: Date) throws -> UUID? {
    guard
      let row = try rows(
        "SELECT account, expires FROM mvvmweb_link WHERE hash = $1", [hash.bytes.byteaText]
      ).first, try row.date(1) > time
    else { return nil }
    return try row.uuid(0)
  }

  public func takeLink(_ hash: TokenHash, at time: Date) throws -> UUID? {
    try take(
      "DELETE FROM mvvmweb_link WHERE hash = $1 RETURNING expires, account", hash, at: time,
      sweeping: "mvvmweb_link"
    ).map { try $0.uuid(1) }
  }

  // MARK: Passkeys

  public func addPasskey(_ passkey: StoredPasskey) throws {
    do {
      try refusingUnknownAccount {
        _ = try update(
          """
          INSERT INTO mvvmweb_passkey (credential_id, account, public_key, sign_count,
            backup_eligible, backed_up, name, created, last_used)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
          """,
          [
            passkey.credentialID.byteaText, passkey.account.lowercasedText,
            passkey.publicKey.byteaText, String(passkey.signCount),
            String(passkey.backupEligible), String(passkey.backedUp), passkey.name,
            passkey.created.storedText, passkey.lastUsed?.storedText,
          ])
      }
    } catch let error as PostgresError where error.isUniqueViolation {
      throw AccountStoreError.passkeyTaken
    }
  }

  public func passkey(credentialID: [UInt8]) throws -> StoredPasskey? {
    try rows("\(Self.selectPasskey) WHERE credential_id = $1", [credentialID.byteaText]).first
      .map(Self.passkey)
  }

  public func passkeys(of account: UUID) throws -> [StoredPasskey] {
    try rows(
      "\(Self.selectPasskey) WHERE account = $1 ORDER BY created, credential_id",
      [account.lowercasedText]
    ).map(Self.passkey)
  }

  public func usePasskey(
    credentialID: [UInt8], signCount: UInt32, backedUp: Bool, at time: Date
  ) throws {
    _ = try update(
      """
      UPDATE mvvmweb_passkey SET sign_count = $1, backed_up = $2, last_used = $3
      WHERE credential_id = $4
      """, [String(signCount), String(backedUp), time.storedText, credentialID.byteaText])
  }

  public func renamePasskey(
    credentialID: [UInt8], of account: UUID, to name: String
  ) throws
    -> Bool
  {
    try update(
      "UPDATE mvvmweb_passkey SET name = $1 WHERE credential_id = $2 AND account = $3",
      [name, credentialID.byteaText, account.lowercasedText])
  }

  public func removePasskey(credentialID: [UInt8], of account: UUID) throws -> Bool {
    try update(
      "DELETE FROM mvvmweb_passkey WHERE credential_id = $1 AND account = $2",
      [credentialID.byteaText, account.lowercasedText])
  }

  // MARK: Ceremony challenges

  public func addChallenge(_ hash: TokenHash, purpose: ChallengePurpose, expires: Date) throws {
    let (name, account) = purpose.stored
    try refusingUnknownAccount {
      _ = try update(
        "INSERT INTO mvvmweb_challenge (hash, purpose, account, expires) VALUES ($1, $2, $3, $4)",
        [hash.bytes.byteaText, name, account?.lowercasedText, expires.storedText])
    }
  }

  /// Challenges that expired are removed on the way, as links are.
  public func takeChallenge(_ hash: TokenHash, at time: Date) throws -> ChallengePurpose? {
    try take(
      "DELETE FROM mvvmweb_challenge WHERE hash = $1 RETURNING expires, purpose, account", hash,
      at: time, sweeping: "mvvmweb_challenge"
    ).map { row in
      let account = try row.optionalText(2).map { _ in try row.uuid(2) }
      guard let purpose = ChallengePurpose(stored: try row.text(1), account: account) else {
        throw UnreadableAccountRow(table: row.table, column: "purpose")
      }
      return purpose
    }
  }

  // MARK: Sign-in failures

  public func failures(for key: String) throws -> FailureCount? {
    try rows("SELECT count, last_failed FROM mvvmweb_failure WHERE subject = $1", [key]).first
      .map(Self.failureCount)
  }

  /// One statement: instances counting at once each add one (the second waits for the first's
  /// row lock, then adds to its count). The last time only moves forward.
  public func recordFailure(for key: String, at time: Date) throws -> FailureCount {
    guard
      let row = try rows(
        """
        INSERT INTO mvvmweb_failure (subject, count, last_failed) VALUES ($1, 1, $2)
        ON CONFLICT (subject) DO UPDATE SET count = mvvmweb_failure.count + 1,
          last_failed = GREATEST(mvvmweb_failure.last_failed, EXCLUDED.last_failed)
        RETURNING count, last_failed
        """, [key, time.storedText]
      ).first
    else { throw UnreadableAccountRow(table: "mvvmweb_failure", column: "count") }
    return try Self.failureCount(row)
  }

  public func clearFailures(for key: String) throws {
    _ = try update("DELETE FROM mvvmweb_failure WHERE subject = $1", [key])
  }

  // MARK: Statements and rows

  /// The rows of one statement (on a connection of its own, outside a transaction), each
  /// read as a row of the statement's first table.
  private func rows(_ sql: String, _ parameters: [String?] = []) throws -> [AccountRow] {
    let table = Self.table(of: sql)
    return try pool.withConnection { connection in
      try connection.query(sql, parameters).rows.map { AccountRow($0, of: table) }
    }
  }

  /// Runs one writing statement; whether it changed a row.
  private func update(_ sql: String, _ parameters: [String?]) throws -> Bool {
    try pool.withConnection { connection in try connection.query(sql, parameters).affected > 0 }
  }

  /// Takes the row `delete` returns for `hash` (its first column the expiry), when it has not
  /// expired at `time`; then removes the rows of `table` that have, skipping any another
  /// statement holds. Two statements, not one transaction: a transaction holding the taken
  /// row while it sweeps could deadlock with another doing the same.
  private func take(
    _ delete: String, _ hash: TokenHash, at time: Date, sweeping table: String
  ) throws -> AccountRow? {
    try pool.withConnection { connection in
      let taken = try connection.query(delete, [hash.bytes.byteaText]).rows.first.map {
        AccountRow($0, of: table)
      }
      try connection.query(
        """
        DELETE FROM \(table) WHERE hash IN
          (SELECT hash FROM \(table) WHERE expires <= $1 FOR UPDATE SKIP LOCKED)
        """, [time.storedText])
      guard let taken, try taken.date(0) > time else { return nil }
      return taken
    }
  }

  /// `body`, with a row naming an account that does not exist refused as
  /// `AccountStoreError.unknownAccount`.
  private func refusingUnknownAccount(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as PostgresError where error.isForeignKeyViolation {
      throw AccountStoreError.unknownAccount
    }
  }

  /// The first table a statement names (after `FROM`, `INTO` or `UPDATE`), for error messages.
  private static func table(of sql: String) -> String {
    sql.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("mvvmweb_") }.map(String.init)
      ?? "an account table"
  }

  private static let selectAccount =
    "SELECT id, name, role, password_hash, created FROM mvvmweb_account"
  private static let sessionColumns =
    "s.hash, s.account, s.created, s.last_used, s.last_sign_in, s.client, s.agent"
  private static let selectPasskey = """
    SELECT credential_id, account, public_key, sign_count, backup_eligible, backed_up, name,
      created, last_used
    FROM mvvmweb_passkey
    """

  private static func account(_ row: AccountRow) throws -> Account {
    Account(
      id: try row.uuid(0), name: try row.text(1), role: try row.text(2),
      passwordHash: try row.optionalText(3), created: try row.date(4))
  }

  /// The session in the row's columns from `first` on, in `sessionColumns`' order.
  private static func session(_ row: AccountRow, from first: Int) throws -> StoredSession {
    StoredSession(
      hash: try row.tokenHash(first), account: try row.uuid(first + 1),
      created: try row.date(first + 2), lastUsed: try row.date(first + 3),
      lastSignIn: try row.date(first + 4), client: try row.text(first + 5),
      agent: try row.text(first + 6))
  }

  private static func passkey(_ row: AccountRow) throws -> StoredPasskey {
    guard let signCount = UInt32(try row.text(3)) else {
      throw UnreadableAccountRow(table: row.table, column: "sign_count")
    }
    return StoredPasskey(
      credentialID: try row.bytes(0), account: try row.uuid(1), publicKey: try row.bytes(2),
      signCount: signCount, backupEligible: try row.bool(4), backedUp: try row.bool(5),
      name: try row.text(6), created: try row.date(7),
      lastUsed: try row.optionalText(8) == nil ? nil : row.date(8))
  }

  private static func failureCount(_ row: AccountRow) throws -> FailureCount {
    guard let count = Int(try row.text(0)) else {
      throw UnreadableAccountRow(table: row.table, column: "count")
    }
    return FailureCount(count: count, last: try row.date(1))
  }
}

extension Date {
  /// `storedSeconds` as PostgreSQL reads a double: Swift writes the shortest text that reads
  /// back as the same double, and PostgreSQL (12 and later) writes it back the same way.
  var storedText: String { "\(storedSeconds)" }
}

extension [UInt8] {
  /// The bytes as PostgreSQL reads a `BYTEA` in text (`\x` and two hex digits a byte).
  var byteaText: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
    text.reserveCapacity(2 + count * 2)
    for byte in self {
      text.append(digits[Int(byte >> 4)])  // trap-ok: a 4-bit value indexes 16 digits.
      text.append(digits[Int(byte & 0x0f)])  // trap-ok: as above.
    }
    return String(decoding: text, as: UTF8.self)
  }
}
