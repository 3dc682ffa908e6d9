import Foundation
import GRDB
import MVVMWebPostgres
import MVVMWebSQLite
import TestSupport
import Testing

@testable import League

/// One rule for "the same name", in the form and in every store: Unicode canonical equivalence
/// and full case folding (`PlayerName.key`). A league from before it, whose keys were lowercase
/// only, is brought under it by a migration that keeps every player and finds those it makes
/// one name.
@Suite struct PlayerNameRuleTests {
  /// Spellings of the names of `seeded` that are the same names to a person.
  static let seeded = ["Chloé", "Straße", "Σίσυφος"]
  static let same = [
    "Chloe\u{301}", "CHLOÉ", "chloe\u{301}", "STRASSE", "strasse", "STRAẞE", "ΣΊΣΥΦΟΣ", "σίσυφοσ",
  ]

  @Test func theKeyIsCanonicalAndCaseFolded() {
    #expect(PlayerName.key("Chloé") == PlayerName.key("Chloe\u{301}"))
    #expect(PlayerName.key("Straße") == PlayerName.key("STRASSE"))
    #expect(PlayerName.key("ẞ") == PlayerName.key("ss"))
    #expect(PlayerName.key("Chloé") != PlayerName.key("Chloe"))
    #expect(PlayerName.key("İstanbul") != PlayerName.key("Istanbul"))  // No locale's rules.
  }

  /// An ASCII name's key is made without Foundation: it must be the key Foundation's passes
  /// give, for every ASCII character, alone and among others.
  @Test func anASCIIKeyIsTheUnicodeKey() {
    let unicodeKey = { (name: String) in
      name.decomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
        .decomposedStringWithCanonicalMapping
    }
    let every = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    for name in every + [every.joined(), "Ada Lovelace", "KELVIN k", "O'Brien-Smith 3rd", ""] {
      #expect(PlayerName.key(name) == unicodeKey(name), "\(Array(name.utf8))")
    }
    #expect(PlayerName.key("Ada LOVELACE") == "ada lovelace")
    #expect(PlayerName.key("Ada Lovelacé") == unicodeKey("Ada Lovelacé"))
  }

  @Test(arguments: StoreKind.allCases)
  func oneNameIsOneNameInEveryStore(_ kind: StoreKind) throws {
    let store = try kind.freshStore().store
    for name in Self.seeded { _ = try store.addPlayer(name: name) }
    for name in Self.same {
      #expect(try store.playerNameTaken(name), "\(name)")
      #expect(throws: LeagueStoreError.nameTaken, "\(name)") { try store.addPlayer(name: name) }
    }
    #expect(try !store.playerNameTaken("Chloe"))
    _ = try store.addPlayer(name: "Chloe")  // Without its accent, another name.
    #expect(try store.players().count == 4)
    #expect(try store.playersSharingNames().isEmpty)
  }

  /// Names that the old lowercase keys told apart, each a pair the rule makes one.
  static let oldPairs = [("Straße", "STRASSE"), ("Chloé", "Chloe\u{301}")]

  /// Both of each pair stay, found and reported; the name is taken for a new player.
  func expectMigrated(_ store: any LeagueStore) throws {
    #expect(try store.players().count == 5)
    let groups = try store.playersSharingNames().map { Set($0.map(\.name)) }
    #expect(Set(groups) == Set(Self.oldPairs.map { Set([$0.0, $0.1]) }))
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "strasse") }
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "CHLOÉ") }
    #expect(throws: LeagueStoreError.nameTaken) { try store.addPlayer(name: "ann") }
    _ = try store.addPlayer(name: "Ben")
  }

  @Test func aSQLiteLeagueFromBeforeTheRuleKeepsEveryPlayer() throws {
    let path =
      NSTemporaryDirectory() + "mvvmweb-names-\(UUID().uuidString.prefix(8))/mvvmweb.sqlite"
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    do {
      let queue = try DatabaseQueue(path: path)
      try leagueMigrator().migrate(queue, upTo: "league-3-lowercase-ids")
      try queue.write { db in
        for name in ["Ann"] + Self.oldPairs.flatMap({ [$0.0, $0.1] }) {
          try db.execute(
            sql: "INSERT INTO player (id, name, nameKey) VALUES (?, ?, ?)",
            arguments: [UUID().lowercasedText, name, name.lowercased()])
        }
      }
    }
    try expectMigrated(SQLiteLeagueStore(database: try migratedDatabase(at: path)))
  }

  @Test func aPostgresLeagueFromBeforeTheRuleKeepsEveryPlayer() throws {
    let url = try PostgresTestServer.shared.get().freshDatabase()
    _ = try PostgresLeagueStore(pool: PostgresPool(url: url, size: 2))
    // As the first version left it: lowercase keys, and the rule's migration not yet applied.
    let connection = try PostgresConnection(url: url)
    for name in ["Ann"] + Self.oldPairs.flatMap({ [$0.0, $0.1] }) {
      try connection.query(
        "INSERT INTO player (id, name, name_key) VALUES ($1, $2, $3)",
        [UUID().lowercasedText, name, name.lowercased()])
    }
    try connection.query("DELETE FROM mvvmweb_migrations WHERE name = 'league-2-one-name-rule'")
    try expectMigrated(PostgresLeagueStore(pool: PostgresPool(url: url, size: 2)))
  }
}
