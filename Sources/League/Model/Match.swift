import Foundation

/// A recorded match: a home side against an away side, with each side's goals.
public struct Match: Sendable, Equatable, Identifiable {
  public var id: UUID
  public var homePlayers: [Player]
  public var awayPlayers: [Player]
  public var homeGoals: Int
  public var awayGoals: Int
  public var createdAt: Date

  public init(
    id: UUID = UUID(), homePlayers: [Player], awayPlayers: [Player], homeGoals: Int, awayGoals: Int,
    createdAt: Date = Date()
  ) {
    self.id = id
    self.homePlayers = homePlayers
    self.awayPlayers = awayPlayers
    self.homeGoals = homeGoals
    self.awayGoals = awayGoals
    self.createdAt = createdAt
  }

  /// Points each player of a side earns: 3 for a win, 1 for a draw, 0 for a loss.
  public var homePoints: Int { homeGoals > awayGoals ? 3 : homeGoals == awayGoals ? 1 : 0 }
  public var awayPoints: Int { awayGoals > homeGoals ? 3 : homeGoals == awayGoals ? 1 : 0 }
}
