import Fortunes
import Foundation
import GRDB
import League
import MVVMWeb
import MVVMWebPostgres
import MVVMWebSQLite
import Memories

/// The stores the app runs on, chosen at start: SQLite in the data folder (the embedded
/// default), or PostgreSQL when a database URL is given, for several instances sharing one
/// database. View models and coordinators see only the store protocols either way, and reach
/// them only through `executor`, on threads sized for the database.
public struct AppStores: Sendable {
  public let league: any LeagueStore
  public let memories: any MemoriesStore
  public let fortunes: any FortuneStore
  /// The store's own threads: SQLite's one writer and a few readers, or one per PostgreSQL
  /// connection.
  public let executor: StoreExecutor
  /// Reads one value from the database: whether it can be reached now (`/readyz`).
  let probe: @Sendable () throws -> Void
  /// With PostgreSQL: hears every instance's committed writes (`NOTIFY`) and publishes them on
  /// the change feed, so live pages follow writes made through any instance. Kept while the app
  /// runs.
  let listener: PostgresListener?

  /// Opens (and migrates) the stores the configuration names. A PostgreSQL URL that is
  /// malformed, a server that cannot be reached or refused credentials throw here, at start,
  /// never at the first request.
  public init(_ configuration: AppConfiguration, changes: ChangeFeed = ChangeFeed()) throws {
    if let url = configuration.databaseURL {
      try self.init(
        postgres: url, poolSize: configuration.databasePoolSize,
        deadline: configuration.storeDeadline, changes: changes)
    } else {
      try self.init(
        sqlite: configuration.databasePath, readers: configuration.sqliteReaders,
        deadline: configuration.storeDeadline, changes: changes)
    }
  }

  /// Empty stores in memory: for what registers the apps without serving them.
  static func inMemory() -> AppStores {
    AppStores(league: InMemoryLeagueStore(), memories: InMemoryMemoriesStore())
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
    probe = { _ = try league.players() }
    listener = nil
  }

  /// The stores in the SQLite file at `path`, created if needed: one `SQLiteDatabase` for the
  /// file (GRDB's one pool for writes, and the connections the read threads borrow), shared by
  /// every store, and one migrator run once. A write waits for another process's lock until its
  /// call's deadline (`StoreCallDeadline`), so one that started late, behind another that waited,
  /// still answers in time; outside a store call (migrations at start-up), for `deadline`.
  public init(
    sqlite path: String, readers: Int = 4, deadline: Duration = .seconds(3),
    changes: ChangeFeed = ChangeFeed()
  ) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    configuration.busyMode = .callback { tries in
      let left = StoreCallDeadline.timeLeft ?? deadline - Self.busyPause * tries
      guard left > .zero else { return false }
      Thread.sleep(forTimeInterval: Self.seconds(min(left, Self.busyPause)))
      return true
    }
    let database = try SQLiteDatabase(path: path, configuration: configuration)
    try Self.sqliteMigrator.migrate(database.pool)
    league = SQLiteLeagueStore(database: database, changes: changes)
    memories = SQLiteMemoriesStore(database: database)
    fortunes = SQLiteFortuneStore(database: database)
    executor = StoreExecutor(readers: readers, writers: 1, deadline: deadline)
    probe = { _ = try database.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT 1") } }
    listener = nil
  }

  /// How long a write waits between two tries at a lock another connection holds.
  private static let busyPause = Duration.milliseconds(5)

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The SQLite file's one migrator: every feature's migrations, in one table of applied ones.
  private static var sqliteMigrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    SQLiteLeagueStore.registerMigrations(in: &migrator)
    SQLiteMemoriesStore.registerMigrations(in: &migrator)
    SQLiteFortuneStore.registerMigrations(in: &migrator)
    return migrator
  }

  /// The stores in the PostgreSQL database at `url`, on `poolSize` connections whose every wait
  /// ends within `deadline`. Without `changes` nothing listens for other instances' writes: a
  /// command that only reads or copies data has no live pages.
  public init(
    postgres url: String, poolSize: Int, deadline: Duration = .seconds(3), changes: ChangeFeed?
  ) throws {
    let size = max(2, poolSize)
    let pool = try PostgresPool(
      url: url, size: size, wait: deadline,
      limits: PostgresLimits(connect: deadline, statement: deadline))
    league = try PostgresLeagueStore(pool: pool)
    memories = try PostgresMemoriesStore(pool: pool)
    fortunes = try PostgresFortuneStore(pool: pool)
    // As many threads as connections, so a thread never waits for one.
    let writers = max(1, size / 4)
    executor = StoreExecutor(readers: size - writers, writers: writers, deadline: deadline)
    probe = { try pool.withConnection { connection in _ = try connection.query("SELECT 1") } }
    listener = try changes.map { changes in
      try PostgresListener(
        url: url, channels: [ChangeTopic.league.name], logger: .init(label: "mvvmweb")
      ) { channel in changes.publish(ChangeTopic(channel)) }
    }
  }
}
