import GRDB

extension SQLiteLeagueStore {
  /// Writes `seed` in one transaction, into an empty league only.
  public func seed(_ seed: LeagueSeed) throws {
    try pool.write { db in
      guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") == 0 else { return }
      let rows = seed.rows()
      for player in rows.players {
        try db.execute(
          sql: "INSERT INTO player (id, name, nameKey) VALUES (?, ?, ?)",
          arguments: [player.id, player.name, player.name.lowercased()])
      }
      for match in rows.matches {
        try db.execute(
          sql: "INSERT INTO match (id, homeGoals, awayGoals, createdAt) VALUES (?, ?, ?, ?)",
          arguments: [match.id, match.homeGoals, match.awayGoals, match.createdAt])
        for side in match.sides {
          try db.execute(
            sql: "INSERT INTO matchPlayer (matchId, playerId, side) VALUES (?, ?, ?)",
            arguments: [match.id, side.playerID, side.side])
        }
      }
    }
  }
}
