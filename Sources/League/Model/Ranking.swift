/// A player's standing: matches played, points earned and the rating they give.
public struct Ranking: Sendable, Equatable {
  public var player: Player
  public var matchesPlayed: Int
  public var points: Int

  public init(player: Player, matchesPlayed: Int, points: Int) {
    self.player = player
    self.matchesPlayed = matchesPlayed
    self.points = points
  }

  /// 10 × points ÷ (3 × matches played): 10 for winning every match, 0 without matches.
  public var rating: Double {
    // In Double, so no count from a damaged database file can overflow; clamped to what a
    // rating can be.
    guard matchesPlayed > 0 else { return 0 }
    return min(max(10 * Double(points) / (3 * Double(matchesPlayed)), 0), 10)
  }

  /// Highest rating first; ties by name, ignoring case.
  public static func ordered(_ rankings: [Ranking]) -> [Ranking] {
    // Sorts positions by keys computed once: /rankings sorts on every request, and comparing
    // (and moving) whole rankings with their names lowercased in each comparison cost more than
    // reading them.
    let ratings = rankings.map(\.rating)
    let names = rankings.map { $0.player.name.lowercased() }
    let order = rankings.indices.sorted { left, right in
      if ratings[left] != ratings[right] { return ratings[left] > ratings[right] }
      if names[left] != names[right] { return names[left] < names[right] }
      return rankings[left].player.name < rankings[right].player.name
    }
    return order.map { rankings[$0] }
  }
}
