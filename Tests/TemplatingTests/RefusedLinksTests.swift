import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// An element with a bound link (`href`, `action`, `formaction`) is left out, whole, when the
/// printer says its viewer may not use where it leads: a link by the GET rule, a form that posts
/// by the rule of the route that takes it.
@Suite struct RefusedLinksTests {
  /// Prints a place as `/items/<n>`, refusing links to `links` and forms sent to `forms`.
  struct Printer: LinkPrinter {
    var links: Set<String> = []
    var forms: Set<String> = []
    let reuseKey: UInt64? = Self.newReuseKey()

    func path(for destination: any Destination) -> String {
      guard case .item(let number)? = destination as? Place else { return "" }
      return "/items/\(number)"
    }

    func refuses(_ path: String, sending: Bool) -> Bool {
      (sending ? forms : links).contains(path)
    }
  }

  static let template = page(
    #"<p><a m:attr="href here">Here</a><a m:attr="href maybe">Maybe</a></p>"#
      + #"<form method="post" m:attr="action here"><button>Send</button></form>"#
      + #"<form m:attr="action maybe"><input name="q"/>"#
      + #"<button formmethod="post" m:attr="formaction here">Post</button>"#
      + #"<button m:attr="formaction maybe">Get</button></form>"#)

  static func render(_ links: Printer) throws -> String {
    try TemplateFixture(["r.xhtml": template]).render(
      "r.xhtml", Destinations(here: .item(3), maybe: .item(4)), links: links)
  }

  @Test func everythingIsWrittenForAViewerRefusedNothing() throws {
    #expect(
      try Self.render(Printer())
        == #"<div><p><a href="/items/3">Here</a><a href="/items/4">Maybe</a></p>"#
        + #"<form method="post" action="/items/3"><button>Send</button></form>"#
        + #"<form action="/items/4"><input name="q">"#
        + #"<button formmethod="post" formaction="/items/3">Post</button>"#
        + #"<button formaction="/items/4">Get</button></form></div>"#)
  }

  /// A form that posts to a refused route goes; links and GET forms to the same path stay.
  @Test func aFormPostedToARefusedRouteIsLeftOutWithItsButtons() throws {
    #expect(
      try Self.render(Printer(forms: ["/items/3"]))
        == #"<div><p><a href="/items/3">Here</a><a href="/items/4">Maybe</a></p>"#
        + #"<form action="/items/4"><input name="q">"#
        + #"<button formaction="/items/4">Get</button></form></div>"#)
  }

  /// A refused GET takes out the link, the form that gets it, and nothing around them.
  @Test func aLinkToARefusedRouteIsLeftOutAndItsNeighboursStay() throws {
    #expect(
      try Self.render(Printer(links: ["/items/4"]))
        == #"<div><p><a href="/items/3">Here</a></p>"#
        + #"<form method="post" action="/items/3"><button>Send</button></form></div>"#)
  }

  @Outputs struct Row { var name: String; var edit: Place }
  @Outputs struct Rows { var rows: [Unchanging<Row>] }

  /// A row kept with its link for one viewer is not copied for a viewer refused that link, nor
  /// the other way round: each printer keeps its own.
  @Test func keptRowsAreKeptForEachKindOfViewer() throws {
    let library = try TemplateFixture([
      "k.xhtml": page(
        #"<ul><li m:repeat="rows"><span m:text="name">N</span><a m:attr="href edit">Edit</a></li></ul>"#
      )
    ]).library(["k.xhtml": Rows.outputSchema])
    let template = try #require(library["k.xhtml"])
    let rows = Rows(rows: [Unchanging(Row(name: "Ann", edit: .item(1)))])
    let editor = Printer()
    let reader = Printer(links: ["/items/1"])
    let edited = #"<div><ul><li><span>Ann</span><a href="/items/1">Edit</a></li></ul></div>"#
    let read = #"<div><ul><li><span>Ann</span></li></ul></div>"#
    for (printer, expected) in [(editor, edited), (reader, read), (editor, edited), (reader, read)]
    {
      #expect(String(decoding: template.render(rows, links: printer), as: UTF8.self) == expected)
    }
    #expect(KeptRow.all(in: rows.rows[0].kept).count == 2)
  }
}
