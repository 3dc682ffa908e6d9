import Foundation
import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// A throwaway templates folder holding whatever files a test writes (the schema is the
/// framework's own, compiled in).
struct TemplateFixture {
  let directory: String

  init(_ files: [String: String]) throws {
    directory = NSTemporaryDirectory() + "mvvmweb-templates-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files {
      let path = directory + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }

  func library(
    _ pages: [String: OutputSchema], site: OutputSchema = OutputSchema([]),
    assetPrefixes: [String] = ["/static/"]
  ) throws(TemplateErrors) -> TemplateLibrary {
    try TemplateLibrary(
      directory: directory, pages: pages, site: site, assetPrefixes: assetPrefixes)
  }

  /// Loads one page against the view model's type and renders it.
  func render<ViewModel: Outputs>(
    _ page: String, _ viewModel: ViewModel, basePath: String = "",
    links: any LinkPrinter = NoLinks()
  ) throws -> String {
    let library = try library([page: ViewModel.outputSchema])
    let template = try #require(library[page])
    return String(
      decoding: template.render(viewModel, basePath: basePath, links: links), as: UTF8.self)
  }

  /// Loads one page against the view model's type and the site object's, and renders it with
  /// both.
  func render<ViewModel: Outputs, Site: Outputs>(
    _ page: String, _ viewModel: ViewModel, site: Site, basePath: String = "",
    links: any LinkPrinter = NoLinks()
  ) throws -> String {
    let library = try library([page: ViewModel.outputSchema], site: Site.outputSchema)
    let template = try #require(library[page])
    return String(
      decoding: template.render(viewModel, site: site, basePath: basePath, links: links),
      as: UTF8.self)
  }

  /// The errors loading `pages` reports.
  func errors(
    _ pages: [String: OutputSchema], site: OutputSchema = OutputSchema([]),
    assetPrefixes: [String] = ["/static/"]
  ) -> [String] {
    do {
      _ = try library(pages, site: site, assetPrefixes: assetPrefixes)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }
}

/// Wraps a body in a page element with our namespaces declared.
func page(_ body: String) -> String {
  """
  <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" xmlns:xi="http://www.w3.org/2001/XInclude">\(body)</div>
  """
}
