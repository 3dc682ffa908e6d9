import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// The site object: outputs every page can bind below its own view model's, for the layout.
@Suite struct SiteScopeTests {
  static let site = Site(
    home: .web("/"), matches: .web("/matches"), users: .web("/users"), title: "Site title")

  static let files = [
    "layout.xhtml": """
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template"><body><nav><a class="home" href="/" m:attr="href home">Home</a><a href="/matches" m:attr="href matches" m:section="matches">Matches</a><a href="/users" m:attr="href users" m:section="users">Users</a></nav><h1 m:text="title">Title</h1><main m:slot="main"/></body></html>
    """,
    "titled.xhtml": """
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml" m:section="users"><body><main m:fill="main"><p m:text="name">n</p></main></body></html>
    """,
    "named.xhtml": """
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml" m:section="matches"><body><main m:fill="main"><p id="live" m:live=""><span m:text="name">n</span> <a m:attr="href matches">all</a></p></main></body></html>
    """,
    "plain.xhtml": page(#"<p m:text="name">n</p>"#),
  ]

  /// The layout's links come from the site object, written where their samples stood (before the
  /// `aria-current` of the page's section); a page's own `title` hides the site's.
  @Test func theLayoutBindsTheSiteObjectUnderThePagesOwnOutputs() throws {
    let fixture = try TemplateFixture(Self.files)
    #expect(
      try fixture.render(
        "titled.xhtml", Titled(title: "Page title", name: "Ann"), site: Self.site, basePath: "/p")
        == #"<!DOCTYPE html>\#n<html><body><nav><a class="home" href="/p/">Home</a><a href="/p/matches">Matches</a><a href="/p/users" aria-current="page">Users</a></nav><h1>Page title</h1><main><p>Ann</p></main></body></html>"#
    )
    #expect(
      try fixture.render("named.xhtml", NameOnly(name: "Bo"), site: Self.site)
        == #"<!DOCTYPE html>\#n<html><body><nav><a class="home" href="/">Home</a><a href="/matches" aria-current="page">Matches</a><a href="/users">Users</a></nav><h1>Site title</h1><main><p id="live" data-live=""><span>Bo</span> <a href="/matches">all</a></p></main></body></html>"#
    )
  }

  @Test func aLiveElementIsRenderedWithTheSiteObjectAsInThePage() throws {
    let fixture = try TemplateFixture(Self.files)
    let library = try fixture.library(
      ["named.xhtml": NameOnly.outputSchema], site: Site.outputSchema)
    let template = try #require(library["named.xhtml"])
    let element = try #require(
      template.renderElement(id: "live", NameOnly(name: "Bo"), site: Self.site, basePath: "/p"))
    #expect(
      String(decoding: element, as: UTF8.self)
        == #"<p id="live" data-live=""><span>Bo</span> <a href="/p/matches">all</a></p>"#)
  }

  /// Without a site object, as the calls from before it, the site's outputs are absent.
  @Test func renderedWithoutASiteObjectTheSitesOutputsAreEmpty() throws {
    let fixture = try TemplateFixture(Self.files)
    let library = try fixture.library(
      ["named.xhtml": NameOnly.outputSchema], site: Site.outputSchema)
    let template = try #require(library["named.xhtml"])
    #expect(
      String(decoding: template.render(NameOnly(name: "Bo")), as: UTF8.self)
        == #"<!DOCTYPE html>\#n<html><body><nav><a class="home" href="">Home</a><a href="" aria-current="page">Matches</a><a href="">Users</a></nav><h1></h1><main><p id="live" data-live=""><span>Bo</span> <a href="">all</a></p></main></body></html>"#
    )
    let element = try #require(template.renderElement(id: "live", NameOnly(name: "Bo")))
    #expect(
      String(decoding: element, as: UTF8.self)
        == #"<p id="live" data-live=""><span>Bo</span> <a href="">all</a></p>"#)
  }

  @Test func aNameNeitherThePageNorTheSiteHasIsRefused() throws {
    let fixture = try TemplateFixture(["p.xhtml": page("\n" + #"<a m:attr="href rankings">r</a>"#)])
    #expect(
      fixture.errors(["p.xhtml": NameOnly.outputSchema], site: Site.outputSchema) == [
        #"p.xhtml:2: the view model has no output named "rankings" (expected a URL)"#
      ])
  }
}
