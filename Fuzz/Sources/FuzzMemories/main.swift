// The memories importer: the input is a JSON file as `mvvmweb import-memories` reads it (a list
// of records, or {"items": [...]}), parsed by IssueController; the accepted items are then
// grouped into an issue and presented by the view models, whose outputs must match their schemas.
import Foundation
import FuzzSupport
import MVVM

@testable import Memories

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let json = try? JSONSerialization.jsonObject(with: Data(bytes(data, size)))
  guard let records = json as? [Any] ?? (json as? [String: Any])?["items"] as? [Any] else {
    return 0
  }
  let (accepted, problems) = IssueController().parseKeepingRecords(records, file: "fuzz.json")
  check(accepted.count + problems.count == records.count, "a record was lost or counted twice")
  check(
    problems.allSatisfy { (1...records.count).contains($0.index) },
    "a problem names a record that is not there")
  let items = accepted.map(\.item)
  let utc = TimeZone(identifier: "UTC")!
  for item in items {
    let model = UserContentViewModel(
      item: item, isActive: true, timeZone: utc, image: image)
    let mismatches = UserContentViewModel.outputSchema.mismatches(in: model)
    check(mismatches.isEmpty, "item \(item.id): \(mismatches)")
  }
  let key = IssueKey(year: 2100, month: 3, day: 9)!
  let issue = IssueViewModel(issue: Issue(key: key, items: items), timeZone: utc) { _ in true }
  let mismatches = IssueViewModel.outputSchema.mismatches(in: issue)
  check(mismatches.isEmpty, "issue: \(mismatches)")
  return 0
}

func image(_ media: MediaRef, _ active: Bool) -> ImageViewModel {
  ImageViewModel(
    url: "/media/\(media.file)", width: media.width, height: media.height, altText: media.alt,
    isActive: active, placeholderURL: "/static/placeholder.svg")
}

runFuzzer(fuzz)
