import Foundation

/// `mvvmweb import-memories PATH`: reads a JSON file of records (a list, or `{"items": [...]}`)
/// into a store.
public struct MemoriesImporter {
  public let store: any MemoriesStore

  public init(store: any MemoriesStore) {
    self.store = store
  }

  /// Saves the file's good records (replacing items with the same id) and reports the others.
  public func importFile(at path: String) throws -> ImportReport {
    let name = (path as NSString).lastPathComponent
    guard let data = FileManager.default.contents(atPath: path) else {
      return ImportReport(
        file: name, imported: 0,
        problems: [ImportProblem(file: name, index: 0, reason: "the file cannot be read")])
    }
    let (items, problems) = IssueController().parse(data, file: name)
    try store.save(items)
    return ImportReport(file: name, imported: items.count, problems: problems)
  }
}
