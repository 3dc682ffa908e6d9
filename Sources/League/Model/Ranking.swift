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
    matchesPlayed == 0 ? 0 : 10 * Double(points) / Double(3 * matchesPlayed)
  }

  /// Highest rating first; ties by name, ignoring case.
  public static func ordered(_ rankings: [Ranking]) -> [Ranking] {
    rankings.sorted {
      if $0.rating != $1.rating { return $0.rating > $1.rating }
      let left = $0.player.name.lowercased()
      let right = $1.player.name.lowercased()
      return left != right ? left < right : $0.player.name < $1.player.name
    }
  }
}
