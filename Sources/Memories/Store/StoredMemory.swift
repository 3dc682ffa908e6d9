import Foundation

/// An imported memory as the SQL stores keep it: its validated record as JSON, filed under its
/// month and day (UTC) so an issue finds every year's items for its day in one read.
struct StoredMemory {
  let id: String
  let monthDay: String
  let createdAt: Double
  let json: String

  init(record: Any, item: UserContent) throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = calendar.dateComponents([.month, .day], from: item.createdAt)
    id = item.id
    monthDay = String(format: "%02d%02d", parts.month ?? 0, parts.day ?? 0)
    createdAt = item.createdAt.timeIntervalSince1970
    json = String(
      decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]),
      as: UTF8.self)
  }

  /// The records of an issue's day, read back from their JSON; one that no longer reads is left
  /// out, as the importer leaves out a bad record.
  static func records(_ texts: [String]) -> [Any] {
    texts.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
  }
}
