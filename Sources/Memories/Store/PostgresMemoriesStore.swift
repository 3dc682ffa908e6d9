import Foundation
import MVVMWebPostgres

/// Memories in PostgreSQL, beside the league when several instances share a database: the same
/// items, filed the same way as in SQLite (`StoredMemory`).
public final class PostgresMemoriesStore: MemoriesStore {
  private let pool: PostgresPool

  /// Migrates the schema (safe when several instances start at once).
  public init(pool: PostgresPool) throws {
    self.pool = pool
    var migrator = PostgresMigrator(lockKey: 0x6d65_6d6f_7279)  // "memory"
    migrator.register(
      "memories-1-items",
      script: """
        CREATE TABLE memory_item (
          id TEXT PRIMARY KEY,
          month_day TEXT NOT NULL,
          created_at DOUBLE PRECISION NOT NULL,
          record TEXT NOT NULL
        );
        CREATE INDEX memory_item_month_day ON memory_item (month_day, created_at);
        """)
    try migrator.migrate(pool)
  }

  public func save(_ items: [UserContent]) throws {
    let stored = try items.map(StoredMemory.init)
    try pool.write { connection in
      for memory in stored {
        try connection.query(
          """
          INSERT INTO memory_item (id, month_day, created_at, record) VALUES ($1, $2, $3, $4)
          ON CONFLICT (id) DO UPDATE SET month_day = EXCLUDED.month_day,
            created_at = EXCLUDED.created_at, record = EXCLUDED.record
          """, [memory.id, memory.monthDay, String(memory.createdAt), memory.json])
      }
    }
  }

  public func issue(for key: IssueKey) throws -> Issue {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT record FROM memory_item WHERE month_day = $1", [key.monthDay])
        .rows
    }
    return Issue(key: key, items: Self.items(rows))
  }

  public func itemCount() throws -> Int {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT COUNT(*) FROM memory_item").rows
    }
    return rows.first.flatMap { $0.first ?? nil }.flatMap { Int($0) } ?? 0
  }

  public func allItems() throws -> [UserContent] {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT record FROM memory_item ORDER BY id").rows
    }
    return Self.items(rows)
  }

  /// The items of the records in the first column of `rows`.
  private static func items(_ rows: [[String?]]) -> [UserContent] {
    StoredMemory.items(rows.compactMap { $0.first ?? nil })
  }
}
