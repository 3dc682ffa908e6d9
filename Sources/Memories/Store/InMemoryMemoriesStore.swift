import Foundation
import Synchronization

/// Memories kept in memory, for view-model tests: same parsing and grouping as SQLite.
public final class InMemoryMemoriesStore: MemoriesStore {
  private let items = Mutex<[String: UserContent]>([:])

  public init() {}

  public func importRecords(_ records: [Any], file: String) throws -> ImportReport {
    let (parsed, problems) = IssueController().parse(records, file: file)
    items.withLock { items in
      for item in parsed { items[item.id] = item }
    }
    return ImportReport(file: file, imported: parsed.count, problems: problems)
  }

  public func issue(for key: IssueKey) throws -> Issue {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let matching = items.withLock { Array($0.values) }.filter {
      let parts = calendar.dateComponents([.month, .day], from: $0.createdAt)
      return parts.month == key.month && parts.day == key.day
    }
    return Issue(key: key, items: matching)
  }

  public func itemCount() throws -> Int { items.withLock { $0.count } }
}
