import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// `m:key`: a live element's repeat whose rows carry their key (`data-key`), and whose rendering
/// on its own says where each row lies, for the live hub's diff.
@Suite struct KeyedRowsTests {
  @Outputs struct List {
    @Outputs struct Item {
      var key: String
      var label: String
      var shown: Bool
    }
    var title: String
    var items: [Item]
  }

  static let template = page(
    """
    <div id="list" m:live=""><h2 m:text="title">T</h2><ul><li m:repeat="items" m:key="key" m:if="shown" class="row"><span m:text="label">L</span></li></ul></div>
    """)

  func library() throws -> TemplateLibrary {
    try TemplateFixture(["list.xhtml": Self.template]).library(["list.xhtml": List.outputSchema])
  }

  @Test func eachRowCarriesItsKeyFirstEscapedAndTheElementSaysWhereTheRowsLie() throws {
    let template = try #require(try library()["list.xhtml"])
    let list = List(
      title: "Two",
      items: [
        .init(key: "a\"<&", label: "First", shown: true),
        .init(key: "hidden", label: "Gone", shown: false),
        .init(key: "b", label: "Second", shown: true),
      ])
    let page = String(decoding: template.render(list), as: UTF8.self)
    #expect(page.contains(#"<li data-key="a&#34;&lt;&amp;" class="row"><span>First</span></li>"#))
    let rendered = try #require(template.renderLiveElement(id: "list", list, site: Empty()))
    let html = String(decoding: rendered.html, as: UTF8.self)
    #expect(page.contains(html))
    let rows = try #require(rendered.rows)
    // A row a condition leaves out is no row.
    #expect(rows.keys == ["a\"<&", "b"])
    #expect(
      rows.ranges.map { String(decoding: rendered.html[$0], as: UTF8.self) } == [
        #"<li data-key="a&#34;&lt;&amp;" class="row"><span>First</span></li>"#,
        #"<li data-key="b" class="row"><span>Second</span></li>"#,
      ])
    #expect(
      String(decoding: rendered.html[..<rows.span.lowerBound], as: UTF8.self).hasSuffix("<ul>"))
    #expect(
      String(decoding: rendered.html[rows.span.upperBound...], as: UTF8.self) == "</ul></div>")
  }

  @Test func anEmptyListMarksWhereItsRowsWouldGo() throws {
    let template = try #require(try library()["list.xhtml"])
    let rendered = try #require(
      template.renderLiveElement(id: "list", List(title: "None", items: []), site: Empty()))
    let rows = try #require(rendered.rows)
    #expect(rows.keys.isEmpty && rows.span.isEmpty)
    #expect(
      String(decoding: rendered.html[rows.span.upperBound...], as: UTF8.self) == "</ul></div>")
  }

  static let refused: [(String, String)] = [
    (
      #"<p m:key="id"/>"#,
      "m:key names the key of a repeat's items: it belongs on an m:repeat element"
    ),
    (
      #"<ul><li m:repeat="rows" m:key="id" m:text="id"/></ul>"#,
      #"m:key="id" keys the rows of a live element: the m:repeat must be inside an m:live element"#
    ),
    (
      #"<div id="l" m:live=""><li m:repeat="rows" m:key="name"/></div>"#,
      #"m:key="name": the items of rows have no output named "name" (expected text)"#
    ),
    (
      #"<div id="l" m:live=""><li m:repeat="rows" m:key="first"/></div>"#,
      #"m:key="first": the items of rows have no output named "first" (expected text)"#
    ),
    (
      #"<div id="l" m:live=""><li m:repeat="rows" m:key="id" m:omit-tag=""/></div>"#,
      #"m:key="id" is written as the element's data-key: it cannot have m:omit-tag"#
    ),
    (
      #"<div id="l" m:live=""><p m:repeat="rows"><i m:repeat="rows" m:key="id"/></p></div>"#,
      #"m:key="id" cannot key a repeat inside another m:repeat"#
    ),
    (
      #"<div id="l" m:live=""><p m:repeat="rows" m:key="id"/><i m:repeat="rows" m:key="id"/></div>"#,
      "an m:live element can have one keyed repeat (m:key), and this is a second"
    ),
  ]

  @Test(arguments: refused)
  func refusedWithFileAndLine(body: String, message: String) throws {
    let fixture = try TemplateFixture(["bad.xhtml": page("\n" + body + "\n")])
    #expect(fixture.errors(["bad.xhtml": LoadErrorTests.schema]) == ["bad.xhtml:2: \(message)"])
  }

  @Test func aKeyMustBeText() throws {
    let fixture = try TemplateFixture([
      "bad.xhtml": page("\n" + #"<div id="l" m:live=""><p m:repeat="items" m:key="shown"/></div>"#)
    ])
    #expect(
      fixture.errors(["bad.xhtml": List.outputSchema])
        == [#"bad.xhtml:2: m:key="shown" needs a text output, but shown is flag"#])
  }
}
