import Dispatch
import Foundation
import League
import Testing

@Suite struct SQLiteLeagueStoreTests {
  let path = NSTemporaryDirectory() + "mvvmweb-league-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"

  @Test func playersMatchesAndCascadesOnARealFile() throws {
    let store = try SQLiteLeagueStore(path: path)
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "ANN") }
    let match = try store.saveMatch(
      MatchRecord(
        homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 2, awayGoals: 1, token: "x"))
    #expect(match.homePlayers == [ann])
    #expect(match.awayPlayers == [ben])
    let again = try store.saveMatch(
      MatchRecord(
        homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 2, awayGoals: 1, token: "x"))
    #expect(again.id == match.id)
    #expect(throws: LeagueStoreError.unknownPlayer) {
      try store.saveMatch(
        MatchRecord(homePlayerIDs: [UUID()], awayPlayerIDs: [ben.id], homeGoals: 0, awayGoals: 0))
    }
    var edited = MatchRecord(
      id: match.id, homePlayerIDs: [ben.id], awayPlayerIDs: [ann.id], homeGoals: 0, awayGoals: 5)
    #expect(try store.saveMatch(edited).awayGoals == 5)
    edited.id = UUID()
    #expect(throws: LeagueStoreError.matchNotFound) { try store.saveMatch(edited) }

    let reopened = try SQLiteLeagueStore(path: path)
    #expect(try reopened.matches().count == 1)
    #expect(try reopened.rankings().map(\.player.name) == ["Ann", "Ben"])
    #expect(try reopened.deleteMatch(id: match.id))
    #expect(try !reopened.deleteMatch(id: match.id))
    #expect(try reopened.matches().isEmpty)
  }

  @Test func rankingsInSQLMatchTheInMemoryComputation() throws {
    let sqlite = try SQLiteLeagueStore(path: path)
    try sqlite.seedBenchmarkData(players: 12, matches: 300)
    let memory = InMemoryLeagueStore()
    var ids: [UUID: UUID] = [:]
    // Edits and deletes must take back what the standings triggers gave.
    let matches = try sqlite.matches()
    for match in matches.prefix(20) {
      _ = try sqlite.saveMatch(
        MatchRecord(
          id: match.id, homePlayerIDs: match.awayPlayers.map(\.id),
          awayPlayerIDs: match.homePlayers.map(\.id),
          homeGoals: (match.homeGoals + 2) % 6, awayGoals: match.awayGoals))
    }
    for match in matches.suffix(30) { #expect(try sqlite.deleteMatch(id: match.id)) }
    for player in try sqlite.players() {
      ids[player.id] = try memory.addPlayer(name: player.name).id
    }
    for match in try sqlite.matches() {
      _ = try memory.saveMatch(
        MatchRecord(
          homePlayerIDs: match.homePlayers.map { ids[$0.id]! },
          awayPlayerIDs: match.awayPlayers.map { ids[$0.id]! },
          homeGoals: match.homeGoals, awayGoals: match.awayGoals))
    }
    let fromSQL = try sqlite.rankings().map { "\($0.player.name) \($0.matchesPlayed) \($0.points)" }
    let fromMemory = try memory.rankings().map {
      "\($0.player.name) \($0.matchesPlayed) \($0.points)"
    }
    #expect(fromSQL == fromMemory)
    #expect(fromSQL.count == 12)
  }

  @Test func fiftyConcurrentPostsAllLandExactlyOnce() throws {
    let store = try SQLiteLeagueStore(path: path)
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
    #expect(try store.matches().count == 50)
  }

  @Test func demoDataSeedsOnlyAnEmptyDatabase() throws {
    let store = try SQLiteLeagueStore(path: path)
    try store.seedDemoData()
    try store.seedDemoData()
    #expect(try store.players().count == 6)
    #expect(try store.matches().count == 8)
  }
}
