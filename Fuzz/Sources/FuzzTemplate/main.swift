// The template loader: the input is written as page.xhtml into a templates folder that also holds
// the real RelaxNG schema, a layout and a partial, and TemplateLibrary loads it (libxml2 parse,
// confined XInclude, RelaxNG, compile against an OutputSchema). A page that loads is rendered.
import Foundation
import FuzzSupport
import MVVMWebViewModels

@testable import MVVMWebTemplates

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = Data(bytes(data, size))
  guard FileManager.default.createFile(atPath: Folder.page, contents: input) else {
    fail("cannot write \(Folder.page)")
  }
  let library: TemplateLibrary
  do {
    library = try TemplateLibrary(
      directory: Folder.path, pages: ["page.xhtml": Values.outputSchema])
  } catch {
    // FUZZ_VERBOSE=1 when replaying an input shows why it did not load.
    if verbose { print(error.errors.map(\.description).joined(separator: "\n")) }
    return 0
  }
  guard let page = library["page.xhtml"] else { fail("a loaded library lacks its page") }
  let html = page.render(Values.sample, basePath: "/base")
  check(String(validating: html, as: UTF8.self) != nil, "the page rendered invalid UTF-8")
  _ = page.renderElement(id: "x", Values.sample)
  return 0
}

let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

enum Folder {
  /// A fresh templates folder per process, so parallel fuzzing jobs do not share files.
  static let path: String = {
    let path = NSTemporaryDirectory() + "mvvmweb-fuzz-templates-\(getpid())"
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let templates = repository.appendingPathComponent("Templates").path
    do {
      try? FileManager.default.removeItem(atPath: path)
      try FileManager.default.createDirectory(
        atPath: path + "/partials", withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: templates + "/layout.xhtml", toPath: path + "/layout.xhtml")
      try partial.write(toFile: path + "/partials/item.xhtml", atomically: true, encoding: .utf8)
    } catch {
      fail("cannot set up the templates folder: \(error)")
    }
    return path
  }()
  static let page = path + "/page.xhtml"
  static let partial = """
    <?xml version="1.0" encoding="UTF-8"?>
    <li xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:attr="class parity"><a href="#" m:attr="href link" m:text="name">Mock</a><input type="checkbox" m:attr="checked on"/></li>
    """
}

/// An item, as the partial and repeats bind it: text and URLs that need escaping and checking.
@Outputs
struct Item {
  var name: String
  var link: Link
  var on: Bool
}

/// The page's outputs: every kind, with values that need escaping and checking.
@Outputs
struct Values {
  var name: String
  var link: Link
  var on: Bool
  var note: String?
  var count: Int
  var items: [Item]
  var child: Item?

  static let item = Item(
    name: "<b>Tom & \"Jerry's\"</b>\u{0}\u{FFFE}", link: .web("javascript:alert(1)"), on: true)
  static let other = Item(name: "", link: .web("/matches/7/edit?a=1&b=2"), on: false)
  static let sample = Values(
    name: item.name, link: .web("//evil.test/"), on: true, note: nil, count: -42,
    items: [item, other, item], child: other)
}

runFuzzer(fuzz)
