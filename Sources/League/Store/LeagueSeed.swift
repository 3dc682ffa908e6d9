import Foundation

/// Players and matches to fill an empty league with: a few pals for the demo, or a large league
/// for the /rankings benchmark. A store loads a seed in one transaction, and only into a league
/// without players (`seed(_:)`).
public struct LeagueSeed: Sendable {
  public struct Result: Sendable {
    var home: [Int]
    var away: [Int]
    var homeGoals: Int
    var awayGoals: Int
  }

  var playerNames: [String]
  var matches: [Result]
  /// Seconds between two matches' dates, the last one a moment ago.
  var spacing: TimeInterval

  /// A few pals and matches, so a newcomer sees a living league.
  public static let demo = LeagueSeed(
    playerNames: ["Alice", "Bruno", "Chloé", "Dev", "Eun-ji", "Farid"],
    matches: [
      Result(home: [0], away: [1], homeGoals: 3, awayGoals: 1),
      Result(home: [2, 3], away: [4, 5], homeGoals: 2, awayGoals: 2),
      Result(home: [1], away: [2], homeGoals: 0, awayGoals: 1),
      Result(home: [0, 5], away: [3, 4], homeGoals: 4, awayGoals: 2),
      Result(home: [3], away: [0], homeGoals: 1, awayGoals: 1),
      Result(home: [4], away: [5], homeGoals: 2, awayGoals: 0),
      Result(home: [1, 2], away: [0, 3], homeGoals: 1, awayGoals: 3),
      Result(home: [5], away: [4], homeGoals: 2, awayGoals: 3),
    ],
    spacing: 86_400)

  /// `players` players and `matches` matches of one or two a side, with goals from a fixed
  /// pseudo-random sequence: the same league on every run.
  public static func benchmark(players: Int = 100, matches: Int = 10_000) -> LeagueSeed {
    var generator = SplitMix64(seed: 2026)
    let count = max(players, 4)
    let names = (1...count).map { String(format: "Player %03d", $0) }
    let results = (0..<max(matches, 0)).map { _ -> Result in
      var picked: [Int] = []
      let size = Int(generator.next() % 2) + 1
      while picked.count < size * 2 {
        let candidate = Int(generator.next() % UInt64(count))
        if !picked.contains(candidate) { picked.append(candidate) }
      }
      return Result(
        home: Array(picked[..<size]), away: Array(picked[size...]),
        homeGoals: Int(generator.next() % 6), awayGoals: Int(generator.next() % 6))
    }
    return LeagueSeed(playerNames: names, matches: results, spacing: 60)
  }

  /// The league to load, with fresh ids and dates, the last match a moment before `now`.
  func snapshot(now: TimeInterval = Date().timeIntervalSince1970) -> LeagueSnapshot {
    let players = playerNames.map { Player(name: $0) }
    let start = now - spacing * Double(matches.count)
    return LeagueSnapshot(
      players: players,
      matches: matches.enumerated().map { index, result in
        LeagueSnapshot.MatchRow(
          id: UUID(), homeGoals: result.homeGoals, awayGoals: result.awayGoals,
          createdAt: start + spacing * Double(index), token: nil,
          homePlayerIDs: result.home.map { players[$0].id },
          awayPlayerIDs: result.away.map { players[$0].id })
      })
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
