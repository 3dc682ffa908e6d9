import MVVM
import Testing

@testable import Templating

/// The shape of a compiled plan: the markup between two values is written by the step that
/// writes the second value, so a repeated row costs a step per value, not per run of markup.
@Suite struct RenderPlanTests {
  @Test func markupRidesOnTheStepAfterItAndAQuoteOnTheMarkupAfterIt() throws {
    let fixture = try TemplateFixture([
      "row.xhtml": page(
        #"<p class="a long list of classes for this test" m:attr="title title"><b m:text="name">x</b>!</p><i m:if="shown">?</i>"#
      )
    ])
    let template = try #require(try fixture.library(["row.xhtml": Shown.outputSchema])["row.xhtml"])
    let plan = template.plan
    let steps = plan.instructions.map { instruction in
      let start = Int(instruction.start)
      let bytes = Array(plan.staticBytes[start..<start + Int(instruction.staticCount)])
      // Markup that fits is also held in the step, which is where rendering copies it from.
      if bytes.count <= RenderPlan.markupCapacity {
        let blocks = [instruction.markup.0, instruction.markup.1, instruction.markup.2]
        let held = blocks.flatMap { block in (0..<16).map { block[$0] } }
        #expect(Array(held[..<bytes.count]) == bytes)
      }
      return "\(instruction.code) \(String(decoding: bytes, as: UTF8.self))"
    }
    // Stored outputs get steps that read them in place; the first run of markup (59 bytes) is
    // too long to be held in its step and is copied from the plan's static bytes.
    #expect(
      steps == [
        #"string <div><p class="a long list of classes for this test" title=""#,
        #"string "><b>"#,
        "condition </b>!</p>",
        "bytes <i>?</i>",
        "bytes </div>",
      ])
    let html = String(
      decoding: template.render(Shown(title: "T\"", name: "N&", shown: true)), as: UTF8.self)
    #expect(
      html
        == #"<div><p class="a long list of classes for this test" title="T&#34;"><b>N&amp;</b>!</p><i>?</i></div>"#
    )
  }
}

@Outputs struct Shown {
  var title: String
  var name: String
  var shown: Bool
}
