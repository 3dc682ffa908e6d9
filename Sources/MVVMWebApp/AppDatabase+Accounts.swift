import GRDB
import MVVMWebAccounts

extension AppDatabase {
  /// The account tables on this database, migrated: where `AppContext.accounts()` keeps the
  /// app's accounts, and where a command copying a site's data finds them.
  public func accountStore() throws -> any AccountStore {
    switch storage {
    case .sqlite(let file):
      var migrator = DatabaseMigrator()
      SQLiteAccountStore.registerMigrations(in: &migrator)
      try migrator.migrate(file.pool)
      return SQLiteAccountStore(database: file)
    case .postgres(let pool, _):
      return try PostgresAccountStore(pool: pool)
    }
  }
}
