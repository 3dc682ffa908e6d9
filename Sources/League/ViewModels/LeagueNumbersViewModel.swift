import MVVMWebViewModels

/// The league in numbers: how many players and matches it has, and who has played most.
@Outputs
public struct LeagueNumbersViewModel {
  public var playerCount: Int
  public var matchCount: Int
  /// "Alice, 12 matches", or "No one yet".
  public var busiest: String
  public var rankings: LeagueDestination { .rankings }

  /// Reads the numbers from `store` once.
  public init(store: any LeagueStore) throws {
    let rankings = try store.rankings()
    playerCount = rankings.count
    matchCount = try store.matches(limit: 0, offset: 0).totalCount
    busiest =
      rankings.filter { $0.matchesPlayed > 0 }
      .max { ($0.matchesPlayed, $1.player.name) < ($1.matchesPlayed, $0.player.name) }
      .map { "\($0.player.name), \($0.matchesPlayed) match\($0.matchesPlayed == 1 ? "" : "es")" }
      ?? "No one yet"
  }
}
