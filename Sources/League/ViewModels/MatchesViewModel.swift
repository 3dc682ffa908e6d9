import Foundation
import MVVM

/// The list of matches, newest first, as display rows.
@Outputs
public final class MatchesViewModel {
  /// One match as the table shows it.
  @Outputs
  public struct Row: Equatable {
    @OutputIgnored public var id: UUID
    public var homeText: String
    public var scoreText: String
    public var awayText: String

    public var edit: LeagueDestination { .editMatch(id) }
  }

  private let store: any LeagueStore
  public private(set) var rows: [Row] = []
  /// A one-time confirmation the coordinator passes on after a save or delete.
  public var notice: String?

  public init(store: any LeagueStore, notice: String? = nil) {
    self.store = store
    self.notice = notice
  }

  /// Loads the rows. On the web a page being shown is SwiftGoal's `active` input: the
  /// coordinator calls this for every GET.
  public func refresh() throws {
    rows = try store.matches().map { match in
      Row(
        id: match.id,
        homeText: match.homePlayers.map(\.name).joined(separator: ", "),
        scoreText: "\(match.homeGoals) : \(match.awayGoals)",
        awayText: match.awayPlayers.map(\.name).joined(separator: ", "))
    }
  }

  public var title: String { "Matches" }
  public var isEmpty: Bool { rows.isEmpty }
  public var emptyText: String { "No matches yet!" }
  public var emptyHint: String { "Record the first one with “New match”." }
  public var newMatch: LeagueDestination { .newMatch }
}
