import Foundation

@testable import League

/// A store whose writes fail as a locked or full database would: reads go to `base`.
struct FailingLeagueStore: LeagueStore {
  struct Unavailable: Error {}

  let base: any LeagueStore

  func players() throws -> [Player] { try base.players() }
  func addPlayer(name: String) throws -> Player { throw Unavailable() }
  func matches(limit: Int, offset: Int) throws -> MatchPage {
    try base.matches(limit: limit, offset: offset)
  }
  func match(id: UUID) throws -> Match? { try base.match(id: id) }
  func matchExists(id: UUID) throws -> Bool { try base.matchExists(id: id) }
  func saveMatch(_ record: MatchRecord) throws -> UUID { throw Unavailable() }
  func deleteMatch(id: UUID) throws -> Bool { throw Unavailable() }
  func rankings() throws -> [Ranking] { try base.rankings() }
  func snapshot() throws -> LeagueSnapshot { try base.snapshot() }
  func load(_ snapshot: LeagueSnapshot) throws -> Bool { throw Unavailable() }
}
