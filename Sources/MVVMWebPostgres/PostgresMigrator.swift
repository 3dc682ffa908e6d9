/// Versioned schema changes for PostgreSQL, applied at start in order, each in its own
/// transaction and recorded in `mvvmweb_migrations`. An advisory lock is held meanwhile, so
/// instances that start together apply each migration exactly once.
public struct PostgresMigrator: Sendable {
  private var migrations: [(name: String, script: String)] = []
  /// The advisory lock's key: one per schema, so features migrate side by side.
  private let lockKey: Int64

  public init(lockKey: Int64) {
    self.lockKey = lockKey
  }

  public mutating func register(_ name: String, script: String) {
    migrations.append((name, script))
  }

  public func migrate(_ pool: PostgresPool) throws {
    try pool.withConnection { connection in
      try connection.query("SELECT pg_advisory_lock($1)", [String(lockKey)])
      defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [String(lockKey)]) }
      try connection.run(
        script: """
          CREATE TABLE IF NOT EXISTS mvvmweb_migrations (
            name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
          """)
      let applied = Set(
        try connection.query("SELECT name FROM mvvmweb_migrations").rows.compactMap {
          $0.first ?? nil
        })
      for migration in migrations where !applied.contains(migration.name) {
        try connection.transaction {
          try connection.run(script: migration.script)
          try connection.query(
            "INSERT INTO mvvmweb_migrations (name) VALUES ($1)", [migration.name])
        }
      }
    }
  }
}
