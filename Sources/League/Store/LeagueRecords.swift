import Foundation
import GRDB
import MVVMWebSQLite

// The league's tables as GRDB records: Codable structs whose properties are the columns, so rows
// are decoded by GRDB (a malformed id throws instead of trapping) and ids are written in the one
// format the app uses everywhere, lowercase UUID text.

/// A row of `player`, with the standings the triggers keep.
struct PlayerRecord: Codable, FetchableRecord, PersistableRecord, LowercaseIDs {
  static let databaseTableName = "player"

  var id: UUID
  var name: String
  var nameKey: String
  var played: Int
  var points: Int

  /// The columns, in the order `init(row:)` reads them.
  static var databaseSelection: [any SQLSelectable] {
    [Column("id"), Column("name"), Column("nameKey"), Column("played"), Column("points")]
  }

  /// Decoded by position rather than through Codable: /rankings reads every player per request,
  /// and the Codable path cost more than the page's render. A malformed value still throws.
  init(row: Row) throws {
    id = try row.uuid(atIndex: 0)
    name = try row.decode(atIndex: 1)
    nameKey = try row.decode(atIndex: 2)
    played = try row.decode(atIndex: 3)
    points = try row.decode(atIndex: 4)
  }

  init(_ player: Player) {
    id = player.id
    name = player.name
    nameKey = PlayerName.key(player.name)
    played = 0
    points = 0
  }

  var player: Player { Player(id: id, name: name) }
}

/// A row of `match`.
struct MatchRecordRow: Codable, FetchableRecord, PersistableRecord, LowercaseIDs {
  static let databaseTableName = "match"

  var id: UUID
  var homeGoals: Int
  var awayGoals: Int
  var createdAt: Double
  var token: String?
}

/// A row of `matchPlayer`: who played a match, on which side.
struct MatchPlayerRecord: Codable, FetchableRecord, PersistableRecord, LowercaseIDs {
  static let databaseTableName = "matchPlayer"

  var matchId: UUID
  var playerId: UUID
  var side: String
}

/// Records that write their UUIDs as lowercase text, the app's one id format, rather than GRDB's
/// default 16-byte blobs.
protocol LowercaseIDs: EncodableRecord {}

extension LowercaseIDs {
  static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
    .lowercaseString
  }
}

extension Row {
  /// The UUID in the column at `index`, read as the app's lowercase text.
  func uuid(atIndex index: Int) throws -> UUID {
    let text: String = try decode(atIndex: index)
    guard let id = UUID(text: text) else { throw MalformedID(text: text) }
    return id
  }
}

extension SQLiteColumns {
  /// The UUID in column `index`, read from the app's lowercase text where SQLite holds it.
  func id(at index: Int32) throws -> UUID {
    try text(at: index) { bytes in
      guard let id = UUID(utf8: bytes) else {
        throw MalformedID(text: String(decoding: bytes, as: UTF8.self))
      }
      return id
    }
  }
}

/// A stored id that is not UUID text: the file was damaged or written by something else.
struct MalformedID: Error, Equatable, CustomStringConvertible {
  var text: String
  var description: String { "malformed id in the database: \(text.debugDescription)" }
}
