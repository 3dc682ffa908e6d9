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
  /// With PostgreSQL: hears every instance's committed writes (`NOTIFY`) and publishes them on
  /// the change feed, so live pages follow writes made through any instance. Kept while the app
  /// runs.
  let listener: PostgresListener?

  /// Opens (and migrates) the stores. A PostgreSQL URL that is malformed, a server that cannot
  /// be reached or refused credentials throw here, at start, never at the first request.
  public init(_ configuration: AppConfiguration, changes: ChangeFeed = ChangeFeed()) throws {
    guard let url = configuration.databaseURL else {
      league = try SQLiteLeagueStore(path: configuration.databasePath, changes: changes)
      memories = try SQLiteMemoriesStore(path: configuration.databasePath)
      listener = nil
      return
    }
    let pool = try PostgresPool(url: url, size: configuration.databasePoolSize)
    league = try PostgresLeagueStore(pool: pool)
    memories = try PostgresMemoriesStore(pool: pool)
    listener = try PostgresListener(
      url: url, channels: [ChangeTopic.league.name], logger: .init(label: "mvvmweb")
    ) { channel in changes.publish(ChangeTopic(channel)) }
  }
}
