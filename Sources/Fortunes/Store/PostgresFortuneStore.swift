import MVVMWebPostgres

/// The fortunes in PostgreSQL, in the `fortune` table TechEmpower's scripts and the benchmark's
/// peer use. The page reads them through a pipeline (many requests' queries sent together on
/// one connection, no thread held while they wait); a caller that wants them at once, through
/// the pool the app's other PostgreSQL stores share.
public final class PostgresFortuneStore: FortuneStoreAnsweringLater {
  private let pool: PostgresPool
  private let pipeline: PostgresPipeline

  /// Migrates the schema (creating and seeding `fortune` unless it is there; safe when several
  /// instances, or the peer, start at once).
  public init(pool: PostgresPool, pipeline: PostgresPipeline) throws {
    self.pool = pool
    self.pipeline = pipeline
    try Self.migrator.migrate(pool)
  }

  static var migrator: PostgresMigrator {
    var migrator = PostgresMigrator(lockKey: 0x66_6f72_7475_6e65)  // "fortune"
    migrator.register(
      "fortunes-1-table-and-rows",
      script: FortuneSeed.createTable + ";\n" + FortuneSeed.insertRows)
    return migrator
  }

  static let statement = "fortunes"
  static let query = "SELECT id, message FROM fortune"

  /// One query on one pooled connection, prepared once per connection (as the peer's is), so
  /// PostgreSQL does not plan it again for every request. A row that is not an integer id and a
  /// message throws, never traps.
  public func fortunes() throws -> [Fortune] {
    try pool.withConnection { connection in
      try connection.query(prepared: Self.statement, Self.query, row: Self.fortune)
    }
  }

  /// The same query, its own for each call, through the pipeline: `finish` runs on the
  /// pipeline's thread.
  public func fortunes(then finish: @escaping @Sendable (Result<[Fortune], any Error>) -> Void) {
    pipeline.query(prepared: Self.statement, Self.query, row: Self.fortune, then: finish)
  }

  /// A row read in place: only the message is copied out.
  @Sendable static func fortune(_ row: PostgresColumns) throws -> Fortune {
    Fortune(id: try row.integer(at: 0), message: try row.string(at: 1))
  }
}
