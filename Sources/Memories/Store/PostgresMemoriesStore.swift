import Foundation
import MVVMWebPostgres

/// Memories in PostgreSQL, beside the league when several instances share a database: the same
/// items, filed the same way as in SQLite (`StoredMemory`).
public final class PostgresMemoriesStore: MemoriesStore {
  private let pool: PostgresPool
  private let controller = IssueController()

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

  public func importRecords(_ records: [Any], file: String) throws -> ImportReport {
    let (accepted, problems) = controller.parseKeepingRecords(records, file: file)
    let stored = try accepted.map { try StoredMemory(record: $0.record, item: $0.item) }
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
    return ImportReport(file: file, imported: accepted.count, problems: problems)
  }

  public func issue(for key: IssueKey) throws -> Issue {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT record FROM memory_item WHERE month_day = $1", [key.monthDay])
        .rows
    }
    return Issue(key: key, items: controller.parse(Self.records(rows), file: "database").items)
  }

  public func itemCount() throws -> Int {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT COUNT(*) FROM memory_item").rows
    }
    return rows.first.flatMap { $0.first ?? nil }.flatMap { Int($0) } ?? 0
  }

  public func allRecords() throws -> [Any] {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT record FROM memory_item ORDER BY id").rows
    }
    return Self.records(rows)
  }

  /// The records in the first column of `rows`.
  private static func records(_ rows: [[String?]]) -> [Any] {
    StoredMemory.records(rows.compactMap { $0.first ?? nil })
  }
}
