import Foundation
import League
import MVVMWeb

/// The league as its store keeps it in memory, for an input event answered on the thread that
/// read it (`site.form(..., inputsFromMemory: true)`): the players and whether a name is taken
/// come from what the store keeps; anything else, or those when the store keeps nothing, throws
/// `StoreNeeded`, which sends the event to the store's threads. Nothing here reads or writes.
struct KeptLeagueReads: LeagueStore {
  let store: any LeagueStore

  func players() throws -> [Player] {
    guard let players = store.keptPlayers() else { throw StoreNeeded() }
    return players
  }

  func keptPlayers() -> [Player]? { store.keptPlayers() }

  func playerNameTaken(_ name: String) throws -> Bool {
    guard let taken = store.keptPlayerNameTaken(name) else { throw StoreNeeded() }
    return taken
  }

  func keptPlayerNameTaken(_ name: String) -> Bool? { store.keptPlayerNameTaken(name) }

  func addPlayer(name: String) throws -> Player { throw StoreNeeded() }
  func matches(limit: Int, offset: Int) throws -> MatchPage { throw StoreNeeded() }
  func match(id: UUID) throws -> Match? { throw StoreNeeded() }
  func matchExists(id: UUID) throws -> Bool { throw StoreNeeded() }
  func saveMatch(_ record: MatchRecord) throws -> UUID { throw StoreNeeded() }
  func deleteMatch(id: UUID) throws -> Bool { throw StoreNeeded() }
  func rankings() throws -> [Ranking] { throw StoreNeeded() }
  func snapshot() throws -> LeagueSnapshot { throw StoreNeeded() }
  func load(_ snapshot: LeagueSnapshot) throws -> Bool { throw StoreNeeded() }
}
