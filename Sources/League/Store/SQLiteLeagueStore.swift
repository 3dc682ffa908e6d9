import Foundation
import GRDB
import MVVMWebSQLite
import MVVMWebViewModels

/// The league in a SQLite file through GRDB, in WAL mode (`SQLiteDatabase`), so pages read while
/// a match is written. Every write is one transaction; with WAL and `synchronous=NORMAL` a
/// committed write survives the process being killed (`kill -9`), and only a power cut may lose
/// the last few commits, the trade SQLite recommends for WAL.
public final class SQLiteLeagueStore: LeagueStore {
  /// The app's database file, which its other SQLite stores share.
  let database: SQLiteDatabase
  /// What the pages read, kept until the next committed league write (`LeagueChangeObserver`
  /// drops them all): the standings, the players in name order, the number of matches (SQLite
  /// counts a table by walking it) and the pages of matches, by place.
  private let standings = KeptRead<Int, [Ranking]>()
  private let roster = KeptRead<Int, Roster>()
  private let matchCount = KeptRead<Int, Int>()
  private let pages = KeptRead<MatchPageKey, MatchPage>(capacity: 16)

  /// The league in `database`, the app's one database file (one GRDB pool per file, GRDB's
  /// rule), already migrated with the league's migrations (`registerMigrations(in:)`)
  /// by the file's one migrator. Every committed write to the league is published on `changes`
  /// as `.league`.
  public init(database: SQLiteDatabase, changes: ChangeFeed = ChangeFeed()) {
    self.database = database
    database.pool.add(
      transactionObserver: LeagueChangeObserver(feed: changes) {
        [standings, roster, matchCount, pages] in
        standings.forget()
        roster.forget()
        matchCount.forget()
        pages.forget()
      },
      extent: .databaseLifetime)
  }

  /// Adds the league's migrations to the one migrator of the database file the app's features
  /// share. Their identifiers ("league-") are what files already record as applied: never rename
  /// one, only add new ones after them.
  public static func registerMigrations(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("league-1-players-and-matches") { db in
      try db.execute(
        sql: """
          CREATE TABLE player (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            nameKey TEXT NOT NULL UNIQUE
          );
          CREATE TABLE match (
            id TEXT PRIMARY KEY NOT NULL,
            homeGoals INTEGER NOT NULL CHECK (homeGoals BETWEEN 0 AND 99),
            awayGoals INTEGER NOT NULL CHECK (awayGoals BETWEEN 0 AND 99),
            createdAt REAL NOT NULL,
            token TEXT UNIQUE
          );
          CREATE INDEX match_createdAt ON match(createdAt);
          CREATE TABLE matchPlayer (
            matchId TEXT NOT NULL REFERENCES match(id) ON DELETE CASCADE,
            playerId TEXT NOT NULL REFERENCES player(id) ON DELETE CASCADE,
            side TEXT NOT NULL CHECK (side IN ('home', 'away')),
            PRIMARY KEY (matchId, playerId)
          );
          CREATE INDEX matchPlayer_playerId ON matchPlayer(playerId);
          """)
    }
    migrator.registerMigration("league-2-standings") { db in
      // Each player's matches and points, kept up to date by triggers in the same transaction as
      // every write, so /rankings reads 100 rows instead of aggregating 10,000 matches.
      let points = { (row: String) in
        """
        (SELECT CASE
          WHEN m.homeGoals = m.awayGoals THEN 1
          WHEN (\(row).side = 'home') = (m.homeGoals > m.awayGoals) THEN 3
          ELSE 0 END
        FROM match m WHERE m.id = \(row).matchId)
        """
      }
      try db.execute(
        sql: """
          ALTER TABLE player ADD COLUMN played INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE player ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
          CREATE TRIGGER matchPlayer_added AFTER INSERT ON matchPlayer BEGIN
            UPDATE player SET played = played + 1, points = points + \(points("NEW")) WHERE id = NEW.playerId;
          END;
          CREATE TRIGGER matchPlayer_removed AFTER DELETE ON matchPlayer BEGIN
            UPDATE player SET played = played - 1, points = points - \(points("OLD")) WHERE id = OLD.playerId;
          END;
          UPDATE player SET
            played = (SELECT COUNT(*) FROM matchPlayer mp WHERE mp.playerId = player.id),
            points = COALESCE((SELECT SUM(\(points("mp"))) FROM matchPlayer mp WHERE mp.playerId = player.id), 0);
          """)
    }
    migrator.registerMigration("league-3-lowercase-ids") { db in
      // One id format everywhere, the one pages and forms use: lowercase UUID text. Foreign keys
      // are checked when the migration ends, once all three tables agree again.
      try db.execute(
        sql: """
          UPDATE player SET id = lower(id);
          UPDATE match SET id = lower(id);
          UPDATE matchPlayer SET matchId = lower(matchId), playerId = lower(playerId);
          """)
    }
    migrator.registerMigration("league-4-one-name-rule") { db in
      // Name keys by the rule every store keeps (`PlayerName.key`: canonical equivalence and
      // case folding), where they were lowercase only. Names the old keys told apart and the
      // rule does not (a decomposed "Chloé" beside a composed one, "Straße" beside "STRASSE")
      // all stay, the later ones under keys of their own; the app reports them at start.
      let players = try Row.fetchAll(db, sql: "SELECT id, name FROM player ORDER BY nameKey, id")
        .map { row in (id: row[0] as String, name: row[1] as String) }
      // Every key moved aside first: a new key may be another row's old one.
      try db.execute(sql: "UPDATE player SET nameKey = char(31) || id")
      for (player, key) in zip(players, PlayerName.storedKeys(players)) {
        try db.execute(
          sql: "UPDATE player SET nameKey = ? WHERE id = ?", arguments: [key, player.id])
      }
    }
  }

  /// Kept between writes: every match form and every input event of one reads the players.
  public func players() throws -> [Player] {
    try keptRoster().players
  }

  public func keptPlayers() -> [Player]? {
    roster.kept?.players
  }

  public func keptPlayerNameTaken(_ name: String) -> Bool? {
    roster.kept.map { $0.nameKeys.contains(PlayerName.key(name)) }
  }

  private func keptRoster() throws -> Roster {
    // One statement, so `unsafeRead` (as every one-statement read here): SQLite runs it in a
    // read transaction of its own, and GRDB's `BEGIN`/`COMMIT` around it, parsed anew each
    // time, cost as much as the query.
    try roster.value { try database.unsafeRead(Self.readRoster) }
  }

  /// The players in name order with their name keys, read in place.
  private static func readRoster(_ db: Database) throws -> Roster {
    var players: [Player] = []
    var nameKeys: Set<String> = []
    try db.cachedStatement(sql: "SELECT id, name, nameKey FROM player ORDER BY nameKey")
      .forEachRow {
        players.append(Player(id: try $0.id(at: 0), name: try $0.string(at: 1)))
        nameKeys.insert(try $0.string(at: 2))
      }
    return Roster(players: players, nameKeys: nameKeys)
  }

  public func addPlayer(name: String) throws -> Player {
    try PlayerName.check(name)
    let player = Player(name: name)
    do {
      try database.pool.write { db in try PlayerRecord(player).insert(db) }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      throw LeagueStoreError.nameTaken
    }
    return player
  }

  /// From the kept roster's name keys (the keys of the unique index `addPlayer` is refused by):
  /// the player form asks at every input event, and once kept, the next events are answered
  /// without a store thread (`keptPlayerNameTaken`).
  public func playerNameTaken(_ name: String) throws -> Bool {
    try keptRoster().nameKeys.contains(PlayerName.key(name))
  }

  /// Kept between writes, by place. Read in one transaction when it is not kept: the page's
  /// matches are picked by the `match_createdAt` index, and only they are joined with their
  /// players; the count is kept apart (counting walks the table, however many matches a page
  /// shows), so a count read after the last commit may stand beside a page read after a commit
  /// whose news is on its way: both are dropped when it arrives.
  public func matches(limit: Int, offset: Int) throws -> MatchPage {
    let place = MatchPageKey(limit: max(0, limit), offset: max(0, offset))
    return try pages.value(for: place) {
      try database.read { db in
        let count = try matchCount.value {
          try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM match")) ?? 0
        }
        let matches = try readMatches(
          db,
          matches: """
            SELECT id, homeGoals, awayGoals, createdAt FROM match
            ORDER BY createdAt DESC, id LIMIT ? OFFSET ?
            """,
          sides: """
            SELECT matchId, playerId, side = 'home' FROM matchPlayer WHERE matchId IN
              (SELECT id FROM match ORDER BY createdAt DESC, id LIMIT ? OFFSET ?)
            """,
          arguments: [place.limit, place.offset])
        return MatchPage(matches: matches, totalCount: count)
      }
    }
  }

  public func match(id: UUID) throws -> Match? {
    try database.read { db in
      try readMatches(
        db,
        matches: "SELECT id, homeGoals, awayGoals, createdAt FROM match WHERE id = ?",
        sides: "SELECT matchId, playerId, side = 'home' FROM matchPlayer WHERE matchId = ?",
        arguments: [id.lowercasedText]
      ).first
    }
  }

  public func matchExists(id: UUID) throws -> Bool {
    try database.unsafeRead { db in
      try Bool.fetchOne(
        db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM match WHERE id = ?)"),
        arguments: [id.lowercasedText]) ?? false
    }
  }

  /// One transaction; unknown players are refused by the database's foreign keys, so the players
  /// are not read again here, and the saved match is not read back.
  public func saveMatch(_ record: MatchRecord) throws -> UUID {
    do {
      return try database.pool.write { db -> UUID in
        if record.id == nil, let token = record.token,
          let existing = try MatchRecordRow.filter(Column("token") == token).fetchOne(db)
        {
          return existing.id
        }
        let id = record.id ?? UUID()
        if record.id != nil {
          // Sides first, while the old goals still stand: the standings triggers take back the
          // points they gave for them.
          try MatchPlayerRecord.filter(Column("matchId") == id.lowercasedText).deleteAll(db)
          try db.execute(
            sql: "UPDATE match SET homeGoals = ?, awayGoals = ? WHERE id = ?",
            arguments: [record.homeGoals, record.awayGoals, id.lowercasedText])
          guard db.changesCount == 1 else { throw LeagueStoreError.matchNotFound }
        } else {
          try MatchRecordRow(
            id: id, homeGoals: record.homeGoals, awayGoals: record.awayGoals,
            createdAt: Date().timeIntervalSince1970, token: record.token
          ).insert(db)
        }
        for (side, ids) in [("home", record.homePlayerIDs), ("away", record.awayPlayerIDs)] {
          for playerID in ids {
            try MatchPlayerRecord(matchId: id, playerId: playerID, side: side).insert(db)
          }
        }
        return id
      }
    } catch let error as DatabaseError
      where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY
    {
      throw LeagueStoreError.unknownPlayer
    }
  }

  public func deleteMatch(id: UUID) throws -> Bool {
    try database.pool.write { db in
      // The players first, while the match's goals are there for the standings triggers.
      try MatchPlayerRecord.filter(Column("matchId") == id.lowercasedText).deleteAll(db)
      return try MatchRecordRow.deleteOne(db, key: id.lowercasedText)
    }
  }

  /// Each player's standing, kept by the standings triggers: one small read per committed
  /// change, not per request. Writes by another process to the same file are not heard of (as
  /// for the pages' validators): one server process owns a SQLite file.
  public func rankings() throws -> [Ranking] {
    try standings.value {
      let rows = try database.read { db in
        try PlayerRecord.fetchAll(
          db.cachedStatement(sql: "SELECT id, name, nameKey, played, points FROM player"))
      }
      return Ranking.ordered(
        rows.map { Ranking(player: $0.player, matchesPlayed: $0.played, points: $0.points) })
    }
  }

  /// The matches `matches` selects, in its order, with their players from `sides` (rows of
  /// match id, player id and whether the side is home), each side in name order. Both
  /// statements take `arguments`, are prepared once per reader connection, and are read in
  /// place: ids from their bytes, names from the roster in memory rather than joined per row.
  /// A match without players is left out, as a join of the three tables leaves it out.
  private func readMatches(
    _ db: Database, matches matchesSQL: String, sides sidesSQL: String,
    arguments: StatementArguments
  ) throws -> [Match] {
    var matches: [Match] = []
    var places: [UUID: Int] = [:]
    try db.cachedStatement(sql: matchesSQL).forEachRow(arguments: arguments) { columns in
      let id = try columns.id(at: 0)
      places[id] = matches.count
      matches.append(
        Match(
          id: id, homePlayers: [], awayPlayers: [],
          homeGoals: Int(try columns.integer(at: 1)), awayGoals: Int(try columns.integer(at: 2)),
          createdAt: Date(timeIntervalSince1970: try columns.real(at: 3))))
    }
    guard !matches.isEmpty else { return [] }
    var sides: [(match: Int, player: UUID, isHome: Bool)] = []
    try db.cachedStatement(sql: sidesSQL).forEachRow(arguments: arguments) { columns in
      // Every side is of a match read just before, in the same transaction.
      guard let match = places[try columns.id(at: 0)] else { return }
      sides.append((match, try columns.id(at: 1), try columns.integer(at: 2) != 0))
    }
    // The kept roster, unless a player is newer than it (a commit whose news has not arrived
    // yet): then this transaction's own.
    var roster = try keptRoster()
    if sides.contains(where: { roster.place(of: $0.player) == nil }) {
      roster = try Self.readRoster(db)
    }
    var placed: [(match: Int, place: Int, isHome: Bool)] = []
    placed.reserveCapacity(sides.count)
    for side in sides {
      // The foreign keys keep every side's player in the table.
      guard let place = roster.place(of: side.player) else { throw LeagueStoreError.unknownPlayer }
      placed.append((side.match, place, side.isHome))
    }
    placed.sort { ($0.match, $0.place) < ($1.match, $1.place) }
    for side in placed {
      let player = roster.players[side.place]  // trap-ok: a place the roster gave
      if side.isHome {
        matches[side.match].homePlayers.append(player)
      } else {
        matches[side.match].awayPlayers.append(player)
      }
    }
    return matches.filter { !$0.homePlayers.isEmpty || !$0.awayPlayers.isEmpty }
  }
}

/// Where a page of matches stands: how many, after how many.
private struct MatchPageKey: Hashable, Sendable {
  var limit: Int
  var offset: Int
}
