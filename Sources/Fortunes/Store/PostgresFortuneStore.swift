import MVVMWebPostgres

/// The fortunes in PostgreSQL, in the `fortune` table TechEmpower's scripts and the benchmark's
/// peer use, through the pool the app's other PostgreSQL stores share.
public final class PostgresFortuneStore: FortuneStore {
  private let pool: PostgresPool

  /// Migrates the schema (creating and seeding `fortune` unless it is there; safe when several
  /// instances, or the peer, start at once).
  public init(pool: PostgresPool) throws {
    self.pool = pool
    try Self.migrator.migrate(pool)
  }

  static var migrator: PostgresMigrator {
    var migrator = PostgresMigrator(lockKey: 0x66_6f72_7475_6e65)  // "fortune"
    migrator.register(
      "fortunes-1-table-and-rows",
      script: FortuneSeed.createTable + ";\n" + FortuneSeed.insertRows)
    return migrator
  }

  /// One query on one pooled connection, prepared once per connection (as the peer's is), so
  /// PostgreSQL does not plan it again for every request. A row that is not an integer id and a
  /// message throws, never traps.
  public func fortunes() throws -> [Fortune] {
    try pool.withConnection { connection in
      // Read in place: only the message is copied out of each row.
      try connection.query(prepared: "fortunes", "SELECT id, message FROM fortune") { row in
        Fortune(id: try row.integer(at: 0), message: try row.string(at: 1))
      }
    }
  }
}
