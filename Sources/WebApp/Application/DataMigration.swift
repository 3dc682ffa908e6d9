import League
import Memories

/// Moves a league and its memories from one set of stores into another, as
/// `mvvmweb migrate-data` does when a site leaves its SQLite file for PostgreSQL (or comes
/// back). Everything keeps its ids, dates and form tokens, so links, bookmarks and a form opened
/// before the move still work after it.
///
/// The league is written in one transaction and only into a database without one, so a league
/// is never merged into another. A run that stopped half-way (the league written, the memories
/// not) can be run again: a target holding exactly the source's league is left as it is, and
/// memories are added or replaced by id.
public enum DataMigration {
  /// What was moved.
  public struct Summary: Sendable, Equatable, CustomStringConvertible {
    public var players: Int
    public var matches: Int
    public var memories: Int
    /// The target already held this league (a second run): it was not written again.
    public var leagueWasThere: Bool

    public var description: String {
      "\(players) players, \(matches) matches and \(memories) memories"
    }
  }

  /// The target holds a different league: nothing was written.
  public struct TargetNotEmpty: Error, CustomStringConvertible {
    public var players: Int
    public var matches: Int

    public var description: String {
      "the target already has a league (\(players) players, \(matches) matches); migrate-data only fills an empty database, so nothing was written. Create a new database for it (createdb), or start the instances with --no-demo so they do not seed one before the move"
    }
  }

  /// Some memories did not arrive: a stored record that no longer reads. The league was copied;
  /// the command says how many memories are missing and fails.
  public struct MemoriesNotCopied: Error, CustomStringConvertible {
    public var stored: Int
    public var copied: Int

    public var description: String { "\(copied) of the source's \(stored) memories were copied" }
  }

  public static func copy(from source: AppStores, to target: AppStores) throws -> Summary {
    let league = try source.league.snapshot()
    let stored = try source.memories.itemCount()
    let memories = try source.memories.allItems()
    var leagueWasThere = false
    if try !target.league.load(league) {
      let existing = try target.league.snapshot()
      guard existing == league else {
        throw TargetNotEmpty(players: existing.players.count, matches: existing.matches.count)
      }
      leagueWasThere = true
    }
    try target.memories.save(memories)
    guard memories.count == stored else {
      throw MemoriesNotCopied(stored: stored, copied: memories.count)
    }
    return Summary(
      players: league.players.count, matches: league.matches.count, memories: memories.count,
      leagueWasThere: leagueWasThere)
  }
}
