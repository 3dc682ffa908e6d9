import Foundation
import MVVM
import Templating

/// A throwaway templates folder holding the real RelaxNG schema and whatever files a test writes.
struct TemplateFixture {
  let directory: String

  init(_ files: [String: String]) throws {
    directory = NSTemporaryDirectory() + "mvvmweb-templates-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let repositoryTemplates = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Templates")
    try FileManager.default.copyItem(
      atPath: repositoryTemplates.appendingPathComponent("mvvmweb-template.rng").path,
      toPath: directory + "/mvvmweb-template.rng")
    for (name, text) in files {
      let path = directory + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }

  func library(_ pages: [String: OutputSchema]) throws(TemplateErrors) -> TemplateLibrary {
    try TemplateLibrary(directory: directory, pages: pages)
  }

  /// Loads one page and renders it.
  func render(_ page: String, _ outputs: Values, basePath: String = "") throws -> String {
    let library = try library([page: outputs.schema])
    return String(decoding: library[page]!.render(outputs, basePath: basePath), as: UTF8.self)
  }

  /// The errors loading `pages` reports.
  func errors(_ pages: [String: OutputSchema]) -> [String] {
    do {
      _ = try library(pages)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }
}

/// Outputs from a dictionary, with a schema derived from the values: a stand-in view model.
struct Values: Outputs {
  var values: [String: Output]
  var schema: OutputSchema

  init(_ values: [String: Output], schema: OutputSchema? = nil) {
    self.values = values
    self.schema = schema ?? OutputSchema(values.mapValues(Self.kind))
  }

  static let outputSchema = OutputSchema([:])

  func output(named name: String) -> Output? { values[name] }

  static func kind(_ output: Output) -> OutputKind {
    switch output {
    case .text: .text
    case .url: .url
    case .flag: .flag
    case .list(let items):
      .list((items.first as? Values)?.schema ?? OutputSchema([:]))
    case .object(let child): .object((child as? Values)?.schema ?? OutputSchema([:]))
    }
  }
}

/// Wraps a body in a page element with our namespaces declared.
func page(_ body: String) -> String {
  """
  <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" xmlns:xi="http://www.w3.org/2001/XInclude">\(body)</div>
  """
}
