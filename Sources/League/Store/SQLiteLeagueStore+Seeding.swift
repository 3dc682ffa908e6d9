import Foundation
import GRDB

extension SQLiteLeagueStore {
  /// Fills an empty database with a few pals and matches, so a newcomer sees a living league.
  /// Does nothing when there are players already.
  public func seedDemoData() throws {
    let names = ["Alice", "Bruno", "Chloé", "Dev", "Eun-ji", "Farid"]
    let results: [(home: [Int], away: [Int], homeGoals: Int, awayGoals: Int)] = [
      ([0], [1], 3, 1), ([2, 3], [4, 5], 2, 2), ([1], [2], 0, 1), ([0, 5], [3, 4], 4, 2),
      ([3], [0], 1, 1), ([4], [5], 2, 0), ([1, 2], [0, 3], 1, 3), ([5], [4], 2, 3),
    ]
    try seed(playerNames: names, matches: results, spacing: 86_400)
  }

  /// A large league for the /rankings benchmark: `players` players and `matches` matches of
  /// one or two a side, with goals from a fixed pseudo-random sequence.
  public func seedBenchmarkData(players: Int = 100, matches: Int = 10_000) throws {
    var generator = SplitMix64(seed: 2026)
    let names = (1...players).map { String(format: "Player %03d", $0) }
    let results = (0..<matches).map {
      _ -> (home: [Int], away: [Int], homeGoals: Int, awayGoals: Int) in
      var picked: [Int] = []
      let size = Int(generator.next() % 2) + 1
      while picked.count < size * 2 {
        let candidate = Int(generator.next() % UInt64(players))
        if !picked.contains(candidate) { picked.append(candidate) }
      }
      return (
        Array(picked[..<size]), Array(picked[size...]), Int(generator.next() % 6),
        Int(generator.next() % 6)
      )
    }
    try seed(playerNames: names, matches: results, spacing: 60)
  }

  private func seed(
    playerNames: [String], matches: [(home: [Int], away: [Int], homeGoals: Int, awayGoals: Int)],
    spacing: TimeInterval
  ) throws {
    try pool.write { db in
      guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") == 0 else { return }
      let ids = playerNames.map { _ in UUID().lowercasedText }
      for (id, name) in zip(ids, playerNames) {
        try db.execute(
          sql: "INSERT INTO player (id, name, nameKey) VALUES (?, ?, ?)",
          arguments: [id, name, name.lowercased()])
      }
      let start = Date().timeIntervalSince1970 - spacing * Double(matches.count)
      for (index, result) in matches.enumerated() {
        let matchID = UUID().lowercasedText
        try db.execute(
          sql: "INSERT INTO match (id, homeGoals, awayGoals, createdAt) VALUES (?, ?, ?, ?)",
          arguments: [matchID, result.homeGoals, result.awayGoals, start + spacing * Double(index)])
        for (side, players) in [("home", result.home), ("away", result.away)] {
          for player in players {
            try db.execute(
              sql: "INSERT INTO matchPlayer (matchId, playerId, side) VALUES (?, ?, ?)",
              arguments: [matchID, ids[player], side])
          }
        }
      }
    }
  }
}

/// A small deterministic pseudo-random generator (SplitMix64), so seeded data is the same on
/// every run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
