import Fortunes
import Foundation
import League
import MVVM
import Memories
import Postgres

/// The stores the app runs on, chosen at start: SQLite in the data folder (the embedded
/// default), or PostgreSQL when a database URL is given, for several instances sharing one
/// database. View models and coordinators see only the store protocols either way.
public struct AppStores: Sendable {
  public let league: any LeagueStore
  public let memories: any MemoriesStore
  public let fortunes: any FortuneStore
  /// With PostgreSQL: hears every instance's committed writes (`NOTIFY`) and publishes them on
  /// the change feed, so live pages follow writes made through any instance. Kept while the app
  /// runs.
  let listener: PostgresListener?

  /// Opens (and migrates) the stores the configuration names. A PostgreSQL URL that is
  /// malformed, a server that cannot be reached or refused credentials throw here, at start,
  /// never at the first request.
  public init(_ configuration: AppConfiguration, changes: ChangeFeed = ChangeFeed()) throws {
    if let url = configuration.databaseURL {
      try self.init(postgres: url, poolSize: configuration.databasePoolSize, changes: changes)
    } else {
      try self.init(sqlite: configuration.databasePath, changes: changes)
    }
  }

  /// Stores made elsewhere: doubles in tests.
  init(
    league: any LeagueStore, memories: any MemoriesStore,
    fortunes: any FortuneStore = InMemoryFortuneStore()
  ) {
    self.league = league
    self.memories = memories
    self.fortunes = fortunes
    listener = nil
  }

  /// The stores in the SQLite file at `path`, created if needed.
  public init(sqlite path: String, changes: ChangeFeed = ChangeFeed()) throws {
    let league = try SQLiteLeagueStore(path: path, changes: changes)
    self.league = league
    memories = try SQLiteMemoriesStore(path: path)
    fortunes = try SQLiteFortuneStore(database: league.pool)
    listener = nil
  }

  /// The stores in the PostgreSQL database at `url`. Without `changes` nothing listens for
  /// other instances' writes: a command that only reads or copies data has no live pages.
  public init(postgres url: String, poolSize: Int, changes: ChangeFeed?) throws {
    let pool = try PostgresPool(url: url, size: poolSize)
    league = try PostgresLeagueStore(pool: pool)
    memories = try PostgresMemoriesStore(pool: pool)
    fortunes = try PostgresFortuneStore(pool: pool)
    listener = try changes.map { changes in
      try PostgresListener(
        url: url, channels: [ChangeTopic.league.name], logger: .init(label: "mvvmweb")
      ) { channel in changes.publish(ChangeTopic(channel)) }
    }
  }
}
