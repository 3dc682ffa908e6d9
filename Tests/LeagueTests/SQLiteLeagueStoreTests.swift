import Dispatch
import Foundation
import GRDB
import MVVMWebViewModels
import Synchronization
import Testing

@testable import League

@Suite struct SQLiteLeagueStoreTests {
  let path = NSTemporaryDirectory() + "mvvmweb-league-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"

  @Test func eachCommittedWriteIsPublishedOnceAndNothingElseIs() throws {
    let changes = ChangeFeed()
    let published = Mutex<[String]>([])
    changes.observe { topic in published.withLock { $0.append(topic.name) } }
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path), changes: changes)
    let count = { published.withLock { $0.count } }
    #expect(count() == 0)  // Opening is not a change.
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    #expect(count() == 2)
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "ann") }
    #expect(count() == 2)  // Refused and rolled back.
    // A match is several rows and trigger updates: one transaction, one change.
    let id = try store.saveMatch(
      MatchRecord(homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 1, awayGoals: 0))
    #expect(count() == 3)
    _ = try store.rankings()
    _ = try store.allMatches()
    #expect(try store.deleteMatch(id: UUID()) == false)  // Nothing written.
    #expect(count() == 3)
    // Another feature's tables in the same file are not the league.
    try store.database.pool.write { db in try db.execute(sql: "CREATE TABLE other (x INTEGER)") }
    try store.database.pool.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
    #expect(count() == 3)
    #expect(try store.deleteMatch(id: id))
    #expect(published.withLock { $0 } == ["league", "league", "league", "league"])
  }

  @Test func aDamagedIdInTheFileThrowsInsteadOfTrapping() throws {
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    _ = try store.addPlayer(name: "Ann")
    try store.database.pool.write { db in try db.execute(sql: "UPDATE player SET id = 'not-a-uuid'")
    }
    #expect(throws: MalformedID(text: "not-a-uuid")) { try store.rankings() }
  }

  @Test func idsAreLowercaseUUIDTextInTheFileEvenFromAnOlderOne() throws {
    // A file from before the id migration, with the uppercase ids it used to write.
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let ann = UUID()
    let ben = UUID()
    let old = UUID()
    do {
      let queue = try DatabaseQueue(path: path)
      try leagueMigrator().migrate(queue, upTo: "league-2-standings")
      try queue.write { db in
        for (id, name) in [(ann, "Ann"), (ben, "Ben")] {
          try db.execute(
            sql: "INSERT INTO player (id, name, nameKey) VALUES (?, ?, ?)",
            arguments: [id.uuidString, name, name.lowercased()])
        }
        try db.execute(
          sql: "INSERT INTO match (id, homeGoals, awayGoals, createdAt) VALUES (?, 2, 1, 0)",
          arguments: [old.uuidString])
        for (player, side) in [(ann, "home"), (ben, "away")] {
          try db.execute(
            sql: "INSERT INTO matchPlayer (matchId, playerId, side) VALUES (?, ?, ?)",
            arguments: [old.uuidString, player.uuidString, side])
        }
      }
    }
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    let matchID = try store.saveMatch(
      MatchRecord(homePlayerIDs: [ann], awayPlayerIDs: [ben], homeGoals: 1, awayGoals: 0))
    let texts = try store.database.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT id FROM player UNION ALL SELECT id FROM match
          UNION ALL SELECT matchId FROM matchPlayer UNION ALL SELECT playerId FROM matchPlayer
          """)
    }
    #expect(texts.count == 12)  // 2 players, 2 matches, 4 sides (match and player ids each)
    #expect(texts.allSatisfy { $0 == $0.lowercased() && UUID(uuidString: $0) != nil })
    #expect(texts.contains(matchID.lowercasedText) && texts.contains(old.lowercasedText))
    #expect(try store.match(id: old)?.homePlayers.map(\.name) == ["Ann"])
    #expect(try store.rankings().map(\.matchesPlayed) == [2, 2])
  }

  @Test func theStandingsAreReadOncePerCommittedChange() throws {
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let table = {
      try store.rankings().map { "\($0.player.name) \($0.matchesPlayed) \($0.points)" }
    }
    #expect(try table() == ["Ann 0 0", "Ben 0 0"])
    // Another process's write (a connection of its own) is not heard of, which shows the
    // standings were kept.
    let other = try DatabaseQueue(path: path)
    try other.write { db in try db.execute(sql: "UPDATE player SET points = 1 WHERE name = 'Ben'") }
    #expect(try table() == ["Ann 0 0", "Ben 0 0"])
    // The store's own commit drops them: the next read sees both writes.
    _ = try store.saveMatch(
      MatchRecord(homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 1, awayGoals: 0))
    #expect(try table() == ["Ann 1 3", "Ben 1 1"])
    // A write rolled back changes nothing and keeps them.
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "ben") }
    try other.write { db in try db.execute(sql: "UPDATE player SET points = 0") }
    #expect(try table() == ["Ann 1 3", "Ben 1 1"])
    #expect(try store.deleteMatch(id: UUID()) == false)
    #expect(try table() == ["Ann 1 3", "Ben 1 1"])
  }

  @Test func aReadThatOverlapsACommitIsReturnedButNotKept() throws {
    let kept = KeptRead<Int>()
    var reads = 0
    #expect(
      try kept.value {
        reads += 1; kept.forget(); return 1
      } == 1)
    #expect(
      try kept.value {
        reads += 1; return 2
      } == 2)
    #expect(
      try kept.value {
        reads += 1; return 3
      } == 2)
    kept.forget()
    #expect(
      try kept.value {
        reads += 1; return 4
      } == 4)
    #expect(reads == 3)
  }
}
