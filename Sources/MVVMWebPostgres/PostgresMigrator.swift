/// Versioned schema changes for PostgreSQL, applied at start in order, each in its own
/// transaction and recorded in `mvvmweb_migrations`. An advisory lock is held meanwhile, so
/// instances that start together apply each migration exactly once.
public struct PostgresMigrator: Sendable {
  private var migrations: [(name: String, run: @Sendable (PostgresConnection) throws -> Void)] = []
  /// The advisory lock's key: one per schema, so features migrate side by side.
  private let lockKey: Int64

  /// A migrator with no migrations yet, holding the advisory lock `lockKey` while it migrates (one
  /// key per schema).
  public init(lockKey: Int64) {
    self.lockKey = lockKey
  }

  /// Adds the migration `name`, applied once, after the ones registered before it. Never change a
  /// script that has shipped: register a new one.
  /// The fortunes' store registers its one migration, and its `init` runs
  /// `try Self.migrator.migrate(pool)`:
  ///
  /// ```swift
  /// var migrator = PostgresMigrator(lockKey: 0x66_6f72_7475_6e65)  // "fortune"
  /// migrator.register(
  ///   "fortunes-1-table-and-rows",
  ///   script: FortuneSeed.createTable + ";\n" + FortuneSeed.insertRows)
  /// return migrator
  /// ```
  public mutating func register(_ name: String, script: String) {
    register(name) { connection in try connection.run(script: script) }
  }

  /// Adds the migration `name`, run once by `step` on the connection, inside its transaction:
  /// for a change that SQL alone cannot make (values computed in Swift). Never change a step
  /// that has shipped: register a new one.
  /// The league's second migration:
  ///
  /// ```swift
  /// migrator.register("league-2-one-name-rule") { connection in
  ///   // Name keys by the rule every store keeps, as the SQLite store's "league-4-one-name-rule"
  ///   // does, computed here: PostgreSQL's lower() neither folds case fully nor normalizes.
  ///   let players = try connection.query("SELECT id, name FROM player ORDER BY name_key, id")
  ///     .rows.map { row in (id: try text(row, 0), name: try text(row, 1)) }
  ///   try connection.query("UPDATE player SET name_key = chr(31) || id")
  ///   for (player, key) in zip(players, PlayerName.storedKeys(players)) {
  ///     try connection.query(
  ///       "UPDATE player SET name_key = $1 WHERE id = $2", [key, player.id])
  ///   }
  /// }
  /// ```
  public mutating func register(
    _ name: String, step: @escaping @Sendable (PostgresConnection) throws -> Void
  ) {
    migrations.append((name, step))
  }

  /// Applies, in order, each registered migration the database has not recorded yet, each in its
  /// own transaction, holding the advisory lock meanwhile. Throws the first failure; the migrations
  /// before it stay applied.
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
          try migration.run(connection)
          try connection.query(
            "INSERT INTO mvvmweb_migrations (name) VALUES ($1)", [migration.name])
        }
      }
    }
  }
}
