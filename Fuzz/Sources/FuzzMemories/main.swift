// The memories importer: the input is a JSON file as `mvvmweb import-memories` reads it (a list
// of records, or {"items": [...]}), decoded by IssueController; the accepted items are then
// grouped into an issue and presented by the view models, every output of which is read the way
// a template reads it.
import Foundation
import FuzzSupport
import MVVMWebViewModels

@testable import Memories

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let (items, problems) = IssueController().parse(Data(bytes(data, size)), file: "fuzz.json")
  let indices = problems.map(\.index)
  check(
    indices == [0] && items.isEmpty || !indices.contains(0),
    "a file that holds no list had items, or a list had a problem without a record")
  check(Set(indices).count == indices.count, "a record was refused twice")
  // Every item's record reads back as the same item: what the SQL stores keep and read.
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  for item in items {
    let record = try? encoder.encode(item)
    check(
      record.flatMap { try? JSONDecoder().decode(UserContent.self, from: $0) } == item,
      "item \(item.id) does not read back from its record")
  }
  let utc = TimeZone(identifier: "UTC")!
  let key = IssueKey(year: 2100, month: 3, day: 9)!
  for item in items {
    let model = UserContentViewModel(
      item: item, key: key, isActive: true, timeZone: utc, image: image)
    let blocks = [
      model.photoAlbum != nil, model.video != nil, model.text != nil, model.event != nil,
      model.location != nil, model.link != nil,
    ]
    check(blocks.filter { $0 }.count == 1, "item \(item.id) has not exactly one block")
  }
  var walker = OutputWalker()
  withUnsafePointer(
    to: IssueViewModel(issue: Issue(key: key, items: items), timeZone: utc) { _ in true }
  ) { walker.visitObject(at: $0) }
  return 0
}

func image(_ media: MediaRef, _ active: Bool) -> ImageViewModel {
  ImageViewModel(
    source: Link(MemoriesDestination.media(media.file)), width: media.width, height: media.height,
    alt: media.alt, isActive: active, placeholder: Link(Asset("placeholder.svg")))
}

/// Reads every output of a view model and of everything inside it, as rendering would.
struct OutputWalker: OutputVisitor {
  mutating func visitText(_ text: String) {}
  mutating func visitNumber(_ number: Int) {}
  mutating func visitFlag(_ flag: Bool) {}
  mutating func visitLink(_ link: Link) {}
  mutating func visitAbsent() {}

  mutating func visitList<Item: Outputs>(_ items: [Item]) {
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for position in buffer.indices { visitObject(at: first + position) }
    }
  }

  mutating func visitObject<Object: Outputs>(at object: UnsafePointer<Object>) {
    for field in Object.outputSchema.fields.indices {
      Object.visitOutput(field, of: object, with: &self)
    }
  }
}
