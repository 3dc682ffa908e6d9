import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// An address of the app written as text in a template is refused at load: it comes from a
/// destination output, which the route table prints.
@Suite struct AppAddressTests {
  static func message(_ url: String, _ attribute: String) -> String {
    "the link \"\(url)\" is an address of the app written as text: bind it to a destination "
      + "output (m:attr=\"\(attribute) …\")"
  }

  /// Each case: a body on line 2 of its file, and the link and attribute it is refused for.
  static let refused: [(String, String, String)] = [
    (#"<a href="/matches">x</a>"#, "/matches", "href"),
    (#"<a href="/">x</a>"#, "/", "href"),
    (#"<form action="/users/refresh"/>"#, "/users/refresh", "action"),
    (#"<button formaction="/players/new">x</button>"#, "/players/new", "formaction"),
    (#"<img alt="" src="/users/1/avatar.svg"/>"#, "/users/1/avatar.svg", "src"),
    (#"<video poster="/media/a.jpg"/>"#, "/media/a.jpg", "poster"),
    (#"<blockquote cite="/issues/today"/>"#, "/issues/today", "cite"),
    (#"<img alt="" srcset="/static/a.png 1x, /b.png 2x"/>"#, "/b.png", "srcset"),
    // Read as a browser reads them: leading spaces dropped, a backslash for a slash.
    (#"<a href="  /matches">x</a>"#, "/matches", "href"),
    (#"<a href="\matches">x</a>"#, #"\matches"#, "href"),
    // A dot segment leads out of the static files; a prefix is matched whole.
    (#"<a href="/static/../users/refresh">x</a>"#, "/static/../users/refresh", "href"),
    (#"<a href="/static/%2E%2e/users">x</a>"#, "/static/%2E%2e/users", "href"),
    (#"<a href="/static">x</a>"#, "/static", "href"),
    // A binding of another attribute does not replace the link.
    (#"<a href="/matches" m:attr="title name">x</a>"#, "/matches", "href"),
  ]

  @Test(arguments: refused)
  func anAppAddressWrittenAsTextIsRefused(body: String, url: String, attribute: String) throws {
    let fixture = try TemplateFixture(["bad.xhtml": page("\n" + body + "\n")])
    #expect(
      fixture.errors(["bad.xhtml": Everything.outputSchema])
        == ["bad.xhtml:2: \(Self.message(url, attribute))"])
  }

  @Test func staticFilesFragmentsRelativeAndWebAddressesAndBoundLinksAreFine() throws {
    let fixture = try TemplateFixture([
      "ok.xhtml": page(
        ##"<a href="#main">a</a><a href="page?x=1">b</a><a href="../Public/app.css">c</a><a href="https://example.com/x">d</a><a href="//cdn.example.com/x.js">e</a><a href="mailto:ann@example.com">f</a><a href="">g</a><link rel="stylesheet" href="/static/app.css"/><img alt="" src="/static/a.png" srcset="/static/a.png 1x, /static/b.png 2x"/><a href="/matches/1/edit" m:attr="href link">h</a><a href="/matches" m:mock="">i</a><p title="/not/a/url">j</p>"##
      )
    ])
    #expect(
      try fixture.render("ok.xhtml", LinkOnly(link: .web("/matches/7/edit")), basePath: "/p")
        == ##"<div><a href="#main">a</a><a href="page?x=1">b</a><a href="../Public/app.css">c</a><a href="https://example.com/x">d</a><a href="//cdn.example.com/x.js">e</a><a href="mailto:ann@example.com">f</a><a href="">g</a><link rel="stylesheet" href="/p/static/app.css"><img alt="" src="/p/static/a.png" srcset="/static/a.png 1x, /static/b.png 2x"><a href="/p/matches/7/edit">h</a><p title="/not/a/url">j</p></div>"##
    )
  }

  @Test func theAssetPrefixesAreTheLibrarys() throws {
    let fixture = try TemplateFixture([
      "a.xhtml": page(
        "\n" + #"<link href="/assets/app.css"/>"# + "\n" + #"<link href="/favicon.ico"/>"# + "\n"
          + #"<link href="/static/app.css"/>"#)
    ])
    let schema = ["a.xhtml": Empty.outputSchema]
    #expect(
      fixture.errors(schema, assetPrefixes: ["/assets/", "/favicon.ico"])
        == ["a.xhtml:4: \(Self.message("/static/app.css", "href"))"])
    #expect(
      fixture.errors(schema, assetPrefixes: []) == [
        "a.xhtml:2: \(Self.message("/assets/app.css", "href"))",
        "a.xhtml:3: \(Self.message("/favicon.ico", "href"))",
        "a.xhtml:4: \(Self.message("/static/app.css", "href"))",
      ])
    #expect(fixture.errors(schema, assetPrefixes: ["/assets/", "/favicon.ico", "/static/"]) == [])
  }

  /// The layout's links are checked in the layout's file, and reported once for all its pages.
  @Test func aLayoutsLinkIsReportedInTheLayoutOnce() throws {
    let fixture = try TemplateFixture([
      "layout.xhtml": page("<nav>\n<a href=\"/matches\">Matches</a></nav><main m:slot=\"main\"/>"),
      "a.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml"/>
      """,
      "b.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml"/>
      """,
    ])
    #expect(
      fixture.errors(["a.xhtml": Empty.outputSchema, "b.xhtml": Empty.outputSchema])
        == ["layout.xhtml:2: \(Self.message("/matches", "href"))"])
  }
}
