import Foundation

/// Every player in name order, and where each one's id stands in it: what the match form
/// offers, and what a page of matches takes its players' names and order from, looked up in
/// memory rather than joined in SQL for every row; and the names' keys, which say whether a
/// name is taken.
struct Roster: Sendable {
  let players: [Player]
  private let places: [UUID: Int]
  /// The players' name keys as the table holds them (`nameKey`).
  let nameKeys: Set<String>

  /// `players`, already in name order, with their name keys.
  init(players: [Player], nameKeys: Set<String>) {
    self.players = players
    self.nameKeys = nameKeys
    var places: [UUID: Int] = [:]
    places.reserveCapacity(players.count)
    for (place, player) in players.enumerated() { places[player.id] = place }
    self.places = places
  }

  /// Where the player of id `id` stands in name order; nil for an id the roster does not know.
  func place(of id: UUID) -> Int? { places[id] }
}
