import Dispatch
import MVVMWebTemplates
import MVVMWebViewModels
import Synchronization
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
    let kept = model.rows.map { KeptRow.all(in: $0.kept) }
    try #require(kept.map(\.count) == [1, 1, 1])
    #expect(
      kept.map { Self.text($0[0].markup) } == [
        #"<li class="odd"><a href="https://example.com/a?x=1&amp;y=2">Tom &amp; &#34;Jerry&#34;</a></li>"#,
        #"<li class="even"><a href="/base/local">Ana</a></li>"#,
        #"<li class="odd"><a href="/base/p/7">Bo</a></li>"#,
      ])
    #expect(kept.map { $0[0].row.parity } == [0, 1, 0])
    #expect(kept.map { $0[0].row.usesBasePath } == [false, true, true])
    #expect(kept.map { $0[0].row.usesPrinter } == [false, false, true])
    #expect(kept[2][0].row.printer == links.reuseKey)
    // The next render copies what was kept: a kept row changed by hand shows as changed.
    Self.overwrite("Ana", with: "ANA", keptBy: model.rows[1])
    let second = Self.text(template.render(model, basePath: "/base", links: links))
    #expect(
      second
        == first.replacingOccurrences(
          of: #"<li class="even"><a href="/base/local">Ana</a></li>"#,
          with: #"<li class="even"><a href="/base/local">ANA</a></li>"#))
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
    #expect(KeptRow.all(in: unchanging[2].kept).count == KeptRenderings.capacity)
    // A printer with no key never has its destinations kept.
    #expect(KeptRow.all(in: unchanging[2].kept).allSatisfy { $0.row.usesPrinter })
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
      #expect(rows.allSatisfy { KeptRow.all(in: $0.kept).isEmpty }, "\(body)")
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
    let printer = Printer("p")
    let p = Self.text(template.render(groups, links: printer))
    #expect(
      p
        == #"<div><section><h2>G</h2><a href="/p/7">L</a><a href="https://example.com/a?x=1&amp;y=2">L</a></section></div>"#
    )
    // The inner rows are kept now; the group's markup holds their printed link, so it is kept
    // for printer p, and another printer renders it again.
    #expect(KeptRow.all(in: groups.groups[0].kept).map(\.row.printer) == [printer.reuseKey])
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
    for round in 0..<2 {
      // The second round copies what the first kept.
      #expect(live.items.map { KeptRow.all(in: $0.kept).count } == [round, round])
      let rendered = try #require(template.renderLiveElement(id: "list", live, site: Empty()))
      let rows = try #require(rendered.rows)
      #expect(rows.keys == ["a", "b"])
      #expect(
        rows.ranges.map { Self.text(Array(rendered.html[$0])) } == [
          #"<li data-key="a">A</li>"#, #"<li data-key="b">B</li>"#,
        ])
    }
  }

  @Outputs struct Image {
    var src: Link
    var alt: String
  }

  @Outputs struct Leaf { var label: String }

  @Outputs struct RichRow {
    var name: String
    var image: Image
    var leaves: [Leaf]
  }

  @Outputs struct Header { var label: String }

  @Outputs struct Rich {
    var flag: Bool
    var header: Header
    var rows: [Unchanging<RichRow>]
  }

  @Outputs struct PlainRich {
    var flag: Bool
    var header: Header
    var rows: [RichRow]
  }

  static let richRows = [
    RichRow(
      name: "One", image: Image(src: .web("/img/1.png"), alt: "first"),
      leaves: [Leaf(label: "a"), Leaf(label: "b")]),
    RichRow(
      name: "Two & more", image: Image(src: .web("https://cdn.example/2.png"), alt: "second"),
      leaves: []),
  ]

  /// Each body rendered under every condition a page may change (a page flag, an enclosing
  /// object's text, the base path, the rows' order) reads as the plain rows do; rows are kept
  /// exactly where they depend on their item (and parity) alone.
  @Test(arguments: [
    (#"<li m:repeat="rows"><b m:if="flag">!</b><span m:text="name">N</span></li>"#, false),
    (
      #"<div m:object="header"><p m:repeat="rows"><span m:text="label">L</span> <span m:text="name">N</span></p></div>"#,
      false
    ),
    (
      #"<li m:repeat="rows"><img m:object="image" src="x.png" alt="" m:attr="src src; alt alt"/></li>"#,
      true
    ),
    (
      #"<section m:repeat="rows"><h2 m:text="name">N</h2><i m:repeat="leaves"><span m:text="label">L</span>/<span m:text="name">N</span></i></section>"#,
      true
    ),
    (
      #"<li m:repeat="rows"><b m:if="odd">o</b><b m:if="even">e</b><span m:text="name">N</span></li>"#,
      true
    ),
  ])
  func rowsAreKeptExactlyWhereTheirItemAloneDecides(body: String, keeps: Bool) throws {
    let library = try TemplateFixture([
      "r.xhtml": page(body), "plain.xhtml": page(body),
    ]).library(["r.xhtml": Rich.outputSchema, "plain.xhtml": PlainRich.outputSchema])
    let template = try #require(library["r.xhtml"])
    let plainTemplate = try #require(library["plain.xhtml"])
    let rows = Self.richRows.map { Unchanging($0) }
    for flag in [true, false] {
      for label in ["A", "B"] {
        for basePath in ["/a", "/b"] {
          for order in [[0, 1], [1, 0]] {
            let rich = Rich(flag: flag, header: Header(label: label), rows: order.map { rows[$0] })
            let plain = PlainRich(
              flag: flag, header: Header(label: label), rows: order.map { Self.richRows[$0] })
            #expect(
              Self.text(template.render(rich, basePath: basePath))
                == Self.text(plainTemplate.render(plain, basePath: basePath)))
          }
        }
      }
    }
    #expect(rows.allSatisfy { !KeptRow.all(in: $0.kept).isEmpty } == keeps)
  }

  @Test func templatesSharingItemsKeepTheirOwnRows() throws {
    let list = #"<ul><li m:repeat="rows" m:text="name">N</li></ul>"#
    let other = #"<p m:repeat="rows"><b m:text="name">N</b></p>"#
    let files = ["l.xhtml": page(list), "o.xhtml": page(other)]
    let schemas = ["l.xhtml": Page.outputSchema, "o.xhtml": Page.outputSchema]
    // The same file compiled twice, as a reload does, and another template.
    let first = try TemplateFixture(files).library(schemas)
    let reloaded = try TemplateFixture(files).library(schemas)
    let model = Page(title: "T", rows: [Unchanging(Self.rows[1])])
    for _ in 0..<2 {
      for (library, name) in [(first, "l.xhtml"), (reloaded, "l.xhtml"), (first, "o.xhtml")] {
        let template = try #require(library[name])
        let expected =
          name == "l.xhtml" ? "<div><ul><li>Ana</li></ul></div>" : "<div><p><b>Ana</b></p></div>"
        #expect(Self.text(template.render(model)) == expected)
      }
    }
    #expect(KeptRow.all(in: model.rows[0].kept).count == 3)
  }

  @Test func rowsRenderedOnManyThreadsAtOnceReadAsPlainOnes() throws {
    let (template, plainTemplate) = try Self.templates(
      #"<li m:repeat="rows" m:attr="class parity"><a href="x" m:attr="href link" m:text="name">N</a></li>"#
    )
    let rows = Self.rows.map { Unchanging($0) }
    let printers = [Printer("p"), Printer("q")]
    let conditions = (0..<8).map {
      (basePath: $0 % 2 == 0 ? "/a" : "/b", links: printers[$0 / 2 % 2])
    }
    let expected = conditions.map { condition in
      Self.text(
        plainTemplate.render(
          PlainPage(title: "T", rows: Self.rows), basePath: condition.basePath,
          links: condition.links))
    }
    let mismatches = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for round in 0..<200 {
        let index = (thread + round) % conditions.count
        let page = Self.text(
          template.render(
            Page(title: "T", rows: rows), basePath: conditions[index].basePath,
            links: conditions[index].links))
        if page != expected[index] { mismatches.withLock { $0 += 1 } }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
  }

  /// Writes `replacement` over the first `text` (of the same length) in the markup `item` kept.
  static func overwrite(_ text: String, with replacement: String, keptBy item: Unchanging<Row>) {
    _ = item.kept.first { contents in
      let row = contents.load(as: KeptRow.self)
      let start = contents + MemoryLayout<KeptRow>.stride + row.basePathCount
      let markup = UnsafeMutableBufferPointer(
        start: UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self)),
        count: row.byteCount)
      let old = Array(text.utf8)
      guard markup.count >= old.count,
        let offset = (0...markup.count - old.count).first(where: {
          Array(markup[$0..<$0 + old.count]) == old
        })
      else { return false }
      for (index, byte) in replacement.utf8.enumerated() { markup[offset + index] = byte }
      return true
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
