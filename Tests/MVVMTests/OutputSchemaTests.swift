import MVVM
import Testing

private struct Row: Outputs {
  static let outputSchema = OutputSchema(["name": .text, "link": .url])
  var values: [String: Output]
  func output(named name: String) -> Output? { values[name] }
}

private struct Page: Outputs {
  static let outputSchema = OutputSchema([
    "title": .text, "empty": .flag, "rows": .list(Row.outputSchema),
  ])
  var values: [String: Output]
  func output(named name: String) -> Output? { values[name] }
}

@Suite struct OutputSchemaTests {
  @Test func aMatchingViewModelHasNoMismatches() {
    let page = Page(values: [
      "title": .text("Matches"), "empty": .flag(false),
      "rows": .list([Row(values: ["name": .text("Ann"), "link": .url("/players/1")])]),
    ])
    #expect(Page.outputSchema.mismatches(in: page) == [])
  }

  @Test func missingWrongKindAndNestedProblemsAreNamedByPath() {
    let page = Page(values: [
      "title": .flag(true),
      "rows": .list([Row(values: ["name": .text("Ann")]), Row(values: ["link": .text("x")])]),
    ])
    #expect(
      Page.outputSchema.mismatches(in: page) == [
        "empty: missing",
        "rows[0].link: missing",
        "rows[1].link: is text, schema says url",
        "rows[1].name: missing",
        "title: is flag, schema says text",
      ])
  }
}
