import MVVMWebViewModels
import Testing

@testable import MVVMWebTemplates

/// The shape of a compiled plan: the markup between two values is written by the step that
/// writes the second value, so a repeated row costs a step per value, not per run of markup.
@Suite struct RenderPlanTests {
  @Test func markupRidesOnTheStepAfterItAndAQuoteOnTheMarkupAfterIt() throws {
    let fixture = try TemplateFixture([
      "row.xhtml": page(
        #"<p class="a long list of classes for this test, and more" m:attr="title title"><b m:text="name">x</b>!</p><i m:if="shown">?</i>"#
      )
    ])
    let template = try #require(try fixture.library(["row.xhtml": Shown.outputSchema])["row.xhtml"])
    let plan = template.plan
    let steps = plan.instructions.map { instruction in
      let start = Int(instruction.start)
      let bytes = Array(plan.staticBytes[start..<start + Int(instruction.staticCount)])
      // Markup that fits is also held in the step, which is where rendering copies it from.
      if bytes.count <= RenderPlan.markupCapacity {
        let markup = instruction.markup
        let blocks = [markup.0, markup.1, markup.2, markup.3]
        let held = blocks.flatMap { block in (0..<16).map { block[$0] } }
        #expect(Array(held[..<bytes.count]) == bytes)
      }
      return "\(instruction.code) \(String(decoding: bytes, as: UTF8.self))"
    }
    // Stored outputs get steps that read them in place; the first run of markup (69 bytes) is
    // too long to be held in its step and is copied from the plan's static bytes.
    #expect(
      steps == [
        #"string <div><p class="a long list of classes for this test, and more" title=""#,
        #"string "><b>"#,
        "condition </b>!</p>",
        "bytes <i>?</i>",
        "bytes </div>",
      ])
    let html = String(
      decoding: template.render(Shown(title: "T\"", name: "N&", shown: true)), as: UTF8.self)
    #expect(
      html
        == #"<div><p class="a long list of classes for this test, and more" title="T&#34;"><b>N&amp;</b>!</p><i>?</i></div>"#
    )
  }

  /// Objects inside objects: the inner one is read in place through the middle one, which keeps
  /// its scope (its body reads the inner one through a holder), and every value is written.
  @Test func aStoredObjectInsideAnInlinedOneIsReadThroughItsHolder() throws {
    let fixture = try TemplateFixture([
      "n.xhtml": page(
        #"<section m:object="middle"><b m:text="name">n</b><p m:object="inner"><i m:text="caption">c</i></p></section><h1 m:text="title">t</h1>"#
      )
    ])
    let template = try #require(try fixture.library(["n.xhtml": Nest.outputSchema])["n.xhtml"])
    let codes = template.plan.instructions.map { "\($0.code)" }
    #expect(codes == ["storedObject", "string", "string", "bytes", "string", "bytes"])
    let html = template.render(
      Nest(middle: .init(inner: .init(caption: "Cap"), name: "Name"), title: "Title"))
    #expect(
      String(decoding: html, as: UTF8.self)
        == "<div><section><b>Name</b><p><i>Cap</i></p></section><h1>Title</h1></div>")
  }

  /// A stored object read only through stored values is read in place as part of the scope that
  /// holds it: no step and no scope of its own, and its markup joins its neighbours'. One that
  /// reads a computed output keeps its block.
  @Test func aStoredObjectReadThroughStoredValuesOnlyHasNoStepOfItsOwn() throws {
    let fixture = try TemplateFixture([
      "s.xhtml": page(
        #"<h1 m:text="text">t</h1><section m:object="part"><b title="" m:attr="title label" m:text="label">l</b><i m:text="size">0</i></section><p m:text="number">0</p>"#
      ),
      "f.xhtml": page(
        #"<section m:object="frame"><b m:text="caption">c</b><i m:text="size">0</i></section><p m:text="title">t</p>"#
      ),
    ])
    let library = try fixture.library([
      "s.xhtml": StoredOutputs.outputSchema, "f.xhtml": Framed.outputSchema,
    ])
    func steps(_ name: String) throws -> [String] {
      let plan = try #require(library[name]).plan
      return plan.instructions.map { instruction in
        let start = Int(instruction.start)
        let bytes = plan.staticBytes[start..<start + Int(instruction.staticCount)]
        return "\(instruction.code) \(String(decoding: bytes, as: UTF8.self))"
      }
    }
    #expect(
      try steps("s.xhtml") == [
        "string <div><h1>", #"string </h1><section><b title=""#, #"string ">"#,
        "number </b><i>", "number </i></section><p>", "bytes </p></div>",
      ])
    #expect(
      try steps("f.xhtml") == [
        "storedObject <div>", "string <section><b>", "text </b><i>", "bytes </i></section>",
        "string <p>", "bytes </p></div>",
      ])
    let framed = try #require(library["f.xhtml"]).render(
      Framed(frame: .init(caption: "Hé"), title: "T"))
    #expect(
      String(decoding: framed, as: UTF8.self)
        == "<div><section><b>Hé</b><i>3</i></section><p>T</p></div>")
  }

  /// A page that binds nothing of the site object compiles to the plan it has without one: the
  /// page's scope at depth 0, no scope more to fill when it renders. One that binds the site
  /// reads it at depth 0, below the page's scopes.
  @Test func theSiteObjectTakesAScopeOnlyInAPageThatBindsIt() throws {
    let fixture = try TemplateFixture([
      "page.xhtml": page(
        #"<h1 m:text="title">t</h1><ul><li m:repeat="rows" m:text="name">n</li></ul>"#),
      "site.xhtml": page(
        #"<a m:attr="href home">h</a><ul><li m:repeat="rows" m:text="name">n</li></ul>"#),
    ])
    func shape(_ template: CompiledTemplate) -> [String] {
      ["maxDepth \(template.plan.maxDepth)"]
        + template.plan.instructions.map { "\($0.code) \($0.depth).\($0.field)" }
    }
    let without = try #require(try fixture.library(["page.xhtml": Rows.outputSchema])["page.xhtml"])
    let library = try fixture.library(
      ["page.xhtml": Rows.outputSchema, "site.xhtml": Rows.outputSchema], site: Site.outputSchema)
    let with = try #require(library["page.xhtml"])
    #expect(!with.plan.bindsSite)
    #expect(shape(with) == shape(without))
    #expect(
      shape(with) == [
        "maxDepth 2", "string 0.1", "repeatEach 0.0", "string 1.0", "bytes 0.0", "bytes 0.0",
      ])
    let binding = try #require(library["site.xhtml"])
    #expect(binding.plan.bindsSite)
    #expect(
      shape(binding) == [
        "maxDepth 3", "guarded 0.0", "link 0.0", "bytes 0.0", "repeatEach 1.0", "string 2.0",
        "bytes 0.0", "bytes 0.0",
      ])
    let html = binding.render(
      Rows(rows: [.init(name: "A")], title: "T"),
      site: SiteScopeTests.site, basePath: "/p")
    #expect(
      String(decoding: html, as: UTF8.self)
        == #"<div><a href="/p/">h</a><ul><li>A</li></ul></div>"#)
  }
}

@Outputs struct Nest {
  @Outputs struct Middle {
    @Outputs struct Inner { var caption: String }
    var inner: Inner
    var name: String
  }
  var middle: Middle
  var title: String
}

@Outputs struct Framed {
  @Outputs struct Frame {
    var caption: String
    var size: Int { caption.utf8.count }
  }
  var frame: Frame
  var title: String
}

@Outputs struct Shown {
  var title: String
  var name: String
  var shown: Bool
}
