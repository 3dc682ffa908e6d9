import Foundation
import League
import MVVMWeb

/// The league's addresses. `LeagueCoordinator` registers its routes with these patterns, and
/// `path(for:)` prints each destination in the same shape.
enum LeagueRoutes {
  static let matches = "/matches"
  static let newMatch = "/matches/new"
  static let editMatch = "/matches/:id/edit"
  static let deleteMatch = "/matches/:id/delete"
  static let newPlayer = "/players/new"
  static let rankings = "/rankings"

  static func path(for destination: LeagueDestination) -> String {
    switch destination {
    case .matches: matches
    case .matchesPage(let number): "\(matches)?page=\(number)"
    case .newMatch: newMatch
    case .editMatch(let id): "/matches/\(id.lowercasedText)/edit"
    case .deleteMatch(let id): "/matches/\(id.lowercasedText)/delete"
    case .resumeMatch(let draft):
      // The match id goes in the path only as a UUID, so no form value can shape the path.
      (draft.matchID.map { path(for: .editMatch($0)) } ?? newMatch)
        + queryString(draft.pairs.filter { $0.name != "match" })
    case .newPlayer: newPlayer
    case .rankings: rankings
    }
  }
}
