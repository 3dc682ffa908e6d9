import Foundation
import Synchronization

/// Memories kept in memory, for view-model tests: same parsing and grouping as SQLite.
public final class InMemoryMemoriesStore: MemoriesStore {
  /// Each item and its record as the SQL stores keep it, by id.
  private let items = Mutex<[String: (item: UserContent, stored: StoredMemory)]>([:])

  public init() {}

  public func importRecords(_ records: [Any], file: String) throws -> ImportReport {
    let (accepted, problems) = IssueController().parseKeepingRecords(records, file: file)
    let stored = try accepted.map {
      (item: $0.item, stored: try StoredMemory(record: $0.record, item: $0.item))
    }
    items.withLock { items in
      for memory in stored { items[memory.item.id] = memory }
    }
    return ImportReport(file: file, imported: accepted.count, problems: problems)
  }

  public func issue(for key: IssueKey) throws -> Issue {
    // Filed under their month and day when imported, as the SQL stores file them.
    let matching = items.withLock { items in
      items.values.filter { $0.stored.monthDay == key.monthDay }.map(\.item)
    }
    return Issue(key: key, items: matching)
  }

  public func itemCount() throws -> Int { items.withLock { $0.count } }

  public func allRecords() throws -> [Any] {
    StoredMemory.records(items.withLock { $0.sorted { $0.key < $1.key }.map(\.value.stored.json) })
  }
}
