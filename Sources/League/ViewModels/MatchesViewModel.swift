import MVVM

/// The list of matches, newest first, as display rows.
public final class MatchesViewModel: Outputs {
  /// One match as the table shows it.
  public struct Row: Outputs, Equatable {
    public var id: String
    public var homeText: String
    public var scoreText: String
    public var awayText: String

    public static let outputSchema = OutputSchema([
      "id": .text, "home": .text, "score": .text, "away": .text,
    ])

    public func output(named name: String) -> Output? {
      switch name {
      case "id": .text(id)
      case "home": .text(homeText)
      case "score": .text(scoreText)
      case "away": .text(awayText)
      default: nil
      }
    }
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
        id: match.id.uuidString.lowercased(),
        homeText: match.homePlayers.map(\.name).joined(separator: ", "),
        scoreText: "\(match.homeGoals) : \(match.awayGoals)",
        awayText: match.awayPlayers.map(\.name).joined(separator: ", "))
    }
  }

  public var title: String { "Matches" }
  public var isEmpty: Bool { rows.isEmpty }
  public var emptyText: String { "No matches yet!" }
  public var emptyHint: String { "Record the first one with “New match”." }

  public static let outputSchema = OutputSchema([
    "title": .text, "rows": .list(Row.outputSchema), "isEmpty": .flag, "emptyText": .text,
    "emptyHint": .text, "notice": .text, "hasNotice": .flag,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text(title)
    case "rows": .list(rows)
    case "isEmpty": .flag(isEmpty)
    case "emptyText": .text(emptyText)
    case "emptyHint": .text(emptyHint)
    case "notice": .text(notice ?? "")
    case "hasNotice": .flag(notice != nil)
    default: nil
    }
  }
}
