import Dispatch
import Foundation
import Logging
import MVVMWebPostgres
import Synchronization
import TestSupport
import Testing

@testable import League

/// What only the PostgreSQL store has to do: instances sharing one database, migrations started
/// together, and committed writes announced to every instance with NOTIFY.
@Suite struct PostgresLeagueStoreTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.shared.get().freshDatabase()
  }

  func instance() throws -> PostgresLeagueStore {
    try PostgresLeagueStore(pool: PostgresPool(url: url, size: 4))
  }

  /// The channels a listener has reported so far.
  final class Heard: Sendable {
    private let channels = Mutex<[String]>([])
    func append(_ channel: String) { channels.withLock { $0.append(channel) } }
    var all: [String] { channels.withLock { $0 } }
  }

  /// A listener on `league` and what it has heard.
  func listening() throws -> (PostgresListener, Heard) {
    let heard = Heard()
    let listener = try PostgresListener(
      url: url, channels: ["league"], logger: Logger(label: "test")
    ) { channel, _ in heard.append(channel) }
    return (listener, heard)
  }

  /// A league larger than one insert statement's rows (1,000) arrives whole: every chunk, with
  /// the standings the triggers keep for each of its rows.
  @Test func aLeagueLargerThanOneStatementLoadsWhole() throws {
    let source = InMemoryLeagueStore()
    try source.seed(.benchmark(players: 30, matches: 2_345))
    let snapshot = try source.snapshot()
    let store = try instance()
    #expect(try store.load(snapshot))
    #expect(try store.snapshot() == snapshot)
    #expect(try store.rankings() == (try source.rankings()))
    #expect(try store.allMatches().count == 2_345)
  }

  @Test func instancesStartingTogetherMigrateOnce() throws {
    let started = Mutex<[Result<PostgresLeagueStore, any Error>]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let result = Result { try instance() }
      started.withLock { $0.append(result) }
    }
    let stores = try started.withLock { $0 }.map { try $0.get() }
    #expect(stores.count == 4)
    let applied = try PostgresConnection(url: url).query("SELECT name FROM mvvmweb_migrations")
    #expect(
      applied.rows == [["league-1-players-matches-standings"], ["league-2-one-name-rule"]])
  }

  @Test func aDoubleSubmitThatLandsOnTwoInstancesRecordsOneMatch() throws {
    let (first, second) = (try instance(), try instance())
    let ann = try first.addPlayer(name: "Ann")
    let ben = try second.addPlayer(name: "Ben")
    #expect(throws: LeagueStoreError.nameTaken) { try second.addPlayer(name: "ANN") }
    let record = MatchRecord(
      homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 1, awayGoals: 0, token: "t")
    let ids = Mutex<[UUID]>([])
    DispatchQueue.concurrentPerform(iterations: 20) { index in
      let store = index.isMultiple(of: 2) ? first : second
      if let id = try? store.saveMatch(record) { ids.withLock { $0.append(id) } }
    }
    #expect(ids.withLock { Set($0).count } == 1 && ids.withLock { $0.count } == 20)
    #expect(try first.allMatches().count == 1)
    #expect(try second.rankings().map(\.matchesPlayed) == [1, 1])
  }

  @Test func committedWritesAreHeardByEveryInstanceAndRolledBackOnesAreNot() throws {
    let store = try instance()
    let (listener, heard) = try listening()
    defer { listener.stop() }
    _ = try store.addPlayer(name: "Ann")
    #expect(eventually { heard.all == ["league"] })
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "ann") }
    _ = try store.addPlayer(name: "Ben")
    #expect(eventually { heard.all.count == 2 })
    usleep(100_000)
    #expect(heard.all == ["league", "league"])  // Not three: the refusal rolled back.
  }

  @Test func aListenerWhoseConnectionDropsReconnectsAndReportsEveryChannel() throws {
    let store = try instance()
    let (listener, heard) = try listening()
    defer { listener.stop() }
    // Another session ends the listener's, as a database restart would.
    try PostgresConnection(url: url).query(
      """
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'
      """)
    #expect(eventually { heard.all == ["league"] })  // What it may have missed.
    _ = try store.addPlayer(name: "Ann")
    #expect(eventually { heard.all == ["league", "league"] })
  }

  @Test func aBadURLOrAnUnreachableServerIsOneClearLine() {
    #expect(throws: PostgresError.self) { try PostgresPool(url: "postgres://[oops", size: 1) }
    do {
      _ = try PostgresPool(url: "postgresql:///nowhere?host=/nonexistent&user=postgres", size: 1)
      Issue.record("connected to a server that does not exist")
    } catch {
      #expect(error.description.contains("/nonexistent"))
      #expect(!error.description.contains("\n"))
    }
  }
}
