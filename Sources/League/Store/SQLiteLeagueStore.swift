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
  /// The standings as last read; the change observer drops them at each committed league write.
  private let standings = KeptRead<[Ranking]>()

  /// The league in `database`, the app's one database file (one GRDB pool per file, GRDB's
  /// rule), already migrated with the league's migrations (`registerMigrations(in:)`)
  /// by the file's one migrator. Every committed write to the league is published on `changes`
  /// as `.league`.
  public init(database: SQLiteDatabase, changes: ChangeFeed = ChangeFeed()) {
    self.database = database
    database.pool.add(
      transactionObserver: LeagueChangeObserver(feed: changes, standings: standings),
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

  /// One statement, so `unsafeRead` (as every one-statement read here): SQLite runs it in a read
  /// transaction of its own, and GRDB's `BEGIN`/`COMMIT` around it, parsed anew each time, cost
  /// as much as the query. The statement is prepared once per reader connection: every match
  /// form and every input event of one reads the players.
  public func players() throws -> [Player] {
    try database.unsafeRead { db in
      // Only the two columns a `Player` has: the form reads every player for each event.
      let rows = try Row.fetchCursor(
        db.cachedStatement(sql: "SELECT id, name FROM player ORDER BY nameKey"))
      var players: [Player] = []
      while let row = try rows.next() {
        players.append(Player(id: try row.uuid(atIndex: 0), name: try row.decode(atIndex: 1)))
      }
      return players
    }
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

  /// One lookup in the unique index on `nameKey`, the key `addPlayer` is refused by.
  public func playerNameTaken(_ name: String) throws -> Bool {
    try database.unsafeRead { db in
      try Bool.fetchOne(
        db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM player WHERE nameKey = ?)"),
        arguments: [PlayerName.key(name)]) ?? false
    }
  }

  /// One read transaction, so the count and the page agree. The page's matches are picked by the
  /// `match_createdAt` index before the join, so only they are joined with their players.
  public func matches(limit: Int, offset: Int) throws -> MatchPage {
    try database.read { db in
      let matches = try Self.fetchMatches(
        db,
        from: "(SELECT * FROM match ORDER BY createdAt DESC, id LIMIT ? OFFSET ?)",
        whereClause: "", arguments: [max(0, limit), max(0, offset)])
      let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM match")) ?? 0
      return MatchPage(matches: matches, totalCount: count)
    }
  }

  public func match(id: UUID) throws -> Match? {
    try database.read { db in
      try Self.fetchMatches(
        db, from: "match", whereClause: "WHERE m.id = ?", arguments: [id.lowercasedText]
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

  /// The matches of `source` (the table, or a page of it) with their players, newest first.
  private static func fetchMatches(
    _ db: Database, from source: String, whereClause: String, arguments: StatementArguments
  ) throws -> [Match] {
    // Prepared once per reader connection and kept (the two callers' texts are constant):
    // preparing this join cost a quarter of the matches page's instructions.
    let rows = try MatchSideRow.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT m.id, m.homeGoals, m.awayGoals, m.createdAt, mp.side, p.id AS playerId, p.name
          FROM \(source) m
          JOIN matchPlayer mp ON mp.matchId = m.id
          JOIN player p ON p.id = mp.playerId
          \(whereClause)
          ORDER BY m.createdAt DESC, m.id, p.nameKey
          """), arguments: arguments)
    var matches: [Match] = []
    for row in rows {
      if matches.last?.id != row.id {
        matches.append(
          Match(
            id: row.id, homePlayers: [], awayPlayers: [], homeGoals: row.homeGoals,
            awayGoals: row.awayGoals, createdAt: Date(timeIntervalSince1970: row.createdAt)))
      }
      let player = Player(id: row.playerId, name: row.name)
      if row.side == "home" {
        matches[matches.count - 1].homePlayers.append(player)
      } else {
        matches[matches.count - 1].awayPlayers.append(player)
      }
    }
    return matches
  }
}
