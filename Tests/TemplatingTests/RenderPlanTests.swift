import MVVM
import Testing

@testable import Templating

/// The shape of a compiled plan: the markup between two values is written by the step that
/// writes the second value, so a repeated row costs a step per value, not per run of markup.
@Suite struct RenderPlanTests {
  @Test func markupRidesOnTheStepAfterItAndAQuoteOnTheMarkupAfterIt() throws {
    let fixture = try TemplateFixture([
      "row.xhtml": page(
        #"<p class="a" m:attr="title title"><b m:text="name">x</b>!</p><i m:if="shown">?</i>"#)
    ])
    let template = try #require(try fixture.library(["row.xhtml": Shown.outputSchema])["row.xhtml"])
    let plan = template.plan
    let steps = plan.instructions.map { instruction in
      let bytes = plan.staticBytes[Int(instruction.start)..<Int(instruction.end)]
      return "\(instruction.code) \(String(decoding: bytes, as: UTF8.self))"
    }
    #expect(
      steps == [
        #"text <div><p class="a" title=""#,
        #"text "><b>"#,
        "condition </b>!</p>",
        "bytes <i>?</i>",
        "bytes </div>",
      ])
    let html = String(
      decoding: template.render(Shown(title: "T\"", name: "N&", shown: true)), as: UTF8.self)
    #expect(html == #"<div><p class="a" title="T&#34;"><b>N&amp;</b>!</p><i>?</i></div>"#)
  }
}

@Outputs struct Shown {
  var title: String
  var name: String
  var shown: Bool
}
