import Fortunes
import Foundation
import GRDB
import League
import TestSupport
import Testing

@testable import WebApp

/// The SQLite file's one migrator: every feature's migrations under the identifiers files
/// already record, so a file made when each store ran its own migrator opens and is brought up
/// to date, and a second start changes nothing.
@Suite struct SQLiteMigrationTests {
  static let identifiers = [
    "fortunes-1-table-and-rows", "league-1-players-and-matches", "league-2-standings",
    "league-3-lowercase-ids", "league-4-one-name-rule", "memories-1-items",
  ]

  @Test func aFileMigratedFeatureByFeatureOpensAndIsBroughtUpToDate() throws {
    let path = NSTemporaryDirectory() + "mvvmweb-old-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let player = UUID()
    do {
      // As older versions left it: each feature's own migrator, the league one step behind.
      let queue = try DatabaseQueue(path: path)
      var fortunes = DatabaseMigrator()
      SQLiteFortuneStore.registerMigrations(in: &fortunes)
      try fortunes.migrate(queue)
      var league = DatabaseMigrator()
      SQLiteLeagueStore.registerMigrations(in: &league)
      try league.migrate(queue, upTo: "league-2-standings")
      try queue.write { db in
        try db.execute(
          sql: "INSERT INTO player (id, name, nameKey) VALUES (?, 'Ann', 'ann')",
          arguments: [player.uuidString])
      }
    }
    for _ in 1...2 {
      // Each start opens the file's one pool and lets it go before the next.
      let stores = try AppStores(sqlite: path)
      #expect(try stores.league.players() == [Player(id: player, name: "Ann")])
      #expect(try stores.fortunes.fortunes().count == 12)
      #expect(try stores.memories.itemCount() == 0)
    }
    let applied = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
    }
    #expect(applied == Self.identifiers)
  }

  /// A league whose old lowercase keys told apart two names that the stores' one rule makes one
  /// (`Straße`, `STRASSE`) opens with both players, and the start says which, once per pair.
  @Test func playersSharingANameUnderTheRuleAreReportedAtStart() throws {
    let path = NSTemporaryDirectory() + "mvvmweb-old-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let ids = [UUID(), UUID()]
    do {
      let queue = try DatabaseQueue(path: path)
      var league = DatabaseMigrator()
      SQLiteLeagueStore.registerMigrations(in: &league)
      try league.migrate(queue, upTo: "league-3-lowercase-ids")
      try queue.write { db in
        for (id, name) in zip(ids, ["Straße", "STRASSE"]) {
          try db.execute(
            sql: "INSERT INTO player (id, name, nameKey) VALUES (?, ?, ?)",
            arguments: [id.lowercasedText, name, name.lowercased()])
        }
      }
    }
    let stores = try AppStores(sqlite: path)
    #expect(try stores.league.players().count == 2)
    let log = CapturedLog()
    try Demo.reportSharedNames(stores.league, to: log.logger())
    // In the order the store lists them.
    let names = try stores.league.players().map { "\"\($0.name)\" (\($0.id.lowercasedText))" }
    #expect(Set(try stores.league.players().map(\.id)) == Set(ids))
    #expect(log.all.count == 1)
    #expect(
      log.all.first?.hasSuffix(
        " warning league: the players \(names.joined(separator: ", ")) have one name under the rule names are "
          + "compared by (Unicode canonical equivalence, case folded); both are kept, and new "
          + "players cannot take it: rename one to tell them apart\n") == true, "\(log.all)")
  }
}
