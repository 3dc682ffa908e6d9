import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// A page with live parts must load the live script, or they never change: the load refuses it
/// at the first live part, saying what to add.
@Suite struct LiveScriptCheckTests {
  static let script = "/static/mvvmweb/live.js"

  func errors(_ body: String) throws -> [String] {
    let fixture = try TemplateFixture(["p.xhtml": page(body)])
    do {
      _ = try TemplateLibrary(
        directory: fixture.directory, pages: ["p.xhtml": Rows.outputSchema],
        liveScript: Self.script)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  @Test(arguments: [
    #"<ul id="rows" m:live="">"#, #"<form method="post" m:inputs="">"#,
  ])
  func aLivePartWithoutTheScriptStopsTheLoad(opening: String) throws {
    let closing = opening.hasPrefix("<ul") ? "</ul>" : "</form>"
    #expect(
      try errors("\n<h1>Rows</h1>\n\(opening)<li>a</li>\(closing)") == [
        #"p.xhtml:3: the page has live parts (m:live, m:inputs) but does not load their script: add <script src="/static/mvvmweb/live.js" defer="defer"></script> to its head, or they never change"#
      ])
    #expect(
      try errors(
        "<script src=\"\(Self.script)\" defer=\"defer\"></script>\(opening)<li>a</li>\(closing)"
      ) == [])
  }

  @Test func anotherScriptIsNotTheLiveScript() throws {
    #expect(
      try errors(#"<script src="/static/app.js"></script><ul id="r" m:live=""><li>a</li></ul>"#)
        .count == 1)
  }

  @Test func aPageWithoutLivePartsNeedsNoScript() throws {
    #expect(try errors(#"<ul id="r"><li m:repeat="rows" m:text="name">a</li></ul>"#) == [])
  }
}
