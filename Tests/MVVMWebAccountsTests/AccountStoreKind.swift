import Foundation
import GRDB
import MVVMWebAccounts
import MVVMWebPostgres
import MVVMWebSQLite
import TestSupport
import Testing

/// The account stores, each on real storage: a SQLite file in a temporary folder, a fresh
/// database on a private PostgreSQL server (`PostgresTestServer`), and the in-memory one the
/// view-model tests use, which must keep the same rules.
enum AccountStoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres, memory

  var testDescription: String { rawValue }

  /// A new, empty store, and a way to open another instance on the same data: a second
  /// process's pool on the SQLite file, a second instance's pool on the PostgreSQL database
  /// (the in-memory store has one instance: itself).
  func freshStore() throws -> (store: any AccountStore, another: () throws -> any AccountStore) {
    switch self {
    case .sqlite:
      let path = try migratedAccountsFile()
      return (try sqliteAccountStore(at: path), { try sqliteAccountStore(at: path) })
    case .postgres:
      let url = try PostgresTestServer.shared.get().freshDatabase()
      let open = { try PostgresAccountStore(pool: PostgresPool(url: url, size: 8)) }
      return (try open(), open)
    case .memory:
      let store = InMemoryAccountStore()
      return (store, { store })
    }
  }
}

/// A new SQLite file in a temporary folder with the accounts' tables, as the app's one
/// migrator makes them; its path.
func migratedAccountsFile() throws -> String {
  let folder = NSTemporaryDirectory() + "mvvmweb-accounts-\(UUID().uuidString.prefix(8))"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let path = folder + "/mvvmweb.sqlite"
  var migrator = DatabaseMigrator()
  SQLiteAccountStore.registerMigrations(in: &migrator)
  let database = try SQLiteDatabase(path: path)
  try migrator.migrate(database.pool)
  try database.close()
  return path
}

/// An account store on a pool of its own on the file at `path`, as another process would open
/// it; writers of two pools wait for each other's locks rather than fail.
func sqliteAccountStore(at path: String) throws -> SQLiteAccountStore {
  var configuration = Configuration()
  configuration.busyMode = .timeout(10)
  return SQLiteAccountStore(database: try SQLiteDatabase(path: path, configuration: configuration))
}

/// The hash a store keeps for the secret `text`.
func hashOf(_ text: String) -> TokenHash {
  TokenHash(of: Data(text.utf8))
}

/// A time with every bit of a double's fraction in use, so a store that rounds it is caught.
let someTime = Date(timeIntervalSinceReferenceDate: 790_123_456.123_456_7)
