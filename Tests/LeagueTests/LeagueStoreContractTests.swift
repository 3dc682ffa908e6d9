import Dispatch
import Foundation
import MVVMWebPostgres
import TestSupport
import Testing

@testable import League

/// The stores the app can run on, each on real storage: a SQLite file in a temporary folder, or
/// a fresh database on a private PostgreSQL server (`PostgresTestServer`); and the in-memory one
/// the view-model tests use, which must keep the same rules (its "reopening" is the same store).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres, memory

  var testDescription: String { rawValue }

  /// The stores `migrate-data` moves a league between. The in-memory one keeps its dates as
  /// `Date`s, which a trip through seconds since 1970 can move by a rounding step.
  static let persistent: [StoreKind] = [.sqlite, .postgres]

  /// A new, empty store, and a way to open the same data again, as a restart does.
  func freshStore() throws -> (store: any LeagueStore, reopen: () throws -> any LeagueStore) {
    switch self {
    case .sqlite:
      let path =
        NSTemporaryDirectory() + "mvvmweb-league-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"
      let database = try migratedDatabase(at: path)
      // A restart: the first file is closed before it is opened again, so it never has two
      // pools at once.
      return (
        SQLiteLeagueStore(database: database),
        {
          try database.close()
          return SQLiteLeagueStore(database: try migratedDatabase(at: path))
        }
      )
    case .postgres:
      let url = try PostgresTestServer.shared.get().freshDatabase()
      let open = { try PostgresLeagueStore(pool: PostgresPool(url: url, size: 8)) }
      return (try open(), open)
    case .memory:
      let store = InMemoryLeagueStore()
      return (store, { store })
    }
  }
}

/// One contract, every store: the same tests run against SQLite and PostgreSQL.
@Suite struct LeagueStoreContractTests {
  @Test(arguments: StoreKind.allCases)
  func playersMatchesAndCascades(_ kind: StoreKind) throws {
    let (store, reopen) = try kind.freshStore()
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "ANN") }
    let matchID = try store.saveMatch(
      MatchRecord(
        homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 2, awayGoals: 1, token: "x"))
    let match = try #require(try store.match(id: matchID))
    #expect(try store.matchExists(id: matchID))
    #expect(try !store.matchExists(id: UUID()))
    #expect(match.homePlayers == [ann])
    #expect(match.awayPlayers == [ben])
    let again = try store.saveMatch(
      MatchRecord(
        homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 2, awayGoals: 1, token: "x"))
    #expect(again == match.id)
    // The database's foreign keys refuse a player that does not exist, and nothing is saved.
    #expect(throws: LeagueStoreError.unknownPlayer) {
      try store.saveMatch(
        MatchRecord(homePlayerIDs: [UUID()], awayPlayerIDs: [ben.id], homeGoals: 0, awayGoals: 0))
    }
    #expect(try store.allMatches().count == 1)
    var edited = MatchRecord(
      id: match.id, homePlayerIDs: [ben.id], awayPlayerIDs: [ann.id], homeGoals: 0, awayGoals: 5)
    #expect(try store.saveMatch(edited) == match.id)
    #expect(try store.match(id: match.id)?.awayGoals == 5)
    edited.id = UUID()
    #expect(throws: LeagueStoreError.matchNotFound) { try store.saveMatch(edited) }

    let reopened = try reopen()
    #expect(try reopened.allMatches().count == 1)
    #expect(try reopened.rankings().map(\.player.name) == ["Ann", "Ben"])
    #expect(try reopened.deleteMatch(id: match.id))
    #expect(try !reopened.deleteMatch(id: match.id))
    #expect(try !reopened.matchExists(id: match.id))
    #expect(try reopened.allMatches().isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func rankingsInSQLMatchTheInMemoryComputation(_ kind: StoreKind) throws {
    let sql = try kind.freshStore().store
    try sql.seed(.benchmark(players: 12, matches: 300))
    let memory = InMemoryLeagueStore()
    var ids: [UUID: UUID] = [:]
    // Edits and deletes must take back what the standings triggers gave.
    let matches = try sql.allMatches()
    for match in matches.prefix(20) {
      _ = try sql.saveMatch(
        MatchRecord(
          id: match.id, homePlayerIDs: match.awayPlayers.map(\.id),
          awayPlayerIDs: match.homePlayers.map(\.id),
          homeGoals: (match.homeGoals + 2) % 6, awayGoals: match.awayGoals))
    }
    for match in matches.suffix(30) { #expect(try sql.deleteMatch(id: match.id)) }
    for player in try sql.players() {
      ids[player.id] = try memory.addPlayer(name: player.name).id
    }
    for match in try sql.allMatches() {
      _ = try memory.saveMatch(
        MatchRecord(
          homePlayerIDs: match.homePlayers.compactMap { ids[$0.id] },
          awayPlayerIDs: match.awayPlayers.compactMap { ids[$0.id] },
          homeGoals: match.homeGoals, awayGoals: match.awayGoals))
    }
    let fromSQL = try sql.rankings().map { "\($0.player.name) \($0.matchesPlayed) \($0.points)" }
    let fromMemory = try memory.rankings().map {
      "\($0.player.name) \($0.matchesPlayed) \($0.points)"
    }
    #expect(fromSQL == fromMemory)
    #expect(fromSQL.count == 12)
  }

  @Test(arguments: StoreKind.allCases)
  func fiftyConcurrentPostsAllLandExactlyOnce(_ kind: StoreKind) throws {
    let store = try kind.freshStore().store
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    DispatchQueue.concurrentPerform(iterations: 100) { index in
      // Every token is posted twice (a double click): 50 matches, not 100.
      _ = try? store.saveMatch(
        MatchRecord(
          homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: index % 50 % 10,
          awayGoals: 0,
          token: "post-\(index % 50)"))
    }
    #expect(try store.allMatches().count == 50)
  }

  @Test(arguments: StoreKind.allCases)
  func demoDataSeedsOnlyAnEmptyDatabase(_ kind: StoreKind) throws {
    let store = try kind.freshStore().store
    try store.seed(.demo)
    try store.seed(.demo)
    #expect(try store.players().count == 6)
    #expect(try store.allMatches().count == 8)
  }

  /// What `migrate-data` relies on: a league read from one store loads into an empty one of any
  /// kind with its ids, dates, sides and tokens, and gives the same standings; a store that holds
  /// a league takes nothing.
  @Test(arguments: StoreKind.persistent, StoreKind.persistent)
  func aSnapshotLoadsIntoAnEmptyStoreUnchanged(_ from: StoreKind, _ to: StoreKind) throws {
    let source = try from.freshStore().store
    try source.seed(.benchmark(players: 8, matches: 40))
    let players = try source.players()
    let posted = try source.saveMatch(
      MatchRecord(
        homePlayerIDs: [players[0].id, players[1].id], awayPlayerIDs: [players[2].id],
        homeGoals: 3, awayGoals: 2, token: "form-1"))
    let snapshot = try source.snapshot()
    #expect(snapshot.players.count == 8)
    #expect(snapshot.matches.count == 41)
    let row = try #require(snapshot.matches.first { $0.id == posted })
    #expect(row.token == "form-1")
    #expect(Set(row.homePlayerIDs) == [players[0].id, players[1].id])
    #expect(row.awayPlayerIDs == [players[2].id])

    let (target, reopen) = try to.freshStore()
    #expect(try target.load(snapshot))
    let reopened = try reopen()
    #expect(try reopened.snapshot() == snapshot)
    #expect(try reopened.allMatches() == (try source.allMatches()))
    #expect(try reopened.rankings() == (try source.rankings()))
    // The form posted again after the move records nothing new.
    let again = try reopened.saveMatch(
      MatchRecord(
        homePlayerIDs: [players[0].id], awayPlayerIDs: [players[2].id], homeGoals: 0,
        awayGoals: 0, token: "form-1"))
    #expect(again == posted)
    // A store holding a league takes no other.
    let other = try from.freshStore().store
    try other.seed(.benchmark(players: 5, matches: 3))
    #expect(try !reopened.load(try other.snapshot()))
    #expect(try reopened.snapshot() == snapshot)
  }

  /// The page is picked by the store's query: newest first, ties broken by id the same way on
  /// every store (so a page boundary never repeats or skips a match), the count of all matches
  /// with every page, and nothing but the count past the end.
  @Test(arguments: StoreKind.allCases)
  func matchesArePagedNewestFirstWithTheirCount(_ kind: StoreKind) throws {
    let store = try kind.freshStore().store
    let players = [Player(name: "Ann"), Player(name: "Ben"), Player(name: "Cat")]
    // Three matches share each date, to show the order among equal dates.
    let rows = (0..<120).map { index in
      LeagueSnapshot.MatchRow(
        id: UUID(), homeGoals: index % 10, awayGoals: 1,
        createdAt: 1_700_000_000 + Double(index / 3), token: nil,
        homePlayerIDs: [players[0].id, players[index % 2 + 1].id],
        awayPlayerIDs: [players[2 - index % 2].id])
    }
    #expect(try store.load(LeagueSnapshot(players: players, matches: rows)))
    let expected = rows.sorted { left, right in
      left.createdAt != right.createdAt
        ? left.createdAt > right.createdAt : left.id.lowercasedText < right.id.lowercasedText
    }.map(\.id)

    var read: [Match] = []
    for offset in [0, 50, 100] {
      let page = try store.matches(limit: 50, offset: offset)
      #expect(page.totalCount == 120)
      #expect(page.matches.count == (offset == 100 ? 20 : 50))
      read += page.matches
    }
    #expect(read.map(\.id) == expected)
    // Each match of a page comes with its own players and goals.
    let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    for match in read {
      let row = try #require(byID[match.id])
      #expect(Set(match.homePlayers.map(\.id)) == Set(row.homePlayerIDs))
      #expect(match.awayPlayers.map(\.id) == row.awayPlayerIDs)
      #expect(match.homeGoals == row.homeGoals)
    }
    #expect(try store.matches(limit: 50, offset: 120) == MatchPage(matches: [], totalCount: 120))
    #expect(try store.matches(limit: 50, offset: .max) == MatchPage(matches: [], totalCount: 120))
    #expect(try store.matches(limit: 0, offset: 0) == MatchPage(matches: [], totalCount: 120))
  }
}
