import Foundation
import Synchronization

@testable import League

/// A store that notes each read it serves, in order, so a test can say which reads a view model
/// made: everything goes to `base`.
final class CountingLeagueStore: LeagueStore {
  let base: any LeagueStore
  private let log = Mutex<[String]>([])

  init(base: any LeagueStore) {
    self.base = base
  }

  /// The reads served so far, by method name.
  var reads: [String] { log.withLock { $0 } }

  private func note(_ read: String) { log.withLock { $0.append(read) } }

  func players() throws -> [Player] {
    note("players")
    return try base.players()
  }
  func addPlayer(name: String) throws -> Player { try base.addPlayer(name: name) }
  func matches(limit: Int, offset: Int) throws -> MatchPage {
    note("matches")
    return try base.matches(limit: limit, offset: offset)
  }
  func match(id: UUID) throws -> Match? {
    note("match")
    return try base.match(id: id)
  }
  func matchExists(id: UUID) throws -> Bool {
    note("matchExists")
    return try base.matchExists(id: id)
  }
  func saveMatch(_ record: MatchRecord) throws -> UUID { try base.saveMatch(record) }
  func deleteMatch(id: UUID) throws -> Bool { try base.deleteMatch(id: id) }
  func rankings() throws -> [Ranking] {
    note("rankings")
    return try base.rankings()
  }
  func snapshot() throws -> LeagueSnapshot {
    note("snapshot")
    return try base.snapshot()
  }
  func load(_ snapshot: LeagueSnapshot) throws -> Bool { try base.load(snapshot) }
}
