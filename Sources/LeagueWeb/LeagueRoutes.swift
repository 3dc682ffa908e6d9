import Foundation
import League
import MVVMWeb

/// The league's addresses, declared once: `LeagueCoordinator` routes them and `path(for:)`
/// prints each destination from the same declaration.
enum LeagueRoutes {
  static let matches = Route("/matches?page", PageNumber.self)
  static let newMatch = Route("/matches/new")
  static let editMatch = Route("/matches/:id/edit", UUID.self, notFound: noSuchMatch)
  static let deleteMatch = Route("/matches/:id/delete", UUID.self, notFound: noSuchMatch)
  static let newPlayer = Route("/players/new")
  static let rankings = Route("/rankings")

  static func path(for destination: LeagueDestination) -> String {
    switch destination {
    case .matches: matches.path(.first)
    case .matchesPage(let number): matches.path(PageNumber(number) ?? .first)
    case .newMatch: newMatch.path()
    case .editMatch(let id): editMatch.path(id)
    case .deleteMatch(let id): deleteMatch.path(id)
    case .resumeMatch(let draft):
      // The match goes in the path only as a UUID, so no form value can shape the path.
      draft.matchID.map { editMatch.path($0, query: draft.carriedPairs) }
        ?? newMatch.path(query: draft.carriedPairs)
    case .newPlayer: newPlayer.path()
    case .rankings: rankings.path()
    }
  }

  static let noSuchMatch = "There is no match at this address. It may have been deleted."
}
