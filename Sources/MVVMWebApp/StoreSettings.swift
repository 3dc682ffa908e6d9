import ArgumentParser
import Foundation
import MVVMWebPostgres

/// Where an app keeps its data, and the store's limits: what `StoreOptions`' flags say, or what
/// a test sets.
public struct StoreSettings: Sendable {
  /// The data folder: the SQLite file (`NAME.sqlite`) and the app's other files.
  public var data: String
  /// A PostgreSQL URL to keep the data in instead, shared by several instances.
  public var database: String?
  /// Connections to PostgreSQL this instance opens at most.
  public var poolSize: Int
  /// How long a request may wait for the database in all before it gets 503.
  public var deadline: Duration
  /// SQLite's read threads (its one writer has a thread of its own).
  public var sqliteReaders: Int

  /// Settings with these values; the defaults are `serve`'s.
  public init(
    data: String = "data", database: String? = nil, poolSize: Int = 8,
    deadline: Duration = .seconds(3), sqliteReaders: Int = 4
  ) {
    self.data = data
    self.database = database
    self.poolSize = poolSize
    self.deadline = deadline
    self.sqliteReaders = sqliteReaders
  }

  /// Opens the database these settings name, for the app `name` (its SQLite file is
  /// `NAME.sqlite` in the data folder).
  public func open(name: String) throws -> AppDatabase {
    if let database {
      return try AppDatabase(postgres: database, poolSize: poolSize, deadline: deadline)
    }
    return try AppDatabase(
      sqlite: (data as NSString).appendingPathComponent("\(name).sqlite"), readers: sqliteReaders,
      deadline: deadline)
  }

  /// Runs `body`, which opens the database; when PostgreSQL refuses, prints the one line naming
  /// the database (never its password) and libpq's reason, and exits 1.
  public func opening<Value>(as name: String, _ body: () throws -> Value) throws -> Value {
    do {
      return try body()
    } catch let error as PostgresError {
      printError(
        "\(name): cannot open the database \(PostgresURL.redacted(database ?? "")): \(error)")
      throw ExitCode.failure
    }
  }

  /// Where the data is, as a person reads it: the data folder, or the database's URL without its
  /// password.
  public var place: String { database.map(PostgresURL.redacted) ?? data }
}
