import Foundation
import MVVMWebPostgres
import MVVMWebViewModels

/// The league in PostgreSQL, for several app instances sharing one database: the same rules as
/// the SQLite store (names unique ignoring case, a match's players known, one match per form
/// token), the standings kept by triggers in the same transaction as each write, and every
/// committed write announced with `NOTIFY league`, which each instance's listener turns into a
/// `.league` change (this one's included), so live pages follow writes made anywhere.
public final class PostgresLeagueStore: LeagueStore {
  let pool: PostgresPool

  /// Migrates the schema (safe when several instances start at once).
  public init(pool: PostgresPool) throws {
    self.pool = pool
    try Self.migrator.migrate(pool)
  }

  private static let seedLock: Int64 = 0x7365_6564  // "seed"

  static var migrator: PostgresMigrator {
    var migrator = PostgresMigrator(lockKey: 0x6c65_6167_7565)  // "league"
    migrator.register(
      "league-1-players-matches-standings",
      script: """
        CREATE TABLE player (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL UNIQUE,
          played INTEGER NOT NULL DEFAULT 0,
          points INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE match (
          id TEXT PRIMARY KEY,
          home_goals INTEGER NOT NULL CHECK (home_goals BETWEEN 0 AND 99),
          away_goals INTEGER NOT NULL CHECK (away_goals BETWEEN 0 AND 99),
          created_at DOUBLE PRECISION NOT NULL,
          token TEXT UNIQUE
        );
        CREATE INDEX match_created_at ON match (created_at);
        CREATE TABLE match_player (
          match_id TEXT NOT NULL REFERENCES match (id) ON DELETE CASCADE,
          player_id TEXT NOT NULL REFERENCES player (id) ON DELETE CASCADE,
          side TEXT NOT NULL CHECK (side IN ('home', 'away')),
          PRIMARY KEY (match_id, player_id)
        );
        CREATE INDEX match_player_player_id ON match_player (player_id);
        -- The points a side's player gets from a match: 3 for a win, 1 for a draw.
        CREATE FUNCTION match_player_points(match_id TEXT, side TEXT) RETURNS INTEGER
        LANGUAGE sql STABLE AS $$
          SELECT COALESCE((
            SELECT CASE
              WHEN m.home_goals = m.away_goals THEN 1
              WHEN (side = 'home') = (m.home_goals > m.away_goals) THEN 3
              ELSE 0 END
            FROM match m WHERE m.id = match_id), 0)
        $$;
        CREATE FUNCTION match_player_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE player SET played = played + 1,
            points = points + match_player_points(NEW.match_id, NEW.side)
          WHERE id = NEW.player_id;
          RETURN NEW;
        END $$;
        CREATE FUNCTION match_player_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE player SET played = played - 1,
            points = points - match_player_points(OLD.match_id, OLD.side)
          WHERE id = OLD.player_id;
          RETURN OLD;
        END $$;
        CREATE TRIGGER match_player_added AFTER INSERT ON match_player
          FOR EACH ROW EXECUTE FUNCTION match_player_added();
        CREATE TRIGGER match_player_removed AFTER DELETE ON match_player
          FOR EACH ROW EXECUTE FUNCTION match_player_removed();
        """)
    migrator.register("league-2-one-name-rule") { connection in
      // Name keys by the rule every store keeps, as the SQLite store's "league-4-one-name-rule"
      // does, computed here: PostgreSQL's lower() neither folds case fully nor normalizes.
      let players = try connection.query("SELECT id, name FROM player ORDER BY name_key, id")
        .rows.map { row in (id: try text(row, 0), name: try text(row, 1)) }
      try connection.query("UPDATE player SET name_key = chr(31) || id")
      for (player, key) in zip(players, PlayerName.storedKeys(players)) {
        try connection.query(
          "UPDATE player SET name_key = $1 WHERE id = $2", [key, player.id])
      }
    }
    return migrator
  }

  public func players() throws -> [Player] {
    try pool.withConnection { connection in
      try connection.query("SELECT id, name FROM player ORDER BY name_key").rows.map { row in
        Player(id: try Self.uuid(row, 0), name: try Self.text(row, 1))
      }
    }
  }

  public func addPlayer(name: String) throws -> Player {
    try PlayerName.check(name)
    let player = Player(name: name)
    do {
      try write { connection in
        _ = try connection.query(
          "INSERT INTO player (id, name, name_key) VALUES ($1, $2, $3)",
          [player.id.lowercasedText, name, PlayerName.key(name)])
      }
    } catch let error as PostgresError where error.isUniqueViolation {
      throw LeagueStoreError.nameTaken
    }
    return player
  }

  /// One snapshot of the database for the count and the page, so they agree however busy the
  /// other instances are; only the page's matches are joined with their players.
  public func matches(limit: Int, offset: Int) throws -> MatchPage {
    try pool.withConnection { connection in
      try connection.transaction {
        try connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        let matches = try Self.fetchMatches(
          connection,
          from: "(SELECT * FROM match ORDER BY created_at DESC, id LIMIT $1 OFFSET $2)",
          where: "", [String(max(0, limit)), String(max(0, offset))])
        let count = try connection.query("SELECT COUNT(*) FROM match").rows.first.map {
          try Self.integer($0, 0)
        }
        return MatchPage(matches: matches, totalCount: count ?? 0)
      }
    }
  }

  public func match(id: UUID) throws -> Match? {
    try pool.withConnection { connection in
      try Self.fetchMatches(
        connection, from: "match", where: "WHERE m.id = $1", [id.lowercasedText]
      ).first
    }
  }

  public func matchExists(id: UUID) throws -> Bool {
    try pool.withConnection { connection in
      try connection.query("SELECT 1 FROM match WHERE id = $1", [id.lowercasedText]).count > 0
    }
  }

  /// One transaction; unknown players are refused by the foreign keys. Two instances saving the
  /// same form token at once: the second insert fails on the token's uniqueness, and answers
  /// with the match the first one recorded.
  public func saveMatch(_ record: MatchRecord) throws -> UUID {
    do {
      return try write { connection in try Self.save(record, connection) }
    } catch let error as PostgresError where error.isForeignKeyViolation {
      throw LeagueStoreError.unknownPlayer
    } catch let error as PostgresError where error.isUniqueViolation && record.id == nil {
      let existing = try record.token.flatMap { token in
        try pool.withConnection { connection in try Self.match(token: token, connection) }
      }
      guard let existing else { throw error }
      return existing
    }
  }

  private static func save(_ record: MatchRecord, _ connection: PostgresConnection) throws -> UUID {
    if record.id == nil, let token = record.token,
      let existing = try match(token: token, connection)
    {
      return existing
    }
    let id = record.id ?? UUID()
    let key = id.lowercasedText
    if record.id != nil {
      // Sides first, while the old goals still stand: the triggers take back their points.
      try connection.query("DELETE FROM match_player WHERE match_id = $1", [key])
      let updated = try connection.query(
        "UPDATE match SET home_goals = $1, away_goals = $2 WHERE id = $3",
        [String(record.homeGoals), String(record.awayGoals), key])
      guard updated.affected == 1 else { throw LeagueStoreError.matchNotFound }
    } else {
      try connection.query(
        "INSERT INTO match (id, home_goals, away_goals, created_at, token) VALUES ($1, $2, $3, $4, $5)",
        [
          key, String(record.homeGoals), String(record.awayGoals),
          String(Date().timeIntervalSince1970), record.token,
        ])
    }
    for (side, ids) in [("home", record.homePlayerIDs), ("away", record.awayPlayerIDs)] {
      for playerID in ids {
        try connection.query(
          "INSERT INTO match_player (match_id, player_id, side) VALUES ($1, $2, $3)",
          [key, playerID.lowercasedText, side])
      }
    }
    return id
  }

  /// The match recorded with a form's token, if any.
  private static func match(token: String, _ connection: PostgresConnection) throws -> UUID? {
    try connection.query("SELECT id FROM match WHERE token = $1", [token]).rows.first.map {
      try uuid($0, 0)
    }
  }

  public func deleteMatch(id: UUID) throws -> Bool {
    try write { connection in
      // The players first, while the match's goals are there for the standings triggers.
      try connection.query("DELETE FROM match_player WHERE match_id = $1", [id.lowercasedText])
      return try connection.query("DELETE FROM match WHERE id = $1", [id.lowercasedText])
        .affected == 1
    }
  }

  public func rankings() throws -> [Ranking] {
    let rows = try pool.withConnection { connection in
      try connection.query("SELECT id, name, played, points FROM player").rows
    }
    return Ranking.ordered(
      try rows.map { row in
        Ranking(
          player: Player(id: try Self.uuid(row, 0), name: try Self.text(row, 1)),
          matchesPlayed: try Self.integer(row, 2), points: try Self.integer(row, 3))
      })
  }

  public func snapshot() throws -> LeagueSnapshot {
    try pool.withConnection { connection in
      // One consistent view of the three tables, however busy the other instances are.
      try connection.transaction {
        try connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        let players = try connection.query("SELECT id, name FROM player").rows.map { row in
          Player(id: try Self.uuid(row, 0), name: try Self.text(row, 1))
        }
        let matches = try connection.query(
          "SELECT id, home_goals, away_goals, created_at, token FROM match"
        ).rows.map { row in
          LeagueSnapshot.MatchRow(
            id: try Self.uuid(row, 0), homeGoals: try Self.integer(row, 1),
            awayGoals: try Self.integer(row, 2), createdAt: try Self.double(row, 3),
            token: row.indices.contains(4) ? row[4] : nil, homePlayerIDs: [], awayPlayerIDs: [])
        }
        let sides = try connection.query("SELECT match_id, player_id, side FROM match_player").rows
          .map { row in (try Self.uuid(row, 0), try Self.uuid(row, 1), try Self.text(row, 2)) }
        return LeagueSnapshot(players: players, matches: matches, sides: sides)
      }
    }
  }

  public func load(_ snapshot: LeagueSnapshot) throws -> Bool {
    try write { connection in
      // Instances starting together: one seeds, the others then find players and do nothing.
      try connection.query("SELECT pg_advisory_xact_lock(\(Self.seedLock))")
      guard try connection.query("SELECT 1 FROM player LIMIT 1").count == 0 else { return false }
      let players = snapshot.players.map { (id: $0.id.lowercasedText, name: $0.name) }
      try connection.insert(
        into: "player", columns: ["id", "name", "name_key"],
        rows: zip(players, PlayerName.storedKeys(players)).map { [$0.id, $0.name, $1] })
      try connection.insert(
        into: "match", columns: ["id", "home_goals", "away_goals", "created_at", "token"],
        rows: snapshot.matches.map { match in
          [
            match.id.lowercasedText, String(match.homeGoals), String(match.awayGoals),
            String(match.createdAt), match.token,
          ]
        })
      try connection.insert(
        into: "match_player", columns: ["match_id", "player_id", "side"],
        rows: snapshot.matches.flatMap { match in
          match.sides.map { [match.id.lowercasedText, $0.playerID.lowercasedText, $0.side] }
        })
      return true
    }
  }

  /// A write in one transaction that announces itself: `NOTIFY` is delivered at commit only, so
  /// a rolled-back write tells nobody.
  func write<Value>(_ body: (PostgresConnection) throws -> Value) throws -> Value {
    try pool.write { connection in
      let value = try body(connection)
      try connection.query("NOTIFY \(ChangeTopic.league.name)")
      return value
    }
  }

  /// The matches of `source` (the table, or a page of it) with their players, newest first.
  private static func fetchMatches(
    _ connection: PostgresConnection, from source: String, where condition: String,
    _ parameters: [String?]
  ) throws -> [Match] {
    let rows = try connection.query(
      """
      SELECT m.id, m.home_goals, m.away_goals, m.created_at, mp.side, p.id, p.name
      FROM \(source) m
      JOIN match_player mp ON mp.match_id = m.id
      JOIN player p ON p.id = mp.player_id
      \(condition)
      ORDER BY m.created_at DESC, m.id, p.name_key
      """, parameters
    ).rows
    var matches: [Match] = []
    for row in rows {
      let id = try uuid(row, 0)
      if matches.last?.id != id {
        matches.append(
          Match(
            id: id, homePlayers: [], awayPlayers: [], homeGoals: try integer(row, 1),
            awayGoals: try integer(row, 2),
            createdAt: Date(timeIntervalSince1970: try double(row, 3))))
      }
      let player = Player(id: try uuid(row, 5), name: try text(row, 6))
      if try text(row, 4) == "home" {
        matches[matches.count - 1].homePlayers.append(player)
      } else {
        matches[matches.count - 1].awayPlayers.append(player)
      }
    }
    return matches
  }

  // MARK: Reading rows (a malformed value throws, never traps)

  static func text(_ row: [String?], _ index: Int) throws -> String {
    guard row.indices.contains(index), let value = row[index] else { throw malformed(row) }
    return value
  }

  static func integer(_ row: [String?], _ index: Int) throws -> Int {
    guard let value = Int(try text(row, index)) else { throw malformed(row) }
    return value
  }

  static func double(_ row: [String?], _ index: Int) throws -> Double {
    guard let value = Double(try text(row, index)), value.isFinite else { throw malformed(row) }
    return value
  }

  static func uuid(_ row: [String?], _ index: Int) throws -> UUID {
    guard let value = UUID(text: try text(row, index)) else { throw malformed(row) }
    return value
  }

  private static func malformed(_ row: [String?]) -> PostgresError {
    PostgresError("a league row could not be read: \(row.map { $0 ?? "NULL" })")
  }
}
