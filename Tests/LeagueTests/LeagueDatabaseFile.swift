import Foundation
import GRDB

@testable import League

/// The league's part of the migrator the app runs once on its database file.
func leagueMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  SQLiteLeagueStore.registerMigrations(in: &migrator)
  return migrator
}

/// A test's database file at `path` (its folder made): the file's one pool, migrated as the app
/// migrates it, to hand to the stores.
func migratedPool(at path: String) throws -> DatabasePool {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  let pool = try DatabasePool(path: path)
  try leagueMigrator().migrate(pool)
  return pool
}
