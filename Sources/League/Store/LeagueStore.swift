import Foundation

/// Where the league's players and matches live. The SQLite store is the app's default, the
/// PostgreSQL one is for several instances sharing a database; the in-memory one is for
/// view-model tests. All keep the same rules: names keeping `PlayerName`'s rules and unique
/// ignoring case, a match's players known, one match per form token.
public protocol LeagueStore: Sendable {
  /// Every player, by name.
  func players() throws -> [Player]
  /// Adds a player; throws `LeagueStoreError.nameTaken` when the name exists ignoring case, and
  /// `.invalidName` when it breaks a rule of `PlayerName`.
  func addPlayer(name: String) throws -> Player
  /// Whether a player has `name`, ignoring case: what `addPlayer` would refuse as taken.
  func playerNameTaken(_ name: String) throws -> Bool
  /// Every player, by name, if the store keeps them in memory, without reading: nil when it
  /// does not, or has not read them since its last change. What an input event of the match
  /// form is answered from on the thread that read it, without waiting on the store.
  func keptPlayers() -> [Player]?
  /// Whether a player has `name`, ignoring case, if the store can say so from what it keeps in
  /// memory, without reading: nil when it cannot.
  func keptPlayerNameTaken(_ name: String) -> Bool?
  /// At most `limit` matches, newest first (ties by id), after skipping `offset` of them, and
  /// the number of matches in all. The database skips and limits, so a page costs the same
  /// however many matches there are; an offset past the end gives no matches.
  func matches(limit: Int, offset: Int) throws -> MatchPage
  func match(id: UUID) throws -> Match?
  /// Whether the match is there, without reading it: what a post to its form needs to know.
  func matchExists(id: UUID) throws -> Bool
  /// Creates (`record.id == nil`) or updates a match and returns its id. Creating with a token
  /// already used returns the id of the match recorded then, instead of making a second one.
  func saveMatch(_ record: MatchRecord) throws -> UUID
  /// Deletes a match; false when there was none.
  func deleteMatch(id: UUID) throws -> Bool
  /// Every player's ranking, best first.
  func rankings() throws -> [Ranking]
  /// The whole league, as `load` takes it.
  func snapshot() throws -> LeagueSnapshot
  /// Writes `snapshot` in one transaction into a league without players, keeping its ids, dates
  /// and tokens, and returns true; returns false, writing nothing, when there are players.
  func load(_ snapshot: LeagueSnapshot) throws -> Bool
}

extension LeagueStore {
  /// None: for stores that keep nothing in memory (the SQLite store keeps its players).
  public func keptPlayers() -> [Player]? { nil }

  /// None: for stores that keep nothing in memory.
  public func keptPlayerNameTaken(_ name: String) -> Bool? { nil }

  /// Reads every player: for stores without a lookup of their own (the SQLite store has one).
  public func playerNameTaken(_ name: String) throws -> Bool {
    let key = PlayerName.key(name)
    return try players().contains { PlayerName.key($0.name) == key }
  }

  /// The players that share one name under the stores' rule (`PlayerName.key`), in groups: none
  /// in a league made under it; a league from before it may hold some, kept as they were.
  public func playersSharingNames() throws -> [[Player]] {
    PlayerName.sameNamed(try players())
  }

  /// Fills an empty league with `seed`; does nothing when there are players.
  public func seed(_ seed: LeagueSeed) throws {
    _ = try load(seed.snapshot())
  }
}

/// Rule violations a store refuses.
public enum LeagueStoreError: Error, Equatable {
  case nameTaken
  case invalidName
  case unknownPlayer
  case matchNotFound
}
