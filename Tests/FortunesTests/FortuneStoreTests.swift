import Foundation
import GRDB
import MVVMWebPostgres
import MVVMWebSQLite
import Synchronization
import TestSupport
import Testing

@testable import Fortunes

/// Both stores on a real database: a SQLite file and a private PostgreSQL server.
@Suite struct FortuneStoreTests {
  /// TechEmpower's twelve rows, written out here rather than taken from the seed, so a changed
  /// seed fails.
  static let techEmpowerRows: [Fortune] = [
    Fortune(id: 1, message: "fortune: No such file or directory"),
    Fortune(id: 2, message: "A computer scientist is someone who fixes things that aren't broken."),
    Fortune(id: 3, message: "After enough decimal places, nobody gives a damn."),
    Fortune(id: 4, message: "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
    Fortune(
      id: 5, message: "A computer program does what you tell it to do, not what you want it to do."),
    Fortune(
      id: 6,
      message: "Emacs is a nice operating system, but I prefer UNIX. \u{2014} Tom Christaensen"),
    Fortune(id: 7, message: "Any program that runs right is obsolete."),
    Fortune(id: 8, message: "A list is only as strong as its weakest link. \u{2014} Donald Knuth"),
    Fortune(id: 9, message: "Feature: A bug with seniority."),
    Fortune(id: 10, message: "Computers make very fast, very accurate mistakes."),
    Fortune(
      id: 11,
      message: "<script>alert(\"This should not be displayed in a browser alert box.\");</script>"),
    Fortune(
      id: 12,
      message: "\u{30D5}\u{30EC}\u{30FC}\u{30E0}\u{30EF}\u{30FC}\u{30AF}\u{306E}"
        + "\u{30D9}\u{30F3}\u{30C1}\u{30DE}\u{30FC}\u{30AF}"),
  ]

  /// The benchmark peer's own statements (`../shared/bench/peers/hb-fortunes`), as it runs them
  /// on a database it finds without the table: what our migration must get along with.
  static let peerTable =
    "CREATE TABLE IF NOT EXISTS fortune (id integer PRIMARY KEY, message varchar(2048) NOT NULL)"

  static func sqlitePath() -> String {
    NSTemporaryDirectory() + "mvvmweb-fortunes-\(UUID().uuidString.prefix(8)).sqlite"
  }

  static func postgresURL() throws -> String {
    try PostgresTestServer.shared.get().freshDatabase()
  }

  /// A PostgreSQL store on `pool`'s database, its pipeline on a connection of its own.
  static func postgresStore(_ pool: PostgresPool) throws -> PostgresFortuneStore {
    try PostgresFortuneStore(pool: pool, pipeline: PostgresPipeline(url: pool.url))
  }

  /// The rows `fortunes(then:)` hands over, waited for.
  static func fortunesLater(_ store: PostgresFortuneStore) throws -> [Fortune] {
    let answer = Mutex<Result<[Fortune], any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    store.fortunes { result in
      answer.withLock { $0 = result }
      done.signal()
    }
    guard done.wait(timeout: .now() + 10) == .success, let result = answer.withLock({ $0 }) else {
      throw PostgresPipelineTests.NoAnswer(seconds: 10)
    }
    return try result.get()
  }

  /// The fortunes' part of the migrator the app runs once on its database file.
  static func migrator() -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    SQLiteFortuneStore.registerMigrations(in: &migrator)
    return migrator
  }

  /// A new database file, migrated as the app migrates it.
  static func migratedDatabase() throws -> SQLiteDatabase {
    let database = try SQLiteDatabase(path: sqlitePath())
    try migrator().migrate(database.pool)
    return database
  }

  /// A store on a new database, migrated twice (as every start after the first does).
  static func store(_ kind: String) throws -> any FortuneStore {
    switch kind {
    case "sqlite":
      let database = try migratedDatabase()
      try migrator().migrate(database.pool)
      return SQLiteFortuneStore(database: database)
    default:
      let url = try postgresURL()
      let pool = try PostgresPool(url: url, size: 2)
      _ = try postgresStore(pool)
      return try postgresStore(pool)
    }
  }

  @Test(arguments: ["sqlite", "postgres"])
  func aNewDatabaseHoldsTechEmpowersTwelveRowsOnce(_ kind: String) throws {
    let store = try Self.store(kind)
    let rows = try store.fortunes()
    #expect(rows.sorted { $0.id < $1.id } == Self.techEmpowerRows)
    if let pipelined = store as? PostgresFortuneStore {
      #expect(try Self.fortunesLater(pipelined).sorted { $0.id < $1.id } == Self.techEmpowerRows)
    }
  }

  /// Each call reads the table afresh: a row written after the store was made is in the next
  /// read (no cache of the rows), on PostgreSQL through the statement prepared by the first.
  @Test(arguments: ["sqlite", "postgres"])
  func everyReadIsAQuery(_ kind: String) throws {
    let store: any FortuneStore
    let insert: (String) throws -> Void
    switch kind {
    case "sqlite":
      let database = try Self.migratedDatabase()
      store = SQLiteFortuneStore(database: database)
      insert = { sql in try database.pool.write { db in try db.execute(sql: sql) } }
    default:
      let url = try Self.postgresURL()
      // One connection, so the second read runs the statement the first one prepared.
      store = try Self.postgresStore(PostgresPool(url: url, size: 1))
      let connection = try PostgresConnection(url: url)
      insert = { sql in try connection.run(script: sql) }
    }
    #expect(try store.fortunes().count == 12)
    let pipelined = store as? PostgresFortuneStore
    if let pipelined { #expect(try Self.fortunesLater(pipelined).count == 12) }
    try insert("INSERT INTO fortune (id, message) VALUES (13, 'Thirteen')")
    #expect(try store.fortunes().count == 13)
    #expect(try store.fortunes().contains(Fortune(id: 13, message: "Thirteen")))
    if let pipelined {
      #expect(try Self.fortunesLater(pipelined).contains(Fortune(id: 13, message: "Thirteen")))
    }
  }

  /// The league's file serves the fortunes too: the migration joins the others' in the file,
  /// whether the file's migrator runs them all or (as files older than that one migrator were
  /// made) each feature ran its own.
  @Test func theTableSitsBesideOtherMigrationsInOneFile() throws {
    let database = try SQLiteDatabase(path: Self.sqlitePath())
    let pool = database.pool
    var other = DatabaseMigrator()
    other.registerMigration("other-1") { db in try db.execute(sql: "CREATE TABLE other (x)") }
    try other.migrate(pool)
    try Self.migrator().migrate(pool)
    var both = other
    SQLiteFortuneStore.registerMigrations(in: &both)
    try both.migrate(pool)
    #expect(try SQLiteFortuneStore(database: database).fortunes().count == 12)
    let applied = try pool.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
    }
    #expect(applied == ["fortunes-1-table-and-rows", "other-1"])
  }

  /// A database where the peer (or TechEmpower's scripts) made the table and some rows first:
  /// the migration keeps what is there and adds only the missing rows.
  @Test func theMigrationKeepsATableThePeerMadeFirst() throws {
    let url = try Self.postgresURL()
    let peer = try PostgresConnection(url: url)
    try peer.run(script: Self.peerTable)
    try peer.query("INSERT INTO fortune (id, message) VALUES (1, $1)", ["kept as it was"])
    let store = try Self.postgresStore(PostgresPool(url: url, size: 2))
    let rows = try store.fortunes().sorted { $0.id < $1.id }
    #expect(rows.count == 12)
    #expect(rows.first == Fortune(id: 1, message: "kept as it was"))
    #expect(Array(rows.dropFirst()) == Array(Self.techEmpowerRows.dropFirst()))
  }

  /// A row the store cannot read as an id and a message is an error naming it, not a trap.
  @Test func aMalformedRowThrows() throws {
    let url = try Self.postgresURL()
    let store = try Self.postgresStore(PostgresPool(url: url, size: 2))
    let connection = try PostgresConnection(url: url)
    try connection.run(
      script: "ALTER TABLE fortune ALTER COLUMN id TYPE text; "
        + "INSERT INTO fortune (id, message) VALUES ('x', 'y')")
    #expect(throws: PostgresError.self) { try store.fortunes() }
    #expect(throws: PostgresError.self) { try Self.fortunesLater(store) }
  }
}
