import MVVMWebTemplates
import MVVMWebViewModels
import Testing

@Suite struct LoadErrorTests {
  static let schema = Everything.outputSchema

  /// Each case: a body on line 2 of its file, and the exact error it must produce.
  static let cases: [(String, String)] = [
    (#"<p m:txt="name"/>"#, "unknown binding attribute m:txt"),
    (#"<script m:text="name"/>"#, "bindings are not allowed inside <script> or <style>"),
    (#"<style><b m:text="name"/></style>"#, "bindings are not allowed inside <script> or <style>"),
    (
      #"<p m:attr="style name"/>"#,
      "binding the style attribute is not allowed: it holds code or markup"
    ),
    (
      #"<p m:attr="onclick name"/>"#,
      "binding the onclick attribute is not allowed: it holds code or markup"
    ),
    (
      #"<iframe m:attr="srcdoc name"/>"#,
      "binding the srcdoc attribute is not allowed: it holds code or markup"
    ),
    // HTML's names have no case: each check sees ONCLICK as onclick, and so on.
    (
      #"<p m:attr="ONCLICK name"/>"#,
      "binding the onclick attribute is not allowed: it holds code or markup"
    ),
    (
      #"<p m:attr="Style name"/>"#,
      "binding the style attribute is not allowed: it holds code or markup"
    ),
    (#"<a m:attr="HREF name"/>"#, "the href attribute needs a URL output, but name is text"),
    (#"<SCRIPT m:text="name"/>"#, "bindings are not allowed inside <script> or <style>"),
    (
      #"<a HREF="/matches">x</a>"#,
      #"the link "/matches" is an address of the app written as text: bind it to a destination output (m:attr="href …")"#
    ),
    (#"<p m:repeat="name"/>"#, #"m:repeat="name" needs a list output, but name is text"#),
    (#"<p m:object="rows"/>"#, #"m:object="rows" needs an object output, but rows is list"#),
    (#"<p m:text="missing"/>"#, #"the view model has no output named "missing" (expected text)"#),
    (#"<p m:text="rows"/>"#, #"m:text="rows" needs a text output, but rows is list"#),
    (#"<a m:attr="href name"/>"#, "the href attribute needs a URL output, but name is text"),
    (
      #"<p m:if="name"/>"#,
      "name is text, but only a flag or an optional can keep or drop something"
    ),
    (
      #"<input m:attr="checked name"/>"#,
      "name is text, but only a flag or an optional can switch an attribute"
    ),
    (#"<p m:repeat="note"/>"#, #"m:repeat="note" needs a list output, but note is optional text"#),
    (#"<p m:text="on"/>"#, #"m:text="on" needs a text output, but on is flag"#),
    (#"<xi:include href="nowhere.xhtml"/>"#, #"the included file "nowhere.xhtml" does not exist"#),
    (
      #"<xi:include href="../outside.xhtml"/>"#,
      #"an include may only name an XML file inside the templates folder: "../outside.xhtml""#
    ),
    (
      #"<xi:include href="/etc/passwd" parse="text"/>"#,
      #"an include may only name an XML file inside the templates folder: "/etc/passwd""#
    ),
  ]

  @Test(arguments: cases)
  func refusedWithFileAndLine(body: String, message: String) throws {
    let fixture = try TemplateFixture([
      "bad.xhtml": page("\n" + body + "\n")
    ])
    #expect(fixture.errors(["bad.xhtml": Self.schema]) == ["bad.xhtml:2: \(message)"])
  }

  @Test func attributeNamesCannotComeFromValues() throws {
    let fixture = try TemplateFixture(["bad.xhtml": page("\n" + #"<p m:attr="{name} link"/>"#)])
    let errors = fixture.errors(["bad.xhtml": Self.schema])
    #expect(errors.contains { $0.hasPrefix("bad.xhtml:2: ") })
  }

  @Test func externalEntitiesAreRefused() throws {
    let fixture = try TemplateFixture([
      "xxe.xhtml": """
      <?xml version="1.0"?>
      <!DOCTYPE div [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
      <div xmlns="http://www.w3.org/1999/xhtml">&secret;</div>
      """
    ])
    let errors = fixture.errors(["xxe.xhtml": Self.schema])
    #expect(errors == ["xxe.xhtml:3: a DOCTYPE that declares entities is not allowed in templates"])
  }

  @Test func layoutsComeThroughXIncludeWithTheirOwnFileAndLine() throws {
    let fixture = try TemplateFixture([
      "missing.xhtml": """
      <?xml version="1.0"?>
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="nope.xhtml"/>
      """,
      "layouts/broken.xhtml":
        "<div xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:m=\"urn:mvvmweb:template\">\n<p m:txt=\"x\"/></div>",
      "uses-broken.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layouts/broken.xhtml"/>
      """,
    ])
    #expect(
      fixture.errors(["missing.xhtml": Self.schema, "uses-broken.xhtml": Self.schema]) == [
        "layouts/broken.xhtml:2: unknown binding attribute m:txt",
        #"missing.xhtml:2: the included file "nope.xhtml" does not exist"#,
      ])
  }

  @Test func everyErrorInEveryTemplateIsReportedTogether() throws {
    let fixture = try TemplateFixture([
      "one.xhtml": page("\n<p m:text=\"nope\"/>\n<p m:if=\"name\"/>"),
      "two.xhtml": page("\n\n<p m:bogus=\"x\"/>"),
      "broken.xhtml": "<div>\n<p>unclosed</div>",
      "layout.xhtml": page("<main m:slot=\"main\"/>"),
      "filled.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml">
      <aside m:fill="sidebar"/></div>
      """,
    ])
    let errors = fixture.errors([
      "one.xhtml": Self.schema, "two.xhtml": Self.schema, "broken.xhtml": Self.schema,
      "filled.xhtml": Self.schema,
    ])
    #expect(
      errors == [
        // libxml2 goes on to "Premature end of data": only the first, real error is kept.
        "broken.xhtml:2: Opening and ending tag mismatch: p line 2 and div",
        #"filled.xhtml:2: the layout has no slot named "sidebar""#,
        #"one.xhtml:2: the view model has no output named "nope" (expected text)"#,
        "one.xhtml:3: name is text, but only a flag or an optional can keep or drop something",
        "two.xhtml:3: unknown binding attribute m:bogus",
      ])
  }

  @Test func aMalformedLayoutOrPartialIsReportedOnceNotPerPage() throws {
    let fixture = try TemplateFixture([
      "layout.xhtml": page("\n<main m:slot=\"main\"><p>unclosed</main>"),
      "a.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml"/>
      """,
      "b.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" m:layout="layout.xhtml"/>
      """,
      "c.xhtml": """
      <div xmlns="http://www.w3.org/1999/xhtml" xmlns:xi="http://www.w3.org/2001/XInclude">
      <xi:include href="partials/p.xhtml"/></div>
      """,
      "partials/p.xhtml": "<p xmlns=\"http://www.w3.org/1999/xhtml\" <b>x</p>",
    ])
    let errors = fixture.errors([
      "a.xhtml": Self.schema, "b.xhtml": Self.schema, "c.xhtml": Self.schema,
    ])
    #expect(
      errors == [
        "layout.xhtml:2: Opening and ending tag mismatch: p line 2 and main",
        "partials/p.xhtml:1: error parsing attribute name",
      ])
  }

  @Test func aListingNamesFilesUnderTheFolderAsGiven() {
    let errors = TemplateErrors([TemplateError(file: "partials/p.xhtml", line: 3, message: "m")])
    #expect(errors.listing(under: "Templates") == "Templates/partials/p.xhtml:3: m")
    #expect(errors.listing(under: "tpl/") == "tpl/partials/p.xhtml:3: m")
    #expect(errors.listing(under: ".") == "partials/p.xhtml:3: m")
  }

  @Test func anHTMLEntityIsRefusedWithWhatToWriteInstead() throws {
    let fixture = try TemplateFixture(["nbsp.xhtml": page("\n<p>a&nbsp;b &#160; c</p>")])
    #expect(
      fixture.errors(["nbsp.xhtml": Self.schema]) == [
        "nbsp.xhtml:2: Entity 'nbsp' not defined (templates are XML: write the character itself, "
          + "or a numeric reference such as &#160;)"
      ])
  }
}
