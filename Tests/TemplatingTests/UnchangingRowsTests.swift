import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// `Unchanging` items: a row's markup is kept on its first render and copied on the next ones,
/// only under the conditions it was made for (the template's part, the parity it writes, the
/// link printer and base path it used), and a page reads the same bytes either way.
@Suite struct UnchangingRowsTests {
  @Outputs struct Row: Equatable {
    var name: String
    var link: Link
  }

  @Outputs struct Page {
    var title: String
    var rows: [Unchanging<Row>]
  }

  @Outputs struct PlainPage {
    var title: String
    var rows: [Row]
  }

  @Outputs struct Group {
    var name: String
    var items: [Unchanging<Row>]
  }

  @Outputs struct Groups {
    var groups: [Unchanging<Group>]
  }

  @Outputs struct Item: Equatable {
    var key: String
    var label: String
  }

  @Outputs struct Live {
    var items: [Unchanging<Item>]
  }

  /// Prints a place as `/<prefix>/<n>`; printers with different prefixes have different keys.
  struct Printer: LinkPrinter {
    let prefix: String
    let reuseKey: UInt64?

    init(_ prefix: String, keyed: Bool = true) {
      self.prefix = prefix
      reuseKey = keyed ? Self.newReuseKey() : nil
    }

    func path(for destination: any Destination) -> String {
      guard case .item(let number)? = destination as? Place else { return "" }
      return "/\(prefix)/\(number)"
    }
  }

  /// The page with `row` as its list's body, for unchanging rows and for plain ones.
  static func templates(_ row: String) throws -> (CompiledTemplate, plain: CompiledTemplate) {
    let library = try TemplateFixture([
      "p.xhtml": page(#"<h1 m:text="title">T</h1><ul>\#(row)</ul>"#),
      "plain.xhtml": page(#"<h1 m:text="title">T</h1><ul>\#(row)</ul>"#),
    ]).library(["p.xhtml": Page.outputSchema, "plain.xhtml": PlainPage.outputSchema])
    return (try #require(library["p.xhtml"]), try #require(library["plain.xhtml"]))
  }

  static let rows = [
    Row(name: "Tom & \"Jerry\"", link: .web("https://example.com/a?x=1&y=2")),
    Row(name: "Ana", link: .web("/local")),
    Row(name: "Bo", link: Link(Place.item(7))),
  ]

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func aRowIsKeptOnItsFirstRenderAndCopiedOnTheNext() throws {
    let (template, _) = try Self.templates(
      #"<li m:repeat="rows" m:attr="class parity"><a href="x" m:attr="href link" m:text="name">N</a></li>"#
    )
    let model = Page(title: "One", rows: Self.rows.map { Unchanging($0) })
    let links = Printer("p")
    let first = Self.text(template.render(model, basePath: "/base", links: links))
    #expect(
      first
        == #"<div><h1>One</h1><ul><li class="odd"><a href="https://example.com/a?x=1&amp;y=2">Tom &amp; &#34;Jerry&#34;</a></li><li class="even"><a href="/base/local">Ana</a></li><li class="odd"><a href="/base/p/7">Bo</a></li></ul></div>"#
    )
    // Each row keeps its markup, with the conditions it used and no others.
    let kept = model.rows.map { $0.kept.withRenderings { $0 } }
    try #require(kept.map(\.count) == [1, 1, 1])
    #expect(Self.text(kept[0][0].bytes).hasPrefix(#"<li class="odd"><a href="https://"#))
    #expect(kept.map { $0[0].parity } == [0, 1, 0])
    #expect(kept.map { $0[0].basePath } == [nil, Array("/base".utf8), Array("/base".utf8)])
    #expect(kept.map { $0[0].printer } == [nil, nil, links.reuseKey])
    // The next render copies what was kept: a kept row changed by hand shows as changed.
    model.rows[1].kept.withRenderings { $0[0].bytes = Array("<li>kept</li>".utf8) }
    let second = Self.text(template.render(model, basePath: "/base", links: links))
    #expect(
      second
        == first.replacingOccurrences(
          of: #"<li class="even"><a href="/base/local">Ana</a></li>"#, with: "<li>kept</li>"))
  }

  @Test func unchangingRowsRenderAsTheSameRowsPlainUnderEveryCondition() throws {
    let (template, plainTemplate) = try Self.templates(
      #"<li m:repeat="rows" m:attr="class parity"><a href="x" m:attr="href link" m:text="name">N</a></li>"#
    )
    let unchanging = Self.rows.map { Unchanging($0) }
    // The same items in other places (parities) and under other base paths and printers, in
    // turn, twice over: every page as the plain rows render it.
    let orders = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    let printers = [Printer("p"), Printer("q"), Printer("r", keyed: false)]
    for round in 0..<2 {
      for order in orders {
        for basePath in ["", "/base", "/other"] {
          for links in printers {
            let model = Page(title: "T\(round)", rows: order.map { unchanging[$0] })
            let plain = PlainPage(title: "T\(round)", rows: order.map { Self.rows[$0] })
            #expect(
              Self.text(template.render(model, basePath: basePath, links: links))
                == Self.text(plainTemplate.render(plain, basePath: basePath, links: links)))
          }
        }
      }
    }
    // At most `capacity` renderings per item, however many conditions it met.
    #expect(unchanging[2].kept.withRenderings { $0.count } == KeptRenderings.capacity)
    // A printer with no key never has its destinations kept.
    #expect(unchanging[2].kept.withRenderings { $0.allSatisfy { $0.printer != nil } })
  }

  @Test func rowsThatReadMoreThanTheirItemAreNeverKept() throws {
    for body in [
      #"<li m:repeat="rows"><span m:text="index">1</span> <span m:text="name">N</span></li>"#,
      #"<li m:repeat="rows"><b m:if="first">first</b><b m:if="last">last</b><span m:text="name">N</span></li>"#,
      #"<li m:repeat="rows"><span m:text="title">T</span>: <span m:text="name">N</span></li>"#,
    ] {
      let (template, plainTemplate) = try Self.templates(body)
      let rows = Self.rows.map { Unchanging($0) }
      for (title, order) in [("A", [0, 1, 2]), ("B", [2, 1, 0])] {
        let model = Page(title: title, rows: order.map { rows[$0] })
        let plain = PlainPage(title: title, rows: order.map { Self.rows[$0] })
        #expect(Self.text(template.render(model)) == Self.text(plainTemplate.render(plain)))
      }
      #expect(rows.allSatisfy { $0.kept.withRenderings { $0.isEmpty } }, "\(body)")
    }
    // Exactly, for the index: reversed rows are numbered afresh.
    let (template, _) = try Self.templates(
      #"<li m:repeat="rows"><span m:text="index">1</span> <span m:text="name">N</span></li>"#)
    let rows = Array(Self.rows.map { Unchanging($0) }.reversed())
    #expect(
      Self.text(template.render(Page(title: "A", rows: rows)))
        == #"<div><h1>A</h1><ul><li><span>1</span> <span>Bo</span></li><li><span>2</span> <span>Ana</span></li><li><span>3</span> <span>Tom &amp; &#34;Jerry&#34;</span></li></ul></div>"#
    )
  }

  @Test func aRowKeptWithAnInnerRowThatPrintedADestinationIsKeptForThatPrinterOnly() throws {
    let library = try TemplateFixture([
      "g.xhtml": page(
        #"<section m:repeat="groups"><h2 m:text="name">G</h2><a m:repeat="items" href="x" m:attr="href link">L</a></section>"#
      )
    ]).library(["g.xhtml": Groups.outputSchema])
    let template = try #require(library["g.xhtml"])
    let groups = Groups(groups: [
      Unchanging(Group(name: "G", items: [Unchanging(Self.rows[2]), Unchanging(Self.rows[0])]))
    ])
    let p = Self.text(template.render(groups, links: Printer("p")))
    #expect(
      p
        == #"<div><section><h2>G</h2><a href="/p/7">L</a><a href="https://example.com/a?x=1&amp;y=2">L</a></section></div>"#
    )
    // The inner rows are kept now; the group's markup holds their printed link, so it is kept
    // for printer p, and another printer renders it again.
    #expect(groups.groups[0].kept.withRenderings { $0.map(\.printer) } != [nil])
    let q = Self.text(template.render(groups, links: Printer("q")))
    #expect(q == p.replacingOccurrences(of: "/p/7", with: "/q/7"))
  }

  @Test func keyedUnchangingRowsSayWhereEachRowLiesLikePlainOnes() throws {
    let library = try TemplateFixture([
      "l.xhtml": page(
        #"<ul id="list" m:live=""><li m:repeat="items" m:key="key" m:text="label">L</li></ul>"#
      )
    ]).library(["l.xhtml": Live.outputSchema])
    let template = try #require(library["l.xhtml"])
    let live = Live(items: [
      Unchanging(Item(key: "a", label: "A")), Unchanging(Item(key: "b", label: "B")),
    ])
    for _ in 0..<2 {
      let rendered = try #require(template.renderLiveElement(id: "list", live, site: Empty()))
      let rows = try #require(rendered.rows)
      #expect(rows.keys == ["a", "b"])
      #expect(
        rows.ranges.map { Self.text(Array(rendered.html[$0])) } == [
          #"<li data-key="a">A</li>"#, #"<li data-key="b">B</li>"#,
        ])
    }
  }

  @Test func anUnchangingItemReadsAndComparesAsItsItem() {
    let row = Unchanging(Self.rows[1])
    #expect(row.name == "Ana")
    #expect(row == Unchanging(Self.rows[1]))
    #expect(row != Unchanging(Self.rows[0]))
    #expect(Page.outputSchema.fields[1].kind == .list(Row.outputSchema))
  }
}
