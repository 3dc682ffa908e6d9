import Foundation
import GRDB
import MVVMWebSQLite
import MVVMWebViewModels

/// Accounts in the app's SQLite file (`SQLiteDatabase`), beside the app's own tables: every
/// table's name starts with `mvvmweb_`. Secrets are kept only as their SHA-256 (`TokenHash`, a
/// 32-byte blob) and passwords as their Argon2id hash; times as seconds since 2001 in a double,
/// so they come back exactly. Removing an account removes its sessions, link, passkeys and
/// challenges (foreign keys, `ON DELETE CASCADE`). Taking a link or a challenge is one
/// `DELETE … RETURNING`: SQLite runs one writer at a time, so only one caller gets it.
public final class SQLiteAccountStore: AccountStore {
  let database: SQLiteDatabase

  /// Accounts in `database`, the app's one database file, already migrated with
  /// `registerMigrations(in:)` by the file's one migrator.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// Adds the accounts' migrations to the one migrator of the app's database file. Their
  /// identifiers ("accounts-") are what files record as applied: never rename one, only add new
  /// ones after them.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("accounts-1-accounts-sessions-links-passkeys") { db in
      try db.execute(
        sql: """
          CREATE TABLE mvvmweb_account (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            role TEXT NOT NULL,
            password_hash TEXT,
            created REAL NOT NULL
          );
          CREATE TABLE mvvmweb_session (
            hash BLOB PRIMARY KEY NOT NULL CHECK (length(hash) = 32),
            account TEXT NOT NULL REFERENCES mvvmweb_account(id) ON DELETE CASCADE,
            created REAL NOT NULL,
            last_used REAL NOT NULL,
            last_sign_in REAL NOT NULL,
            client TEXT NOT NULL,
            agent TEXT NOT NULL
          );
          CREATE INDEX mvvmweb_session_account ON mvvmweb_session(account);
          CREATE TABLE mvvmweb_link (
            hash BLOB PRIMARY KEY NOT NULL CHECK (length(hash) = 32),
            account TEXT NOT NULL UNIQUE REFERENCES mvvmweb_account(id) ON DELETE CASCADE,
            expires REAL NOT NULL
          );
          CREATE TABLE mvvmweb_passkey (
            credential_id BLOB PRIMARY KEY NOT NULL,
            account TEXT NOT NULL REFERENCES mvvmweb_account(id) ON DELETE CASCADE,
            public_key BLOB NOT NULL,
            sign_count INTEGER NOT NULL CHECK (sign_count BETWEEN 0 AND 4294967295),
            backup_eligible INTEGER NOT NULL,
            backed_up INTEGER NOT NULL,
            name TEXT NOT NULL,
            created REAL NOT NULL,
            last_used REAL
          );
          CREATE INDEX mvvmweb_passkey_account ON mvvmweb_passkey(account);
          CREATE TABLE mvvmweb_challenge (
            hash BLOB PRIMARY KEY NOT NULL CHECK (length(hash) = 32),
            purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'register')),
            account TEXT REFERENCES mvvmweb_account(id) ON DELETE CASCADE,
            expires REAL NOT NULL,
            CHECK ((purpose = 'register') = (account IS NOT NULL))
          );
          CREATE TABLE mvvmweb_failure (
            subject TEXT PRIMARY KEY NOT NULL,
            count INTEGER NOT NULL,
            last_failed REAL NOT NULL
          );
          """)
    }
  }

  // MARK: Accounts

  public func addAccount(_ account: Account) throws {
    do {
      try database.pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO mvvmweb_account (id, name, name_key, role, password_hash, created)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            account.id.lowercasedText, account.name, AccountName.key(account.name), account.role,
            account.passwordHash, account.created.storedSeconds,
          ])
      }
    } catch let error as DatabaseError
      where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
      || error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    {
      throw AccountStoreError.nameTaken
    }
  }

  public func account(named name: String) throws -> Account? {
    try database.unsafeRead { db in
      try Row.fetchOne(
        db.cachedStatement(sql: "\(Self.selectAccount) WHERE name_key = ?"),
        arguments: [AccountName.key(name)]
      ).map(Self.account)
    }
  }

  public func account(id: UUID) throws -> Account? {
    try database.unsafeRead { db in
      try Row.fetchOne(
        db.cachedStatement(sql: "\(Self.selectAccount) WHERE id = ?"),
        arguments: [id.lowercasedText]
      ).map(Self.account)
    }
  }

  public func accounts() throws -> [Account] {
    try database.unsafeRead { db in
      try Row.fetchAll(db.cachedStatement(sql: "\(Self.selectAccount) ORDER BY name_key"))
        .map(Self.account)
    }
  }

  public func removeAccount(id: UUID) throws -> [TokenHash]? {
    try database.pool.write { db in
      let hashes = try Row.fetchAll(
        db, sql: "DELETE FROM mvvmweb_session WHERE account = ? RETURNING hash",
        arguments: [id.lowercasedText]
      ).map { try Self.tokenHash($0, 0, of: "mvvmweb_session") }
      try db.execute(
        sql: "DELETE FROM mvvmweb_account WHERE id = ?", arguments: [id.lowercasedText])
      return db.changesCount == 1 ? hashes : nil
    }
  }

  public func setRole(_ role: String, of id: UUID) throws -> Bool {
    try update("UPDATE mvvmweb_account SET role = ? WHERE id = ?", [role, id.lowercasedText])
  }

  public func setPasswordHash(_ hash: String?, of id: UUID) throws -> Bool {
    try update(
      "UPDATE mvvmweb_account SET password_hash = ? WHERE id = ?", [hash, id.lowercasedText])
  }

  // MARK: Sessions

  public func addSession(_ session: StoredSession) throws {
    try refusingUnknownAccount {
      try database.pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO mvvmweb_session
              (hash, account, created, last_used, last_sign_in, client, agent)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            Data(session.hash.bytes), session.account.lowercasedText,
            session.created.storedSeconds, session.lastUsed.storedSeconds,
            session.lastSignIn.storedSeconds, session.client, session.agent,
          ])
      }
    }
  }

  public func session(_ hash: TokenHash) throws -> (session: StoredSession, account: Account)? {
    try database.unsafeRead { db in
      try Row.fetchOne(
        db.cachedStatement(
          sql: """
            SELECT a.id, a.name, a.role, a.password_hash, a.created, \(Self.sessionColumns)
            FROM mvvmweb_session s JOIN mvvmweb_account a ON a.id = s.account
            WHERE s.hash = ?
            """), arguments: [Data(hash.bytes)]
      ).map { row in (try Self.session(row, from: 5), try Self.account(row)) }
    }
  }

  public func touchSession(_ hash: TokenHash, at time: Date, client: String, agent: String) throws {
    _ = try update(
      "UPDATE mvvmweb_session SET last_used = ?, client = ?, agent = ? WHERE hash = ?",
      [time.storedSeconds, client, agent, Data(hash.bytes)])
  }

  public func confirmSession(_ hash: TokenHash, at time: Date) throws {
    _ = try update(
      "UPDATE mvvmweb_session SET last_sign_in = ? WHERE hash = ?",
      [time.storedSeconds, Data(hash.bytes)])
  }

  public func sessions(of account: UUID) throws -> [StoredSession] {
    try database.unsafeRead { db in
      try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT \(Self.sessionColumns) FROM mvvmweb_session s
            WHERE s.account = ? ORDER BY s.last_used DESC, s.hash
            """), arguments: [account.lowercasedText]
      ).map { try Self.session($0, from: 0) }
    }
  }

  public func removeSession(_ hash: TokenHash) throws -> Bool {
    try update("DELETE FROM mvvmweb_session WHERE hash = ?", [Data(hash.bytes)])
  }

  public func removeSessions(of account: UUID, keeping kept: TokenHash?) throws -> [TokenHash] {
    try database.pool.write { db in
      try Row.fetchAll(
        db,
        sql: "DELETE FROM mvvmweb_session WHERE account = ? AND hash IS NOT ? RETURNING hash",
        arguments: [account.lowercasedText, kept.map { Data($0.bytes) }]
      ).map { try Self.tokenHash($0, 0, of: "mvvmweb_session") }
    }
  }

  public func removeSessions(usedBefore idle: Date, madeBefore made: Date) throws -> Int {
    try database.pool.write { db in
      try db.execute(
        sql: "DELETE FROM mvvmweb_session WHERE last_used < ? OR created < ?",
        arguments: [idle.storedSeconds, made.storedSeconds])
      return db.changesCount
    }
  }

  // MARK: One-time links

  /// One statement: the account's one link row is replaced, so two links made at once leave one.
  public func addLink(_ hash: TokenHash, for account: UUID, expires: Date) throws {
    try refusingUnknownAccount {
      try database.pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO mvvmweb_link (hash, account, expires) VALUES (?, ?, ?)
            ON CONFLICT (account) DO UPDATE SET hash = excluded.hash, expires = excluded.expires
            """,
          arguments: [Data(hash.bytes), account.lowercasedText, expires.storedSeconds])
      }
    }
  }

  /// Links that expired are removed on the way, so unused ones do not pile up.
  public func linkAccount(_ hash: TokenHash, at time: Date) throws -> UUID? {
    try database.unsafeRead { db in
      let row = try Row.fetchOne(
        db, sql: "SELECT account, expires FROM mvvmweb_link WHERE hash = ?",
        arguments: [Data(hash.bytes)])
      guard let row, try Self.date(row, 1, of: "mvvmweb_link") > time else { return nil }
      return try Self.uuid(row, 0, of: "mvvmweb_link")
    }
  }

  public func takeLink(_ hash: TokenHash, at time: Date) throws -> UUID? {
    try database.pool.write { db in
      let row = try Row.fetchOne(
        db, sql: "DELETE FROM mvvmweb_link WHERE hash = ? RETURNING account, expires",
        arguments: [Data(hash.bytes)])
      try db.execute(
        sql: "DELETE FROM mvvmweb_link WHERE expires <= ?", arguments: [time.storedSeconds])
      guard let row, try Self.date(row, 1, of: "mvvmweb_link") > time else { return nil }
      return try Self.uuid(row, 0, of: "mvvmweb_link")
    }
  }

  // MARK: Passkeys

  public func addPasskey(_ passkey: StoredPasskey) throws {
    do {
      try refusingUnknownAccount {
        try database.pool.write { db in
          try db.execute(
            sql: """
              INSERT INTO mvvmweb_passkey (credential_id, account, public_key, sign_count,
                backup_eligible, backed_up, name, created, last_used)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              Data(passkey.credentialID), passkey.account.lowercasedText,
              Data(passkey.publicKey), Int64(passkey.signCount), passkey.backupEligible,
              passkey.backedUp, passkey.name, passkey.created.storedSeconds,
              passkey.lastUsed?.storedSeconds,
            ])
        }
      }
    } catch let error as DatabaseError
      where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    {
      throw AccountStoreError.passkeyTaken
    }
  }

  public func passkey(credentialID: [UInt8]) throws -> StoredPasskey? {
    try database.unsafeRead { db in
      try Row.fetchOne(
        db.cachedStatement(sql: "\(Self.selectPasskey) WHERE credential_id = ?"),
        arguments: [Data(credentialID)]
      ).map(Self.passkey)
    }
  }

  public func passkeys(of account: UUID) throws -> [StoredPasskey] {
    try database.unsafeRead { db in
      try Row.fetchAll(
        db.cachedStatement(
          sql: "\(Self.selectPasskey) WHERE account = ? ORDER BY created, credential_id"),
        arguments: [account.lowercasedText]
      ).map(Self.passkey)
    }
  }

  public func usePasskey(
    credentialID: [UInt8], signCount: UInt32, backedUp: Bool, at time: Date
  ) throws {
    _ = try update(
      """
      UPDATE mvvmweb_passkey SET sign_count = ?, backed_up = ?, last_used = ?
      WHERE credential_id = ?
      """, [Int64(signCount), backedUp, time.storedSeconds, Data(credentialID)])
  }

  public func renamePasskey(
    credentialID: [UInt8], of account: UUID, to name: String
  ) throws
    -> Bool
  {
    try update(
      "UPDATE mvvmweb_passkey SET name = ? WHERE credential_id = ? AND account = ?",
      [name, Data(credentialID), account.lowercasedText])
  }

  public func removePasskey(credentialID: [UInt8], of account: UUID) throws -> Bool {
    try update(
      "DELETE FROM mvvmweb_passkey WHERE credential_id = ? AND account = ?",
      [Data(credentialID), account.lowercasedText])
  }

  // MARK: Ceremony challenges

  public func addChallenge(_ hash: TokenHash, purpose: ChallengePurpose, expires: Date) throws {
    let (name, account) = purpose.stored
    try refusingUnknownAccount {
      try database.pool.write { db in
        try db.execute(
          sql:
            "INSERT INTO mvvmweb_challenge (hash, purpose, account, expires) VALUES (?, ?, ?, ?)",
          arguments: [Data(hash.bytes), name, account?.lowercasedText, expires.storedSeconds])
      }
    }
  }

  /// Challenges that expired are removed on the way, so unused ones do not pile up.
  public func takeChallenge(_ hash: TokenHash, at time: Date) throws -> ChallengePurpose? {
    try database.pool.write { db in
      let row = try Row.fetchOne(
        db,
        sql: "DELETE FROM mvvmweb_challenge WHERE hash = ? RETURNING purpose, account, expires",
        arguments: [Data(hash.bytes)])
      try db.execute(
        sql: "DELETE FROM mvvmweb_challenge WHERE expires <= ?", arguments: [time.storedSeconds])
      guard let row, try Self.date(row, 2, of: "mvvmweb_challenge") > time else { return nil }
      let account: String? = try row.decode(atIndex: 1)
      guard
        let purpose = ChallengePurpose(
          stored: try row.decode(atIndex: 0), account: account.flatMap(UUID.init(text:)))
      else { throw UnreadableAccountRow(table: "mvvmweb_challenge", column: "purpose") }
      return purpose
    }
  }

  // MARK: Sign-in failures

  public func failures(for key: String) throws -> FailureCount? {
    try database.unsafeRead { db in
      try Row.fetchOne(
        db.cachedStatement(sql: "SELECT count, last_failed FROM mvvmweb_failure WHERE subject = ?"),
        arguments: [key]
      ).map(Self.failureCount)
    }
  }

  /// One statement, and SQLite writes one at a time: no count is lost. The last time only moves
  /// forward.
  public func recordFailure(for key: String, at time: Date) throws -> FailureCount {
    try database.pool.write { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          INSERT INTO mvvmweb_failure (subject, count, last_failed) VALUES (?, 1, ?)
          ON CONFLICT (subject) DO UPDATE
          SET count = count + 1, last_failed = max(last_failed, excluded.last_failed)
          RETURNING count, last_failed
          """, arguments: [key, time.storedSeconds])
      guard let row else { throw UnreadableAccountRow(table: "mvvmweb_failure", column: "count") }
      return try Self.failureCount(row)
    }
  }

  public func clearFailures(for key: String) throws {
    _ = try update("DELETE FROM mvvmweb_failure WHERE subject = ?", [key])
  }

  // MARK: Statements and rows

  /// Runs one writing statement; whether it changed a row.
  private func update(_ sql: String, _ arguments: StatementArguments) throws -> Bool {
    try database.pool.write { db in
      try db.execute(sql: sql, arguments: arguments)
      return db.changesCount > 0
    }
  }

  /// `body`, with a row naming an account that does not exist refused as
  /// `AccountStoreError.unknownAccount`.
  private func refusingUnknownAccount(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as DatabaseError
      where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY
    {
      throw AccountStoreError.unknownAccount
    }
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

  private static func account(_ row: Row) throws -> Account {
    Account(
      id: try uuid(row, 0, of: "mvvmweb_account"), name: try row.decode(atIndex: 1),
      role: try row.decode(atIndex: 2), passwordHash: try row.decode(atIndex: 3),
      created: try date(row, 4, of: "mvvmweb_account"))
  }

  /// The session in the row's columns from `first` on, in `sessionColumns`' order.
  private static func session(_ row: Row, from first: Int) throws -> StoredSession {
    let table = "mvvmweb_session"
    return StoredSession(
      hash: try tokenHash(row, first, of: table), account: try uuid(row, first + 1, of: table),
      created: try date(row, first + 2, of: table), lastUsed: try date(row, first + 3, of: table),
      lastSignIn: try date(row, first + 4, of: table), client: try row.decode(atIndex: first + 5),
      agent: try row.decode(atIndex: first + 6))
  }

  private static func passkey(_ row: Row) throws -> StoredPasskey {
    let table = "mvvmweb_passkey"
    let count: Int64 = try row.decode(atIndex: 3)
    guard let signCount = UInt32(exactly: count) else {
      throw UnreadableAccountRow(table: table, column: "sign_count")
    }
    return StoredPasskey(
      credentialID: Array(try row.decode(Data.self, atIndex: 0)),
      account: try uuid(row, 1, of: table), publicKey: Array(try row.decode(Data.self, atIndex: 2)),
      signCount: signCount, backupEligible: try row.decode(atIndex: 4),
      backedUp: try row.decode(atIndex: 5), name: try row.decode(atIndex: 6),
      created: try date(row, 7, of: table),
      lastUsed: try row.hasNull(atIndex: 8) ? nil : date(row, 8, of: table))
  }

  private static func failureCount(_ row: Row) throws -> FailureCount {
    FailureCount(count: try row.decode(atIndex: 0), last: try date(row, 1, of: "mvvmweb_failure"))
  }

  private static func uuid(_ row: Row, _ index: Int, of table: String) throws -> UUID {
    guard let id = UUID(text: try row.decode(atIndex: index)) else {
      throw unreadable(row, index, of: table)
    }
    return id
  }

  private static func date(_ row: Row, _ index: Int, of table: String) throws -> Date {
    guard let date = Date(storedSeconds: try row.decode(atIndex: index)) else {
      throw unreadable(row, index, of: table)
    }
    return date
  }

  private static func tokenHash(_ row: Row, _ index: Int, of table: String) throws -> TokenHash {
    guard let hash = TokenHash(stored: Array(try row.decode(Data.self, atIndex: index))) else {
      throw unreadable(row, index, of: table)
    }
    return hash
  }

  private static func unreadable(_ row: Row, _ index: Int, of table: String) -> UnreadableAccountRow
  {
    let names = Array(row.columnNames)
    return UnreadableAccountRow(
      table: table, column: names.indices.contains(index) ? names[index] : "column \(index)")
  }
}
