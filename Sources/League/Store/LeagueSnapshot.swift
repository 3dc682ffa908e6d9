import Foundation

/// A whole league as rows, with the ids, dates and form tokens the stores keep: what a seed
/// writes into an empty league, and what `mvvmweb migrate-data` reads from one store and loads
/// into another. Rows are kept in one order (by id text, matches by date then id), so two stores
/// holding the same league give equal snapshots.
public struct LeagueSnapshot: Sendable, Equatable {
  /// One match with its sides as player ids.
  public struct MatchRow: Sendable, Equatable {
    public var id: UUID
    public var homeGoals: Int
    public var awayGoals: Int
    /// Seconds since 1970, as the stores keep it.
    public var createdAt: Double
    /// The form token it was recorded with, so a form opened before a move still records once.
    public var token: String?
    public var homePlayerIDs: [UUID]
    public var awayPlayerIDs: [UUID]

    public init(
      id: UUID, homeGoals: Int, awayGoals: Int, createdAt: Double, token: String?,
      homePlayerIDs: [UUID], awayPlayerIDs: [UUID]
    ) {
      self.id = id
      self.homeGoals = homeGoals
      self.awayGoals = awayGoals
      self.createdAt = createdAt
      self.token = token
      self.homePlayerIDs = homePlayerIDs.sorted(by: Self.byText)
      self.awayPlayerIDs = awayPlayerIDs.sorted(by: Self.byText)
    }

    static func byText(_ a: UUID, _ b: UUID) -> Bool { a.lowercasedText < b.lowercasedText }

    /// Each player of the match with the side the stores file it under.
    var sides: [(side: String, playerID: UUID)] {
      homePlayerIDs.map { ("home", $0) } + awayPlayerIDs.map { ("away", $0) }
    }
  }

  public private(set) var players: [Player]
  public private(set) var matches: [MatchRow]

  public init(players: [Player], matches: [MatchRow]) {
    self.players = players.sorted { MatchRow.byText($0.id, $1.id) }
    self.matches = matches.sorted {
      ($0.createdAt, $0.id.lowercasedText) < ($1.createdAt, $1.id.lowercasedText)
    }
  }

  /// Groups joined rows (one per player of a match) into matches: what the SQL stores read.
  init(
    players: [Player], matches: [MatchRow],
    sides: [(matchID: UUID, playerID: UUID, side: String)]
  ) {
    var home: [UUID: [UUID]] = [:]
    var away: [UUID: [UUID]] = [:]
    for side in sides {
      if side.side == "home" {
        home[side.matchID, default: []].append(side.playerID)
      } else {
        away[side.matchID, default: []].append(side.playerID)
      }
    }
    self.init(
      players: players,
      matches: matches.map { match in
        MatchRow(
          id: match.id, homeGoals: match.homeGoals, awayGoals: match.awayGoals,
          createdAt: match.createdAt, token: match.token, homePlayerIDs: home[match.id] ?? [],
          awayPlayerIDs: away[match.id] ?? [])
      })
  }
}
