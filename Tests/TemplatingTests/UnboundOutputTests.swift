import MVVMWebTemplates
import MVVMWebViewModels
import Testing

/// Which outputs no template binds, by view model schema, for `mvvmweb check`.
@Suite struct UnboundOutputTests {
  @Test func outputsNoTemplateBindsAreListedOncePerViewModel() throws {
    let fixture = try TemplateFixture([
      // Two pages of one view model: each binds part of it.
      "a.xhtml": page(#"<h1 m:text="title">t</h1><p m:repeat="rows" m:text="name">n</p>"#),
      "b.xhtml": page(#"<p m:if="shown">s</p><p m:repeat="rows" m:text="index">1</p>"#),
      // An object never entered is one unbound output, not one per output inside it.
      "c.xhtml": page(#"<p m:if="shown"><a m:attr="href home">h</a></p>"#),
      // An optional object only tested: what is inside it is not bound.
      "d.xhtml": page(#"<p m:text="note">n</p><b m:text="count">1</b><i m:if="child">c</i>"#),
    ])
    let library = try fixture.library(
      [
        "a.xhtml": Fragments.outputSchema, "b.xhtml": Fragments.outputSchema,
        "c.xhtml": Nested.outputSchema, "d.xhtml": Optionals.outputSchema,
      ], site: Site.outputSchema)
    #expect(
      library.unboundOutputs.map(\.description) == [
        #"a.xhtml: output "rows.link" is bound by no template"#,
        #"c.xhtml: output "child" is bound by no template"#,
        #"d.xhtml: output "child.heading" is bound by no template"#,
        #"site object: output "matches" is bound by no template"#,
        #"site object: output "users" is bound by no template"#,
        #"site object: output "title" is bound by no template"#,
      ])
    #expect(library.unboundOutputs.first == UnboundOutput(page: "a.xhtml", name: "rows.link"))
    #expect(library.unboundOutputs.last == UnboundOutput(page: nil, name: "title"))
  }

  @Test func aPageThatBindsEverythingLeavesNothing() throws {
    let fixture = try TemplateFixture([
      "p.xhtml": page(
        #"<h1 m:text="title">t</h1><p m:if="shown"><a m:repeat="rows" m:attr="href link" m:text="name">n</a></p>"#
      )
    ])
    #expect(try fixture.library(["p.xhtml": Fragments.outputSchema]).unboundOutputs == [])
  }
}
