/// Where memories live. Items are stored under their month and day so an issue finds every
/// year's items for its day at once.
public protocol MemoriesStore: Sendable {
  /// Adds items, replacing any with the same id, in one transaction. They come checked: from a
  /// file through the import (`MemoriesImporter`), from the demo set, or from another store.
  func save(_ items: [UserContent]) throws
  /// The issue for a day: every earlier year's items on that month and day.
  func issue(for key: IssueKey) throws -> Issue
  /// How many items there are, to tell a fresh store.
  func itemCount() throws -> Int
  /// Every item, by id, as `save` takes them: what moving memories into another store reads.
  func allItems() throws -> [UserContent]
}

/// What an import did: how many items it took and which records it refused.
public struct ImportReport: Sendable, Equatable {
  public var file: String
  public var imported: Int
  public var problems: [ImportProblem]

  /// "Imported 12 items from memories.json; refused 2:" and a line per refused record.
  public var summary: String {
    let head = "Imported \(imported) item\(imported == 1 ? "" : "s") from \(file)"
    guard !problems.isEmpty else { return head + "." }
    return ([head + "; refused \(problems.count):"] + problems.map { "  \($0)" }).joined(
      separator: "\n")
  }
}
