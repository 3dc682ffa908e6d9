import ArgumentParser
import Foundation

/// Where an app keeps its data, as flags: the data folder (the SQLite file, and whatever else
/// the app keeps there), or the PostgreSQL database `--database` (or `DATABASE_URL`) names,
/// shared by several instances; with the store's limits. An app's own commands take them with
/// `@OptionGroup var store: StoreOptions` and open the same database `serve` does, through
/// `settings`.
public struct StoreOptions: ParsableArguments {
  /// `--data`: the data folder, created if missing.
  @Option(
    help: ArgumentHelp(
      "The data folder: the SQLite file (NAME.sqlite) and the app's other files. Created if missing.",
      valueName: "dir"))
  public var data = "data"

  /// `--database`: a PostgreSQL URL.
  @Option(
    name: .customLong("database"),
    help: ArgumentHelp(
      "A PostgreSQL URL to keep the data in, shared by several instances: postgres://user:pass@host:port/db, or postgresql:///db?host=/run/postgresql for a unix socket (default: the DATABASE_URL environment variable; without either, SQLite in --data).",
      valueName: "url"))
  public var database: String?

  /// `--database-pool`: connections to PostgreSQL.
  @Option(
    name: .customLong("database-pool"),
    help: ArgumentHelp("Connections to PostgreSQL this instance opens at most.", valueName: "count")
  )
  public var databasePool = 8

  /// `--store-deadline`: how long a request may wait for the database in all.
  @Option(
    name: .customLong("store-deadline"),
    help: ArgumentHelp(
      "Seconds a request may wait for the database in all (a free store thread, a lock, the answer) before it gets 503; SQLite's busy timeout and PostgreSQL's statement and connect timeouts are set from it.",
      valueName: "seconds"))
  public var storeDeadline = 3.0

  /// `--sqlite-readers`: SQLite's read threads.
  @Option(
    name: .customLong("sqlite-readers"),
    help: ArgumentHelp(
      "Threads (and connections) that read the SQLite file; its one writer has a thread of its own.",
      valueName: "count"))
  public var sqliteReaders = 4

  /// The defaults: `./data`, SQLite.
  public init() {}

  /// Checks the values' ranges.
  public func validate() throws {
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

  /// The settings these flags give: the PostgreSQL URL being the flag's, else the
  /// environment's, else none (SQLite).
  public var settings: StoreSettings {
    StoreSettings(
      data: data,
      database: database
        ?? ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 },
      poolSize: databasePool, deadline: .milliseconds(Int(storeDeadline * 1000)),
      sqliteReaders: sqliteReaders)
  }
}
