import Fortunes
import GRDB
import League
import MVVMWeb
import MVVMWebApp
import MVVMWebPostgres
import MVVMWebSQLite
import Memories

/// The stores the demo's apps run on, built on the app's database: SQLite in the data folder
/// (the embedded default), or PostgreSQL, for several instances sharing one database. View
/// models and coordinators see only the store protocols either way, and reach them only through
/// `executor`, on threads sized for the database.
public struct AppStores: Sendable {
  public let league: any LeagueStore
  public let memories: any MemoriesStore
  public let fortunes: any FortuneStore
  /// The store's own threads: SQLite's one writer and a few readers, or one per PostgreSQL
  /// connection.
  public let executor: StoreExecutor

  /// The stores on `database`, migrated. With `changes`, live pages follow the league's writes
  /// made through any instance sharing a PostgreSQL database; without, nothing listens (a
  /// command that only reads or copies data has no live pages).
  public init(_ database: AppDatabase, changes: ChangeFeed?) throws {
    switch database.storage {
    case .sqlite(let file):
      try Self.sqliteMigrator.migrate(file.pool)
      league = SQLiteLeagueStore(database: file, changes: changes ?? ChangeFeed())
      memories = SQLiteMemoriesStore(database: file)
      fortunes = SQLiteFortuneStore(database: file)
    case .postgres(let pool, _):
      league = try PostgresLeagueStore(pool: pool)
      memories = try PostgresMemoriesStore(pool: pool)
      // The page's reads share one pipelined connection, whose thread sends the pages it
      // makes at once, as the executor's threads do.
      fortunes = try PostgresFortuneStore(
        pool: pool,
        pipeline: PostgresPipeline(
          url: pool.url, limits: pool.limits,
          threadStarted: StoreExecutor.adoptCurrentThread))
      if let changes { try database.follow([.league], on: changes) }
    }
    executor = database.executor
  }

  /// The stores in the SQLite file at `path`, created if needed.
  public init(sqlite path: String) throws {
    try self.init(AppDatabase(sqlite: path), changes: nil)
  }

  /// The stores in the PostgreSQL database at `url`, on `poolSize` connections whose every wait
  /// ends within `deadline`; nothing listens for other instances' writes.
  public init(postgres url: String, poolSize: Int, deadline: Duration = .seconds(3)) throws {
    try self.init(AppDatabase(postgres: url, poolSize: poolSize, deadline: deadline), changes: nil)
  }

  /// Stores made elsewhere: doubles in tests.
  init(
    league: any LeagueStore, memories: any MemoriesStore,
    fortunes: any FortuneStore = InMemoryFortuneStore(),
    executor: StoreExecutor = StoreExecutor(readers: 2, writers: 1, deadline: .seconds(3))
  ) {
    self.league = league
    self.memories = memories
    self.fortunes = fortunes
    self.executor = executor
  }

  /// The SQLite file's one migrator: every feature's migrations, in one table of applied ones.
  private static var sqliteMigrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    SQLiteLeagueStore.registerMigrations(in: &migrator)
    SQLiteMemoriesStore.registerMigrations(in: &migrator)
    SQLiteFortuneStore.registerMigrations(in: &migrator)
    return migrator
  }
}
