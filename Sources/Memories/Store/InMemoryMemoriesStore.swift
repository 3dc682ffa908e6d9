import Foundation
import Synchronization

/// Memories kept in memory, for view-model tests: filed and grouped as the SQL stores do.
public final class InMemoryMemoriesStore: MemoriesStore {
  /// Each item and the month and day it is filed under, by id.
  private let items = Mutex<[String: (item: UserContent, monthDay: String)]>([:])

  public init() {}

  public func save(_ items: [UserContent]) throws {
    let filed = items.map { (item: $0, monthDay: StoredMemory.monthDay(of: $0.createdAt)) }
    self.items.withLock { items in
      for memory in filed { items[memory.item.id] = memory }
    }
  }

  public func issue(for key: IssueKey) throws -> Issue {
    let matching = items.withLock { items in
      items.values.filter { $0.monthDay == key.monthDay }.map(\.item)
    }
    return Issue(key: key, items: matching)
  }

  public func itemCount() throws -> Int { items.withLock { $0.count } }

  public func allItems() throws -> [UserContent] {
    items.withLock { $0.sorted { $0.key < $1.key }.map(\.value.item) }
  }
}
