import Foundation

/// A validated match as the store saves it: player ids per side, goals, and the form's one-time
/// token, so a form submitted twice records one match.
public struct MatchRecord: Sendable, Equatable {
  /// Nil for a new match.
  public var id: UUID?
  public var homePlayerIDs: [UUID]
  public var awayPlayerIDs: [UUID]
  public var homeGoals: Int
  public var awayGoals: Int
  public var token: String?

  public init(
    id: UUID? = nil, homePlayerIDs: [UUID], awayPlayerIDs: [UUID], homeGoals: Int, awayGoals: Int,
    token: String? = nil
  ) {
    self.id = id
    self.homePlayerIDs = homePlayerIDs
    self.awayPlayerIDs = awayPlayerIDs
    self.homeGoals = homeGoals
    self.awayGoals = awayGoals
    self.token = token
  }
}
