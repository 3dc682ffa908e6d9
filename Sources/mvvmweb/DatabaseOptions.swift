import ArgumentParser
import Foundation
import MVVMWebPostgres
import WebApp

/// Where the league and the memories are kept: SQLite in the data folder by default, or the
/// PostgreSQL database `--database` (or `DATABASE_URL`) names, shared by several instances.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("database"),
    help: ArgumentHelp(
      "A PostgreSQL URL to keep the league and the memories in, shared by several instances: postgres://user:pass@host:port/db, or postgresql:///db?host=/run/postgresql for a unix socket (default: the DATABASE_URL environment variable; without either, SQLite in --data).",
      valueName: "url"))
  var database: String?

  @Option(
    name: .customLong("database-pool"),
    help: ArgumentHelp("Connections to PostgreSQL this instance opens at most.", valueName: "count")
  )
  var databasePool = 8

  @Option(
    name: .customLong("store-deadline"),
    help: ArgumentHelp(
      "Seconds a request may wait for the database in all (a free store thread, a lock, the answer) before it gets 503; SQLite's busy timeout and PostgreSQL's statement and connect timeouts are set from it.",
      valueName: "seconds"))
  var storeDeadline = 3.0

  @Option(
    name: .customLong("sqlite-readers"),
    help: ArgumentHelp(
      "Threads (and connections) that read the SQLite file; its one writer has a thread of its own.",
      valueName: "count"))
  var sqliteReaders = 4

  func validate() throws {
    if !(1...1000).contains(databasePool) {
      throw ValidationError("--database-pool must be from 1 to 1000")
    }
    if !(0.1...300).contains(storeDeadline) {
      throw ValidationError("--store-deadline must be from 0.1 to 300 seconds")
    }
    if !(1...64).contains(sqliteReaders) {
      throw ValidationError("--sqlite-readers must be from 1 to 64")
    }
  }

  /// The URL in effect: the flag, else the environment, else none (SQLite).
  var url: String? {
    database
      ?? ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `configuration` with the database chosen here.
  func applied(to configuration: AppConfiguration) -> AppConfiguration {
    var configuration = configuration
    configuration.databaseURL = url
    configuration.databasePoolSize = databasePool
    configuration.storeDeadline = .milliseconds(Int(storeDeadline * 1000))
    configuration.sqliteReaders = sqliteReaders
    return configuration
  }

  /// The stores in effect for the data folder `data`; a database that cannot be opened stops
  /// the command with one line.
  func openStores(data: String) throws -> AppStores {
    let configuration = applied(to: AppConfiguration(dataDirectory: data))
    return try Self.opening(configuration.databaseURL) { try AppStores(configuration) }
  }

  /// Runs `body`, which opens the database at `url`; if PostgreSQL refuses, prints the one line
  /// naming the database (never its password) and libpq's reason, and exits 1.
  static func opening<Value>(_ url: String?, _ body: () throws -> Value) throws -> Value {
    do {
      return try body()
    } catch let error as PostgresError {
      printError("mvvmweb: cannot open the database \(PostgresURL.redacted(url ?? "")): \(error)")
      throw ExitCode.failure
    }
  }
}
