import MVVMWebTemplates
import MVVMWebViewModels
import Testing

@Suite struct BindingTests {
  @Test func textIsEscapedAndReplacesTheMockup() throws {
    let fixture = try TemplateFixture(["p.xhtml": page(#"<p m:text="name">Mock name</p>"#)])
    let html = try fixture.render("p.xhtml", NameOnly(name: #"<b>Tom & "Jerry's"</b>"#))
    #expect(html == "<div><p>&lt;b&gt;Tom &amp; &#34;Jerry&#39;s&#34;&lt;/b&gt;</p></div>")
  }

  @Test func illegalCharactersAreDropped() throws {
    let fixture = try TemplateFixture(["p.xhtml": page(#"<p m:text="name">x</p>"#)])
    let html = try fixture.render(
      "p.xhtml", NameOnly(name: "a\u{0}b\u{1B}c\u{85}d\u{FFFE}e\tf"))
    #expect(html == "<div><p>abcde\tf</p></div>")
  }

  /// A bound attribute is written where its sample value stands; one without a sample comes
  /// after the element's other attributes.
  @Test func attributesFromOutputsWithBasePathOnRootRelativeURLs() throws {
    let fixture = try TemplateFixture([
      "a.xhtml": page(
        ##"<a href="#mock" title="mock" class="link" m:attr="href link; title name">x</a><img src="/static/a.png" alt=""/><a m:attr="href away">y</a>"##
      )
    ])
    let html = try fixture.render(
      "a.xhtml",
      Anchors(
        link: .web("/matches/7/edit"), name: "Ann \"A\"", away: .web("https://example.com/?a=1&b=2")
      ),
      basePath: "/league")
    #expect(
      html
        == #"<div><a href="/league/matches/7/edit" title="Ann &#34;A&#34;" class="link">x</a><img src="/league/static/a.png" alt=""><a href="https://example.com/?a=1&amp;b=2">y</a></div>"#
    )
  }

  @Test func boundAttributesTakeTheirSamplesPlaces() throws {
    let fixture = try TemplateFixture([
      "i.xhtml": page(
        #"<img class="c" src="/static/x.png" alt="" width="1" m:attr="title name; src link; width name"/>"#
      )
    ])
    #expect(
      try fixture.render("i.xhtml", Anchors(link: .web("/a.png"), name: "7", away: .web("")))
        == #"<div><img class="c" src="/a.png" alt="" width="7" title="7"></div>"#)
  }

  @Test func optionalsSwitchAttributesAndAbsentOnesLeaveThemOut() throws {
    let fixture = try TemplateFixture([
      "f.xhtml": page(
        #"<input title="mock" m:attr="title note; aria-invalid note; autofocus note; aria-hidden on"/>"#
      )
    ])
    let schema = Everything.self
    let present = try fixture.render(
      "f.xhtml", schema.init(name: "", link: .web("/"), rows: [], on: false, note: "Too long"))
    #expect(present == #"<div><input title="Too long" aria-invalid="true" autofocus></div>"#)
    let absent = try fixture.render(
      "f.xhtml", schema.init(name: "", link: .web("/"), rows: [], on: true, note: nil))
    #expect(absent == #"<div><input aria-hidden="true"></div>"#)
  }

  @Test func booleanAttributesFromFlags() throws {
    let fixture = try TemplateFixture([
      "c.xhtml": page(#"<input type="checkbox" m:attr="checked on; disabled off"/>"#)
    ])
    let html = try fixture.render("c.xhtml", Flags(on: true, off: false))
    #expect(html == #"<div><input type="checkbox" checked></div>"#)
  }

  @Test func repeatWithItemScopeIndexAndPosition() throws {
    let fixture = try TemplateFixture([
      "r.xhtml": page(
        #"<ul><li m:repeat="rows" m:attr="class parity"><span m:text="index">1</span>:<span m:text="name">n</span><b m:if="odd">o</b><i m:if="last">L</i><em m:text="title">t</em><s m:text="parity">p</s></li><li m:mock="">Mock row</li></ul>"#
      )
    ])
    let html = try fixture.render(
      "r.xhtml", Rows(rows: [.init(name: "A"), .init(name: "B"), .init(name: "C")], title: "T"))
    #expect(
      html
        == #"<div><ul><li class="odd"><span>1</span>:<span>A</span><b>o</b><em>T</em><s>odd</s></li><li class="even"><span>2</span>:<span>B</span><em>T</em><s>even</s></li><li class="odd"><span>3</span>:<span>C</span><b>o</b><i>L</i><em>T</em><s>odd</s></li></ul></div>"#
    )
  }

  /// A page is written into storage sized by the template's last rendering: one that outgrows
  /// it, by a little or by far, and a small one after a large one all come out whole.
  @Test func pagesOfEverySizeComeOutWholeFromOneTemplate() throws {
    let fixture = try TemplateFixture([
      "r.xhtml": page(#"<ul><li m:repeat="rows" m:text="name">n</li></ul><p m:text="title">t</p>"#)
    ])
    let library = try fixture.library(["r.xhtml": Rows.outputSchema])
    let template = try #require(library["r.xhtml"])
    for count in [1, 3, 4, 2_000, 2_300, 5, 0, 40_000, 1] {
      let names = (0..<count).map { "Row \($0) & co" }
      let html = String(
        decoding: template.render(Rows(rows: names.map { .init(name: $0) }, title: "T\(count)")),
        as: UTF8.self)
      let items = names.map { "<li>\($0.replacingOccurrences(of: "&", with: "&amp;"))</li>" }
      #expect(html == "<div><ul>\(items.joined())</ul><p>T\(count)</p></div>", "\(count) rows")
    }
  }

  @Test func conditionsObjectsAndOmittedTags() throws {
    let fixture = try TemplateFixture([
      "o.xhtml": page(
        #"<p m:if="shown">yes</p><p m:unless="shown">no</p><section m:object="child"><h2 m:text="heading">h</h2></section><span m:omit-tag="">kept <b>children</b></span>"#
      )
    ])
    let html = try fixture.render(
      "o.xhtml",
      Nested(shown: false, child: .init(heading: "Inside")))
    #expect(html == "<div><p>no</p><section><h2>Inside</h2></section>kept <b>children</b></div>")
  }

  @Test func layoutSlotsPartialsAndHTML5Output() throws {
    let fixture = try TemplateFixture([
      "layout.xhtml": """
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" lang="en"><head><meta charset="utf-8"/><title m:slot="title">x</title><link rel="stylesheet" href="/static/app.css"/></head><body><nav><a href="/matches" m:attr="href matches" m:section="matches">Matches</a><a href="/users" m:attr="href users" m:section="users">Users</a></nav><main m:slot="main">mock</main><script>var a = 1 &lt; 2;</script></body></html>
      """,
      "partials/row.xhtml": """
      <tr xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template"><td m:text="name">n</td><td><br/></td></tr>
      """,
      "page.xhtml": """
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" xmlns:xi="http://www.w3.org/2001/XInclude" m:layout="layout.xhtml" m:section="matches"><head><title m:fill="title"><span m:text="title" m:omit-tag="">T</span> · Site</title></head><body><main m:fill="main"><table><tbody><xi:include href="partials/row.xhtml"/></tbody></table></main></body></html>
      """,
    ])
    let html = try fixture.render(
      "page.xhtml", Titled(title: "Matches", name: "Ann"), site: SiteScopeTests.site,
      basePath: "/p")
    #expect(
      html
        == #"<!DOCTYPE html>\#n<html lang="en"><head><meta charset="utf-8"><title>Matches · Site</title><link rel="stylesheet" href="/p/static/app.css"></head><body><nav><a href="/p/matches" aria-current="page">Matches</a><a href="/p/users">Users</a></nav><main><table><tbody><tr><td>Ann</td><td><br></td></tr></tbody></table></main><script>var a = 1 < 2;</script></body></html>"#
    )
  }
}

@Suite struct LiveElementTests {
  @Test func aLiveElementRendersOnItsOwnAsInThePage() throws {
    let fixture = try TemplateFixture([
      "f.xhtml": page(
        #"<h1 id="top" m:text="title">t</h1><ul id="list" m:live=""><li m:repeat="rows" id="row"><a m:attr="href link" m:text="name">n</a></li></ul><p id="more" m:live="" m:text="title">x</p>"#
      )
    ])
    let library = try fixture.library(["f.xhtml": Fragments.outputSchema])
    let template = try #require(library["f.xhtml"])
    #expect(template.liveElementIDs == ["list", "more"])
    let outputs = Fragments(title: "T", rows: [.init(name: "A", link: .web("/a"))])
    let list = try #require(template.renderElement(id: "list", outputs, basePath: "/p"))
    let expected = #"<ul id="list" data-live=""><li id="row"><a href="/p/a">A</a></li></ul>"#
    #expect(String(decoding: list, as: UTF8.self) == expected)
    let whole = String(decoding: template.render(outputs, basePath: "/p"), as: UTF8.self)
    #expect(whole.contains(expected))
    // Only m:live elements are pushed: an id alone (a label's target, a skip link's) is not.
    #expect(template.renderElement(id: "top", outputs) == nil)
    #expect(template.renderElement(id: "row", outputs) == nil)
  }

  @Test func misplacedLiveElementsAreRefusedAtLoad() throws {
    let fixture = try TemplateFixture([
      "f.xhtml": page(
        #"""
        <ul m:live=""><li>no id</li></ul>
        <div m:if="shown"><p id="inside" m:live="">conditional</p></div>
        <ul><li m:repeat="rows" id="item" m:live="">repeated</li></ul>
        <p id="twice" m:live="">one</p><p id="twice" m:live="">two</p>
        """#)
    ])
    let misplaced = { (id: String) in
      "the m:live element \"\(id)\" is re-rendered on its own, so it cannot be inside or carry "
        + "m:repeat, m:object, m:if, m:unless or m:omit-tag: put those inside it"
    }
    #expect(
      fixture.errors(["f.xhtml": Fragments.outputSchema]) == [
        "f.xhtml:1: an m:live element needs a fixed id attribute: the page swaps it in by id",
        "f.xhtml:2: " + misplaced("inside"),
        "f.xhtml:3: " + misplaced("item"),
        "f.xhtml:4: two m:live elements have the id \"twice\"",
      ])
  }
}

@Suite struct LiveInputsBindingTests {
  @Test func aFormsLivePartsAnswerItsInputsAndAreNotPushed() throws {
    let fixture = try TemplateFixture([
      "f.xhtml": page(
        #"<p id="more" m:live="" m:text="title">x</p><form method="post" action="/static/a" m:inputs=""><input name="n"/><p id="msg" m:live="" m:text="title">m</p></form>"#
      )
    ])
    let library = try fixture.library(["f.xhtml": Fragments.outputSchema])
    let template = try #require(library["f.xhtml"])
    #expect(template.liveElementIDs == ["more"])
    #expect(template.inputElementIDs == ["msg"])
    let outputs = Fragments(title: "T", rows: [])
    let whole = String(decoding: template.render(outputs, basePath: "/p"), as: UTF8.self)
    #expect(
      whole.contains(
        #"<form method="post" action="/p/static/a" data-inputs="1"><input name="n"><p id="msg">T</p></form>"#
      ))
    let part = try #require(template.renderElement(id: "msg", outputs))
    #expect(String(decoding: part, as: UTF8.self) == #"<p id="msg">T</p>"#)
  }

  /// Each form is numbered in the template, so one left out by `m:unless` leaves the others'
  /// numbers as they are, and each lists its own parts.
  @Test func eachFormIsNumberedAndAnswersWithItsOwnParts() throws {
    let fixture = try TemplateFixture([
      "f.xhtml": page(
        #"<form method="post" action="/static/a" m:inputs="" m:unless="shown"><input name="a"/></form>"#
          + #"<form method="post" action="/static/b" m:inputs=""><p id="b1" m:live="" m:text="title">b</p><p id="b2" m:live="" m:text="title">b</p></form>"#
      )
    ])
    let library = try fixture.library(["f.xhtml": Fragments.outputSchema])
    let template = try #require(library["f.xhtml"])
    #expect(template.inputForms == [[], ["b1", "b2"]])
    #expect(template.inputElementIDs == ["b1", "b2"])
    #expect(template.liveElementIDs == [])
    let whole = String(
      decoding: template.render(Fragments(title: "T", rows: [], shown: true)), as: UTF8.self)
    #expect(
      whole.hasSuffix(
        #"<form method="post" action="/static/b" data-inputs="2"><p id="b1">T</p><p id="b2">T</p></form></div>"#
      ))
    #expect(!whole.contains(#"data-inputs="1""#))
  }

  @Test func inputsOutsideAPostingFormAreRefusedAtLoad() throws {
    let fixture = try TemplateFixture([
      "f.xhtml": page(
        #"""
        <div m:inputs="">not a form</div>
        <form action="a" m:inputs="">a get form</form>
        <form method="post" id="f" m:inputs="" m:live="">itself live</form>
        <form method="post" m:inputs=""><form method="post" m:inputs="">inside</form></form>
        """#)
    ])
    let notAForm =
      "m:inputs belongs on a <form method=\"post\">: input events are the form's fields posted "
      + "to its action"
    #expect(
      fixture.errors(["f.xhtml": Fragments.outputSchema]) == [
        "f.xhtml:1: " + notAForm,
        "f.xhtml:2: " + notAForm,
        "f.xhtml:3: an m:inputs form cannot itself be m:live: put m:live on the parts inside it",
        "f.xhtml:4: an m:inputs form cannot be inside another m:inputs form",
      ])
  }
}

@Suite struct TypedOutputTests {
  @Test func optionalsArePresentOrAbsent() throws {
    let fixture = try TemplateFixture([
      "o.xhtml": page(
        #"<p m:if="note" m:text="note">n</p><p m:unless="note">none</p><section m:object="child"><h2 m:text="heading">h</h2></section><b m:text="count">0</b>"#
      )
    ])
    #expect(
      try fixture.render("o.xhtml", Optionals(note: "Hi", child: .init(heading: "In"), count: 42))
        == "<div><p>Hi</p><section><h2>In</h2></section><b>42</b></div>")
    #expect(
      try fixture.render("o.xhtml", Optionals(note: nil, child: nil, count: nil))
        == "<div><p>none</p><b></b></div>")
  }

  @Test func numbersAreWrittenAsDecimalDigits() throws {
    let fixture = try TemplateFixture(["n.xhtml": page(#"<b m:text="count">0</b>"#)])
    for number in [0, 7, 9, 10, 64, 99, 100, -7, 1_234_567, Int.max, Int.min] {
      #expect(
        try fixture.render("n.xhtml", Optionals(note: nil, child: nil, count: number))
          == "<div><b>\(number)</b></div>")
    }
  }

  @Test func destinationsArePrintedByTheLinkPrinterUnderTheBasePath() throws {
    struct Printer: LinkPrinter {
      func path(for destination: any Destination) -> String {
        guard case .item(let number)? = destination as? Place else { return "" }
        return "/items/\(number)?a=1&b=2"
      }
    }
    let fixture = try TemplateFixture([
      "d.xhtml": page(#"<a m:attr="href here">x</a><a m:if="maybe" m:attr="href maybe">y</a>"#)
    ])
    #expect(
      try fixture.render(
        "d.xhtml", Destinations(here: .item(3), maybe: nil), basePath: "/p", links: Printer())
        == #"<div><a href="/p/items/3?a=1&amp;b=2">x</a></div>"#)
    #expect(
      try fixture.render("d.xhtml", Destinations(here: .item(3), maybe: .item(4)))
        == #"<div><a href="about:invalid#blocked">x</a><a href="about:invalid#blocked">y</a></div>"#
    )
  }

  /// A stored `Link` is read in place: a web address (long, short or empty) is written as it is,
  /// and a destination, whose own address is empty, still goes to the link printer.
  @Test func storedLinksOfBothKindsAreWrittenFromWhereTheyLie() throws {
    struct Printer: LinkPrinter {
      func path(for destination: any Destination) -> String {
        (destination as? Asset).map { "/static/\($0.file)" } ?? ""
      }
    }
    let fixture = try TemplateFixture(["a.xhtml": page(#"<a m:attr="href link">x</a>"#)])
    let long = "https://covers.example.com/albums/1234/front.jpg?size=64&format=webp"
    let cases: [(Link, String)] = [
      (.web(long), long.replacingOccurrences(of: "&", with: "&amp;")),
      (.web("/a"), "/p/a"), (.web(""), ""), (Link(Asset("cover.svg")), "/p/static/cover.svg"),
    ]
    for (link, href) in cases {
      #expect(
        try fixture.render("a.xhtml", LinkOnly(link: link), basePath: "/p", links: Printer())
          == "<div><a href=\"\(href)\">x</a></div>")
    }
  }

  /// Stored outputs are read where they lie in the view model; computed ones through its type.
  /// The two ways write the same bytes for every kind, escaping and URL checks included.
  @Test func storedAndComputedOutputsRenderAlike() throws {
    let fixture = try TemplateFixture([
      "s.xhtml": page(
        #"<p m:text="text">t</p><a href="x" title="t" m:attr="href link; title text">a</a><b m:text="number">0</b><input type="checkbox" m:attr="checked on"/><i m:if="on">on</i><i m:unless="on">off</i><section m:object="part"><h2 m:attr="title label" m:text="label">l</h2><b m:text="size">0</b></section>"#
      )
    ])
    let values = [
      StoredOutputs(
        text: "Tom & \"Jerry\" <3 'x'\u{1}", number: -42, on: true,
        link: .web("https://x.test/?a=1&b=2"),
        part: .init(label: "Sigur Rós", size: Int.min)),
      StoredOutputs(
        text: "", number: 0, on: false, link: .web(" JavaScript:alert(1)"),
        part: .init(label: "\u{85}\u{9F}", size: Int.max)),
      StoredOutputs(
        text: "plain", number: 7, on: true, link: .web("/static/a.svg"),
        part: .init(label: "", size: 1)),
    ]
    let expected = [
      #"<div><p>Tom &amp; &#34;Jerry&#34; &lt;3 &#39;x&#39;</p><a href="https://x.test/?a=1&amp;b=2" title="Tom &amp; &#34;Jerry&#34; &lt;3 &#39;x&#39;">a</a><b>-42</b><input type="checkbox" checked><i>on</i><section><h2 title="Sigur Rós">Sigur Rós</h2><b>-9223372036854775808</b></section></div>"#,
      #"<div><p></p><a href="about:invalid#blocked" title="">a</a><b>0</b><input type="checkbox"><i>off</i><section><h2 title=""></h2><b>9223372036854775807</b></section></div>"#,
      #"<div><p>plain</p><a href="/base/static/a.svg" title="plain">a</a><b>7</b><input type="checkbox" checked><i>on</i><section><h2 title=""></h2><b>1</b></section></div>"#,
    ]
    for (value, expected) in zip(values, expected) {
      #expect(try fixture.render("s.xhtml", value, basePath: "/base") == expected)
      #expect(
        try fixture.render("s.xhtml", ComputedOutputs(stored: value), basePath: "/base") == expected
      )
    }
    // Compiled for the stored outputs, the template reads `part` in place as part of the page's
    // scope. Rendered with a view model of another type (which typed pages rule out), it asks
    // for each output by number instead, `part`'s through the object.
    let template = try #require(
      try fixture.library(["s.xhtml": StoredOutputs.outputSchema])["s.xhtml"])
    for (value, expected) in zip(values, expected) {
      let page = template.render(ComputedOutputs(stored: value), basePath: "/base")
      #expect(String(decoding: page, as: UTF8.self) == expected)
    }
  }

  /// Offsets are used only on the type they were measured on. A template rendered with a view
  /// model of another type (which typed pages rule out) reads it by field number, never by
  /// another type's offsets.
  @Test func aViewModelOfAnotherTypeIsNeverReadByOffsets() throws {
    let fixture = try TemplateFixture([
      "s.xhtml": page(#"<p m:text="text">t</p><b m:text="number">0</b>"#)
    ])
    let template = try #require(
      try fixture.library(["s.xhtml": StoredOutputs.outputSchema])["s.xhtml"])
    let page = template.render(Titled(title: "T", name: "N"))
    #expect(String(decoding: page, as: UTF8.self) == "<div><p>T</p><b>N</b></div>")
  }

  @Test func theSchemaComesFromTheDeclaration() {
    #expect(Everything.outputSchema.fields.map(\.name) == ["name", "link", "rows", "on", "note"])
    #expect(
      Everything.outputSchema.fields.map(\.kind) == [
        .text, .url, .list(Everything.Row.outputSchema), .flag, .optional(.text),
      ])
    #expect(
      Optionals.outputSchema.fields[1].kind == .optional(.object(Optionals.Child.outputSchema)))
    #expect(Destinations.outputSchema.fields.map(\.kind) == [.url, .optional(.url)])
  }
}
