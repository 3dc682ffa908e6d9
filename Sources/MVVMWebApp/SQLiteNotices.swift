import Foundation
import GRDB
import MVVMWebSQLite

/// `NOTIFY` for an SQLite file: a notice is a row of `mvvmweb_notices`, and a process that
/// listens reads the rows added since it last looked, twice a second. The one process that
/// serves and the commands run beside it (`accounts end-sessions`, `remove`) share the file and
/// nothing else, so this is how a command's ended sessions reach the server's live pages. A
/// notice is deleted a minute after it was sent, by the next one.
enum SQLiteNotices {
  /// A listener's timer, kept by its database to be stopped with it. Dispatch's timers may be
  /// cancelled from any thread, which their type does not say.
  struct Timer: @unchecked Sendable {
    let source: any DispatchSourceTimer
  }

  /// How often a listener looks.
  static let interval = DispatchTimeInterval.milliseconds(500)

  private static let table = """
    CREATE TABLE IF NOT EXISTS mvvmweb_notices (
      id INTEGER PRIMARY KEY AUTOINCREMENT, channel TEXT NOT NULL, payload TEXT NOT NULL,
      sent REAL NOT NULL)
    """

  /// Adds `payload` on `channel`, and deletes the notices older than a minute.
  static func send(_ channel: String, _ payload: String, in file: SQLiteDatabase) throws {
    let now = Date().timeIntervalSince1970
    try file.pool.write { db in
      try db.execute(sql: table)
      try db.execute(sql: "DELETE FROM mvvmweb_notices WHERE sent < ?", arguments: [now - 60])
      try db.execute(
        sql: "INSERT INTO mvvmweb_notices (channel, payload, sent) VALUES (?, ?, ?)",
        arguments: [channel, payload, now])
    }
  }

  /// The newest notice's id (0 when there is none): a new listener hears what comes after it.
  static func newest(in file: SQLiteDatabase) throws -> Int64 {
    try file.pool.write { db in
      try db.execute(sql: table)
      return try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM mvvmweb_notices") ?? 0
    }
  }

  /// The notices on `channel` after the id `seen`, oldest first, at most 100 a look.
  static func after(
    _ seen: Int64, on channel: String, in file: SQLiteDatabase
  ) throws -> [(id: Int64, payload: String)] {
    try file.unsafeRead { db in
      try Row.fetchAll(
        db,
        sql: "SELECT id, payload FROM mvvmweb_notices WHERE id > ? AND channel = ? "
          + "ORDER BY id LIMIT 100", arguments: [seen, channel]
      ).map { (id: $0["id"], payload: $0["payload"]) }
    }
  }
}
