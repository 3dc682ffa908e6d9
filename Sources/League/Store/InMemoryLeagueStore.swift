import Foundation
import Synchronization

/// A league kept in memory, for view-model tests: the same rules as the SQLite store.
public final class InMemoryLeagueStore: LeagueStore {
  private struct State {
    var players: [UUID: Player] = [:]
    var matches: [UUID: Match] = [:]
    var tokens: [String: UUID] = [:]
  }

  private let state = Mutex(State())
  private let clock: @Sendable () -> Date

  /// `clock` dates new matches; tests pass one that ticks so "newest first" is deterministic.
  public init(clock: @escaping @Sendable () -> Date = { Date() }) {
    self.clock = clock
  }

  public func players() throws -> [Player] {
    state.withLock { Array($0.players.values) }.sorted {
      PlayerName.key($0.name) < PlayerName.key($1.name)
    }
  }

  public func addPlayer(name: String) throws -> Player {
    try PlayerName.check(name)
    return try state.withLock { state throws(LeagueStoreError) in
      let key = PlayerName.key(name)
      guard !state.players.values.contains(where: { PlayerName.key($0.name) == key }) else {
        throw .nameTaken
      }
      let player = Player(name: name)
      state.players[player.id] = player
      return player
    }
  }

  public func matches(limit: Int, offset: Int) throws -> MatchPage {
    let all = state.withLock { Array($0.matches.values) }.sorted { left, right in
      left.createdAt != right.createdAt
        ? left.createdAt > right.createdAt : left.id.lowercasedText < right.id.lowercasedText
    }
    // Each side by name, as the SQL stores join them.
    let byName = { (left: Player, right: Player) in
      PlayerName.key(left.name) < PlayerName.key(right.name)
    }
    let page = all.dropFirst(max(0, offset)).prefix(max(0, limit)).map { match in
      var match = match
      match.homePlayers.sort(by: byName)
      match.awayPlayers.sort(by: byName)
      return match
    }
    return MatchPage(matches: page, totalCount: all.count)
  }

  public func match(id: UUID) throws -> Match? {
    state.withLock { $0.matches[id] }
  }

  public func matchExists(id: UUID) throws -> Bool {
    state.withLock { $0.matches[id] != nil }
  }

  public func saveMatch(_ record: MatchRecord) throws -> UUID {
    let now = clock()
    return try state.withLock { state throws(LeagueStoreError) in
      if record.id == nil, let token = record.token, let existing = state.tokens[token],
        state.matches[existing] != nil
      {
        return existing
      }
      let players = state.players
      func lookup(_ ids: [UUID]) throws(LeagueStoreError) -> [Player] {
        try ids.map { id throws(LeagueStoreError) in
          guard let player = players[id] else { throw .unknownPlayer }
          return player
        }
      }
      let id = record.id ?? UUID()
      let createdAt: Date
      if record.id != nil {
        guard let existing = state.matches[id] else { throw .matchNotFound }
        createdAt = existing.createdAt
      } else {
        createdAt = now
      }
      let match = Match(
        id: id, homePlayers: try lookup(record.homePlayerIDs),
        awayPlayers: try lookup(record.awayPlayerIDs),
        homeGoals: record.homeGoals, awayGoals: record.awayGoals, createdAt: createdAt)
      state.matches[id] = match
      if record.id == nil, let token = record.token { state.tokens[token] = id }
      return id
    }
  }

  public func deleteMatch(id: UUID) throws -> Bool {
    state.withLock { $0.matches.removeValue(forKey: id) != nil }
  }

  public func rankings() throws -> [Ranking] {
    let (players, matches) = state.withLock { (Array($0.players.values), Array($0.matches.values)) }
    var table = Dictionary(
      uniqueKeysWithValues: players.map {
        ($0.id, Ranking(player: $0, matchesPlayed: 0, points: 0))
      })
    for match in matches {
      for player in match.homePlayers {
        table[player.id]?.matchesPlayed += 1
        table[player.id]?.points += match.homePoints
      }
      for player in match.awayPlayers {
        table[player.id]?.matchesPlayed += 1
        table[player.id]?.points += match.awayPoints
      }
    }
    return Ranking.ordered(Array(table.values))
  }

  public func snapshot() throws -> LeagueSnapshot {
    state.withLock { state in
      let tokens = Dictionary(
        state.tokens.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      return LeagueSnapshot(
        players: Array(state.players.values),
        matches: state.matches.values.map { match in
          LeagueSnapshot.MatchRow(
            id: match.id, homeGoals: match.homeGoals, awayGoals: match.awayGoals,
            createdAt: match.createdAt.timeIntervalSince1970, token: tokens[match.id],
            homePlayerIDs: match.homePlayers.map(\.id), awayPlayerIDs: match.awayPlayers.map(\.id))
        })
    }
  }

  public func load(_ snapshot: LeagueSnapshot) throws -> Bool {
    state.withLock { state in
      guard state.players.isEmpty else { return false }
      for player in snapshot.players { state.players[player.id] = player }
      let players = state.players
      for match in snapshot.matches {
        state.matches[match.id] = Match(
          id: match.id, homePlayers: match.homePlayerIDs.compactMap { players[$0] },
          awayPlayers: match.awayPlayerIDs.compactMap { players[$0] },
          homeGoals: match.homeGoals, awayGoals: match.awayGoals,
          createdAt: Date(timeIntervalSince1970: match.createdAt))
        if let token = match.token { state.tokens[token] = match.id }
      }
      return true
    }
  }
}
