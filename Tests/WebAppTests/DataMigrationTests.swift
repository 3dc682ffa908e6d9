import Foundation
import League
import MVVMWeb
import Memories
import TestSupport
import Testing

@testable import WebApp

/// `migrate-data` from a SQLite file into PostgreSQL: everything arrives once, a second run
/// changes nothing, and a database holding another league is refused with nothing written.
@Suite(.timeLimit(.minutes(2))) struct DataMigrationTests {
  /// A SQLite file with the demo league, one match posted through a form and the demo memories.
  private func sqliteSite() throws -> (stores: AppStores, posted: UUID) {
    let path = NSTemporaryDirectory() + "mvvmweb-move-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"
    let stores = try AppStores(sqlite: path)
    try stores.league.seed(.demo)
    let players = try stores.league.players()
    let posted = try stores.league.saveMatch(
      MatchRecord(
        homePlayerIDs: [players[0].id], awayPlayerIDs: [players[1].id], homeGoals: 1,
        awayGoals: 0, token: "before-the-move"))
    try stores.memories.save(DemoMemories.items())
    return (stores, posted)
  }

  private func emptyPostgres() throws -> AppStores {
    try AppStores(postgres: try PostgresTestServer.shared.get().freshDatabase(), poolSize: 2)
  }

  @Test func theLeagueAndTheMemoriesMoveOnceAndASecondRunChangesNothing() throws {
    let (source, posted) = try sqliteSite()
    let target = try emptyPostgres()
    let memories = DemoMemories.items().count

    let summary = try DataMigration.copy(from: source, to: target)
    #expect(
      summary
        == .init(players: 6, matches: 9, memories: memories, leagueWasThere: false))
    #expect(try target.league.snapshot() == (try source.league.snapshot()))
    #expect(try target.league.rankings() == (try source.league.rankings()))
    #expect(try target.memories.itemCount() == memories)
    let day = try #require(IssueKey(year: 2026, month: 3, day: 9))
    let issue = try target.memories.issue(for: day)
    #expect(issue.albums.count == 3)
    #expect(issue == (try source.memories.issue(for: day)))

    let again = try DataMigration.copy(from: source, to: target)
    #expect(again == .init(players: 6, matches: 9, memories: memories, leagueWasThere: true))
    #expect(try target.league.matches(limit: 0, offset: 0).totalCount == 9)
    #expect(try target.memories.itemCount() == memories)
    // A form opened before the move and posted after it records nothing new.
    let players = try target.league.players()
    let resent = try target.league.saveMatch(
      MatchRecord(
        homePlayerIDs: [players[0].id], awayPlayerIDs: [players[1].id], homeGoals: 1,
        awayGoals: 0, token: "before-the-move"))
    #expect(resent == posted)
  }

  @Test func aDatabaseWithAnotherLeagueIsRefusedAndKeepsIt() throws {
    let (source, _) = try sqliteSite()
    let target = try emptyPostgres()
    try target.league.seed(.benchmark(players: 5, matches: 3))
    let before = try target.league.snapshot()

    let refusal = #expect(throws: DataMigration.TargetNotEmpty.self) {
      try DataMigration.copy(from: source, to: target)
    }
    #expect(refusal?.players == 5)
    #expect(refusal?.matches == 3)
    #expect(try target.league.snapshot() == before)
    #expect(try target.memories.itemCount() == 0)
  }

  @Test func aMemoryThatDoesNotArriveFailsTheMove() throws {
    let memories = InMemoryMemoriesStore()
    try memories.save(DemoMemories.items())
    let source = AppStores(
      league: InMemoryLeagueStore(), memories: LosingOneRecord(base: memories))
    let target = try emptyPostgres()

    let failure = #expect(throws: DataMigration.MemoriesNotCopied.self) {
      try DataMigration.copy(from: source, to: target)
    }
    let stored = DemoMemories.items().count
    #expect(failure?.stored == stored)
    #expect(failure?.copied == stored - 1)
  }
}

/// Memories whose first stored record no longer reads, as a damaged row would.
private struct LosingOneRecord: MemoriesStore {
  let base: InMemoryMemoriesStore

  func save(_ items: [UserContent]) throws { try base.save(items) }
  func issue(for key: IssueKey) throws -> Memories.Issue { try base.issue(for: key) }
  func itemCount() throws -> Int { try base.itemCount() }
  func allItems() throws -> [UserContent] { Array(try base.allItems().dropFirst()) }
}
