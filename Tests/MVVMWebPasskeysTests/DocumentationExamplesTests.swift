import MVVMWebPasskeys
import Testing

/// The examples of MVVMWebPasskeys' doc comments that no other test holds, as code that runs:
/// scripts/check-docs finds each example's lines in a file of the repository, so the outputs
/// `Base64URL`'s comment shows are the ones asserted here.
@Suite struct DocumentationExamplesTests {
  @Test func base64URLWritesTheURLAlphabetWithoutPadding() {
    #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
    #expect(Base64URL.decode("-_8", maximumLength: 16) == [0xfb, 0xff])
  }
}
