import Foundation

/// Turns a memories file (JSON records, the format in the README, "Memories data") into models,
/// as Timehop's IssueController does. Each record is decoded into an item and checked against
/// the import's rules once, here; a bad record is reported with its index and why, and the good
/// ones around it still come through.
public struct IssueController: Sendable {
  public init() {}

  /// The items of `json`, a list of records or `{"items": [...]}`, and a problem per refused
  /// record (counting from 1), or one problem (index 0) for a file that holds no such list.
  public func parse(_ json: Data, file: String) -> (items: [UserContent], problems: [ImportProblem])
  {
    let decoder = JSONDecoder()
    guard
      let records = (try? decoder.decode([CheckedRecord].self, from: json))
        ?? (try? decoder.decode(RecordList.self, from: json))?.items
    else {
      return (
        [],
        [
          ImportProblem(
            file: file, index: 0,
            reason: "it is not JSON holding a list of records (or {\"items\": [...]})")
        ]
      )
    }
    var items: [UserContent] = []
    var problems: [ImportProblem] = []
    for (offset, record) in records.enumerated() {
      switch record.result {
      case .success(let item): items.append(item)
      case .failure(let error):
        problems.append(ImportProblem(file: file, index: offset + 1, reason: error.reason))
      }
    }
    return (items, problems)
  }
}

/// `{"items": [...]}`.
private struct RecordList: Decodable {
  var items: [CheckedRecord]
}

/// One record of a file: the item it holds, or why it was refused. Decoding it never fails, so
/// one bad record does not stop the list.
private struct CheckedRecord: Decodable {
  var result: Result<UserContent, RecordError>

  init(from decoder: any Decoder) {
    do {
      let item = try UserContent(from: decoder)
      try item.checkRules()
      result = .success(item)
    } catch let error as RecordError {
      result = .failure(error)
    } catch {
      // The record's own fields are read into `RecordError`s: what is left is the record itself
      // not being an object.
      result = .failure(RecordError("it is not an object"))
    }
  }
}
