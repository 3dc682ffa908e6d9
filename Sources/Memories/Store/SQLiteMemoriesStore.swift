import Foundation
import GRDB

/// Memories in SQLite through GRDB, in the same database file as the league (its migrations are
/// prefixed "memories-"). Each item is stored as its validated record, under its month and day.
public final class SQLiteMemoriesStore: MemoriesStore {
  private let pool: DatabasePool
  private let controller = IssueController()

  /// The memories in `pool`, the app's one connection pool to its database file, already
  /// migrated with the memories' migrations (`registerMigrations(in:)`) by the file's one
  /// migrator.
  public init(pool: DatabasePool) {
    self.pool = pool
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

  public func importRecords(_ records: [Any], file: String) throws -> ImportReport {
    let (accepted, problems) = controller.parseKeepingRecords(records, file: file)
    let stored = try accepted.map { try StoredMemory(record: $0.record, item: $0.item) }
    try pool.write { db in
      for memory in stored {
        try db.execute(
          sql:
            "INSERT OR REPLACE INTO memoryItem (id, monthDay, createdAt, record) VALUES (?, ?, ?, ?)",
          arguments: [memory.id, memory.monthDay, memory.createdAt, memory.json])
      }
    }
    return ImportReport(file: file, imported: accepted.count, problems: problems)
  }

  public func issue(for key: IssueKey) throws -> Issue {
    let records = try pool.read { db in
      try String.fetchAll(
        db, sql: "SELECT record FROM memoryItem WHERE monthDay = ?", arguments: [key.monthDay])
    }
    return Issue(
      key: key, items: controller.parse(StoredMemory.records(records), file: "database").items)
  }

  public func itemCount() throws -> Int {
    try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM memoryItem") ?? 0 }
  }

  public func allRecords() throws -> [Any] {
    let records = try pool.read { db in
      try String.fetchAll(db, sql: "SELECT record FROM memoryItem ORDER BY id")
    }
    return StoredMemory.records(records)
  }
}
