import ArgumentParser
import Foundation
import Postgres
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

  func validate() throws {
    if !(1...1000).contains(databasePool) {
      throw ValidationError("--database-pool must be from 1 to 1000")
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
    return configuration
  }

  /// The one line a database that cannot be opened gets, naming it (never its password) and
  /// libpq's reason.
  static func failure(_ error: PostgresError, url: String) -> String {
    "mvvmweb: cannot open the database \(redacted(url)): \(error)"
  }

  /// The URL with any password replaced, for messages and logs.
  static func redacted(_ url: String) -> String {
    guard var parts = URLComponents(string: url), parts.password != nil else { return url }
    parts.password = "***"
    return parts.string ?? url
  }
}
