import Foundation

/// `mvvmweb import-memories PATH`: reads a JSON file of records (a list, or `{"items": [...]}`)
/// into a store.
public struct MemoriesImporter {
  public let store: any MemoriesStore

  public init(store: any MemoriesStore) {
    self.store = store
  }

  public func importFile(at path: String) throws -> ImportReport {
    let name = (path as NSString).lastPathComponent
    guard let data = FileManager.default.contents(atPath: path) else {
      return ImportReport(
        file: name, imported: 0,
        problems: [ImportProblem(file: name, index: 0, reason: "the file cannot be read")])
    }
    let json = try? JSONSerialization.jsonObject(with: data)
    guard let records = json as? [Any] ?? (json as? [String: Any])?["items"] as? [Any] else {
      return ImportReport(
        file: name, imported: 0,
        problems: [
          ImportProblem(
            file: name, index: 0,
            reason: "it is not JSON holding a list of records (or {\"items\": [...]})")
        ])
    }
    return try store.importRecords(records, file: name)
  }
}
