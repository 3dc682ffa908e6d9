import MVVMWebViewModels
import Testing

/// The examples of MVVMWebViewModels' doc comments that no app or other test holds, as code
/// that runs: scripts/check-docs finds each example's lines in a file of the repository, so the
/// texts `NumberText`'s comment shows are the ones asserted here.
@Suite struct DocumentationExamplesTests {
  @Test func numberTextWritesTheSameTextInEveryLocale() {
    #expect(NumberText.grouped(10_000) == "10,000")
    #expect(NumberText.zeroPadded(3, digits: 2) == "03")
    #expect(NumberText.fixed(48.85837, places: 4) == "48.8584")
  }
}
