import GRDB

extension SQLiteLeagueStore {
  public func snapshot() throws -> LeagueSnapshot {
    try database.read { db in
      LeagueSnapshot(
        players: try PlayerRecord.fetchAll(db).map(\.player),
        matches: try MatchRecordRow.fetchAll(db).map { match in
          LeagueSnapshot.MatchRow(
            id: match.id, homeGoals: match.homeGoals, awayGoals: match.awayGoals,
            createdAt: match.createdAt, token: match.token, homePlayerIDs: [], awayPlayerIDs: [])
        },
        sides: try MatchPlayerRecord.fetchAll(db).map { ($0.matchId, $0.playerId, $0.side) })
    }
  }

  public func load(_ snapshot: LeagueSnapshot) throws -> Bool {
    try database.pool.write { db in
      guard try PlayerRecord.fetchCount(db) == 0 else { return false }
      let keys = PlayerName.storedKeys(snapshot.players.map { ($0.id.lowercasedText, $0.name) })
      for (player, key) in zip(snapshot.players, keys) {
        var record = PlayerRecord(player)
        record.nameKey = key  // Unique even for names a league from before the rule shares.
        try record.insert(db)
      }
      for match in snapshot.matches {
        try MatchRecordRow(
          id: match.id, homeGoals: match.homeGoals, awayGoals: match.awayGoals,
          createdAt: match.createdAt, token: match.token
        ).insert(db)
        for (side, playerID) in match.sides {
          try MatchPlayerRecord(matchId: match.id, playerId: playerID, side: side).insert(db)
        }
      }
      return true
    }
  }
}
