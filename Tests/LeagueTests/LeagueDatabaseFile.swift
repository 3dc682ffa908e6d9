import Foundation
import GRDB
import MVVMWebSQLite

@testable import League

/// The league's part of the migrator the app runs once on its database file.
func leagueMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  SQLiteLeagueStore.registerMigrations(in: &migrator)
  return migrator
}

/// A test's database file at `path` (its folder made), migrated as the app migrates it, to hand
/// to the stores.
func migratedDatabase(at path: String) throws -> SQLiteDatabase {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  let database = try SQLiteDatabase(path: path)
  try leagueMigrator().migrate(database.pool)
  return database
}
