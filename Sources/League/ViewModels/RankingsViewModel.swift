import Foundation
import MVVM

/// The league table: rank, name and rating of every player, best first.
public final class RankingsViewModel: Outputs {
  public struct Row: Outputs, Equatable {
    public var rank: String
    public var name: String
    public var rating: String

    public static let outputSchema = OutputSchema(["rank": .text, "name": .text, "rating": .text])

    public func output(named name: String) -> Output? {
      switch name {
      case "rank": .text(rank)
      case "name": .text(self.name)
      case "rating": .text(rating)
      default: nil
      }
    }
  }

  private let store: any LeagueStore
  public private(set) var rows: [Row] = []

  public init(store: any LeagueStore) {
    self.store = store
  }

  /// Loads the rows. On the web a page being shown is SwiftGoal's `active` input: the
  /// coordinator calls this for every GET.
  public func refresh() throws {
    rows = try store.rankings().enumerated().map { index, ranking in
      Row(rank: String(index + 1), name: ranking.player.name, rating: Self.format(ranking.rating))
    }
  }

  /// Two decimals, the same in every locale: "6.67", "0.00". Formatted by hand: Foundation's
  /// locale-aware formatting goes through ICU and cost more than the rest of the page.
  static func format(_ rating: Double) -> String {
    let hundredths = Int((rating * 100).rounded(.toNearestOrEven))
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  public static let outputSchema = OutputSchema([
    "title": .text, "rows": .list(Row.outputSchema), "isEmpty": .flag, "emptyText": .text,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text("Rankings")
    case "rows": .list(rows)
    case "isEmpty": .flag(rows.isEmpty)
    case "emptyText": .text("No players yet. Add your pals, then record a match.")
    default: nil
    }
  }
}
