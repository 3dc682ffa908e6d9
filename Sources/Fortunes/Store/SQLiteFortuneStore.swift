import GRDB
import MVVMWebSQLite

/// The fortunes in the app's SQLite file, which the other features' stores share: GRDB wants
/// one pool per file (its writes and the WAL are coordinated inside a pool, not between two),
/// so this store is handed the file rather than opening it itself.
public final class SQLiteFortuneStore: FortuneStore {
  private let database: SQLiteDatabase

  /// Reads the fortunes from `database`, already migrated with this feature's migration
  /// (`registerMigrations(in:)`) by the file's one migrator.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// Adds this feature's one migration (creating and seeding the `fortune` table once) to the
  /// one migrator of the database file the app's features share, named apart from the others'
  /// ("fortunes-") in the table of applied migrations they all share.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("fortunes-1-table-and-rows") { db in
      try db.execute(sql: FortuneSeed.createTable)
      try db.execute(sql: FortuneSeed.insertRows)
    }
  }

  /// One statement, prepared once per reader connection (GRDB's statement cache). A value the
  /// file holds that is not an integer id and a text message throws, never traps.
  ///
  /// `unsafeRead`: without GRDB's isolation, which wraps the read in `BEGIN DEFERRED` and
  /// `COMMIT` (two more statements, parsed anew each time: as much CPU as the query itself under
  /// `perf`). One statement needs none: SQLite runs it in a read transaction of its own, so it
  /// sees one committed state of the table.
  public func fortunes() throws -> [Fortune] {
    try database.unsafeRead { db in
      let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, message FROM fortune"))
      var fortunes: [Fortune] = []
      while let row = try rows.next() {
        fortunes.append(
          Fortune(
            id: try row.decode(Int.self, atIndex: 0),
            message: try row.decode(String.self, atIndex: 1)))
      }
      return fortunes
    }
  }
}
