import Foundation
import GRDB
import MVVMWebSQLite

/// Memories in SQLite through GRDB, in the same database file as the league (its migrations are
/// prefixed "memories-"). Each item is stored as its record, under its month and day.
public final class SQLiteMemoriesStore: MemoriesStore {
  private let database: SQLiteDatabase

  /// The memories in `database`, the app's one database file, already migrated with the
  /// memories' migrations (`registerMigrations(in:)`) by the file's one migrator.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// Adds the memories' migrations to the one migrator of the database file the app's features
  /// share. Their identifiers ("memories-") are what files already record as applied.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("memories-1-items") { db in
      try db.execute(
        sql: """
          CREATE TABLE memoryItem (
            id TEXT PRIMARY KEY NOT NULL,
            monthDay TEXT NOT NULL,
            createdAt REAL NOT NULL,
            record TEXT NOT NULL
          );
          CREATE INDEX memoryItem_monthDay ON memoryItem(monthDay, createdAt);
          """)
    }
  }

  public func save(_ items: [UserContent]) throws {
    let stored = try items.map(StoredMemory.init)
    try database.pool.write { db in
      for memory in stored {
        try db.execute(
          sql:
            "INSERT OR REPLACE INTO memoryItem (id, monthDay, createdAt, record) VALUES (?, ?, ?, ?)",
          arguments: [memory.id, memory.monthDay, memory.createdAt, memory.json])
      }
    }
  }

  public func issue(for key: IssueKey) throws -> Issue {
    let records = try database.read { db in
      try String.fetchAll(
        db, sql: "SELECT record FROM memoryItem WHERE monthDay = ?", arguments: [key.monthDay])
    }
    return Issue(key: key, items: StoredMemory.items(records))
  }

  public func itemCount() throws -> Int {
    try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM memoryItem") ?? 0 }
  }

  public func allItems() throws -> [UserContent] {
    let records = try database.read { db in
      try String.fetchAll(db, sql: "SELECT record FROM memoryItem ORDER BY id")
    }
    return StoredMemory.items(records)
  }
}
