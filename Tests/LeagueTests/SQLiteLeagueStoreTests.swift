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
    let kept = KeptRead<Int, Int>()
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

  @Test func keptReadsAreByKeyAndAtMostCapacity() throws {
    let kept = KeptRead<String, Int>(capacity: 2)
    var reads: [String] = []
    func read(_ key: String, _ value: Int) throws -> Int {
      try kept.value(for: key) {
        reads.append(key)
        return value
      }
    }
    #expect(try read("a", 1) == 1)
    #expect(try read("b", 2) == 2)
    #expect(try read("a", 10) == 1)
    #expect(try read("b", 20) == 2)
    // A third key starts the keeping over: "a" is read again.
    #expect(try read("c", 3) == 3)
    #expect(try read("a", 11) == 11)
    #expect(try read("c", 30) == 3)
    kept.forget()
    #expect(try read("c", 31) == 31)
    #expect(reads == ["a", "b", "c", "a", "c"])
  }

  /// A page of matches holds what the whole league, read another way (the snapshot), says it
  /// holds, at three sizes of the table: the newest first (ties by id), each side's players by
  /// name, the count of all of them; and a page past the end holds none.
  @Test(arguments: [120, 1_000, 10_000])
  func pagesHoldTheLeaguesMatchesAtEverySize(count: Int) throws {
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    try store.seed(.benchmark(players: 12, matches: count))
    let snapshot = try store.snapshot()
    let names = Dictionary(uniqueKeysWithValues: snapshot.players.map { ($0.id, $0.name) })
    let side = { (ids: [UUID]) in
      ids.compactMap { names[$0] }.sorted { $0.lowercased() < $1.lowercased() }
    }
    let expected = snapshot.matches.sorted { left, right in
      left.createdAt != right.createdAt
        ? left.createdAt > right.createdAt : left.id.lowercasedText < right.id.lowercasedText
    }.map {
      "\($0.id) \(side($0.homePlayerIDs)) \($0.homeGoals):\($0.awayGoals) \(side($0.awayPlayerIDs))"
    }
    #expect(expected.count == count)
    let lastOffset = (count - 1) / 50 * 50
    for offset in [0, 50, lastOffset, count] {
      let page = try store.matches(limit: 50, offset: offset)
      #expect(page.totalCount == count)
      #expect(
        page.matches.map {
          "\($0.id) \($0.homePlayers.map(\.name)) \($0.homeGoals):\($0.awayGoals) \($0.awayPlayers.map(\.name))"
        } == Array(expected[offset..<min(offset + 50, count)]))
    }
  }

  @Test func aKeptPageIsReadAgainAfterEachCommit() throws {
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    let ann = try store.addPlayer(name: "Ann")
    let ben = try store.addPlayer(name: "Ben")
    let first = try store.saveMatch(
      MatchRecord(homePlayerIDs: [ann.id], awayPlayerIDs: [ben.id], homeGoals: 1, awayGoals: 0))
    #expect(try store.matches(limit: 50, offset: 0).matches.map(\.id) == [first])
    // A player added after the page was kept plays the next match: the page and the names are
    // read again.
    let cat = try store.addPlayer(name: "cat")
    let second = try store.saveMatch(
      MatchRecord(
        homePlayerIDs: [cat.id, ben.id], awayPlayerIDs: [ann.id], homeGoals: 2, awayGoals: 2))
    let page = try store.matches(limit: 50, offset: 0)
    #expect(page.matches.map(\.id) == [second, first] && page.totalCount == 2)
    #expect(page.matches[0].homePlayers.map(\.name) == ["Ben", "cat"])
    #expect(try store.players().map(\.name) == ["Ann", "Ben", "cat"])
    #expect(try store.deleteMatch(id: second))
    #expect(try store.matches(limit: 50, offset: 0).matches.map(\.id) == [first])
    #expect(try store.match(id: first)?.awayPlayers == [ben])
  }

  @Test func aDamagedMatchIdThrowsInsteadOfTrapping() throws {
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    try store.database.pool.write { db in
      try db.execute(
        sql:
          "INSERT INTO match (id, homeGoals, awayGoals, createdAt) VALUES ('not-a-uuid', 1, 0, 0)")
    }
    #expect(throws: MalformedID(text: "not-a-uuid")) { try store.matches(limit: 50, offset: 0) }
  }

  /// What the store can say without reading: nothing until it has read the players, then the
  /// players and whether a name is taken, ignoring case, until its next commit.
  @Test func thePlayersAndTheirNamesAreKeptOnlyOnceReadAndUntilTheNextCommit() throws {
    let store = SQLiteLeagueStore(database: try migratedDatabase(at: path))
    let ann = try store.addPlayer(name: "Ann")
    #expect(store.keptPlayers() == nil && store.keptPlayerNameTaken("ann") == nil)
    #expect(try store.players() == [ann])
    #expect(store.keptPlayers() == [ann])
    #expect(store.keptPlayerNameTaken("aNN") == true)
    #expect(store.keptPlayerNameTaken("Ben") == false)
    _ = try store.addPlayer(name: "Ben")
    #expect(store.keptPlayers() == nil && store.keptPlayerNameTaken("Ben") == nil)
    #expect(try store.playerNameTaken("BEN"))
  }
}
