import Foundation
import MVVMWebViewModels

/// An item as the SQL stores keep it: its record as JSON, filed under its month and day (UTC) so
/// an issue finds every year's items for its day in one read.
struct StoredMemory {
  let id: String
  let monthDay: String
  let createdAt: Double
  let json: String

  init(_ item: UserContent) throws {
    id = item.id
    monthDay = Self.monthDay(of: item.createdAt)
    createdAt = item.createdAt.timeIntervalSince1970
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    json = String(decoding: try encoder.encode(item), as: UTF8.self)
  }

  /// `0309` for any year's March 9, in UTC: the same text as `IssueKey.monthDay`, which finds
  /// it. `0000`, which no key asks for, for an instant outside the years 1 to 9999.
  static func monthDay(of date: Date) -> String {
    CalendarDate(secondsSince1970: date.timeIntervalSince1970).map { IssueKey($0).monthDay }
      ?? "0000"
  }

  /// The items of stored records, each decoded once into its typed value (the import checked it
  /// when it came in); one that no longer reads is left out, as the import leaves out a bad
  /// record.
  static func items(_ records: [String]) -> [UserContent] {
    let decoder = JSONDecoder()
    return records.compactMap { try? decoder.decode(UserContent.self, from: Data($0.utf8)) }
  }
}
