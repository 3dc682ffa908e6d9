import MVVMWebAccounts
import Testing

/// An account's name is compared as people read it, and bounded.
@Suite struct AccountNameTests {
  @Test func canonicallyEquivalentNamesAndCaseAreOneName() {
    #expect(AccountName.key("Chlo\u{65}\u{301}") == AccountName.key("CHLOÉ"))
    #expect(AccountName.key("Straße") == AccountName.key("STRASSE"))
    #expect(AccountName.key("ada") != AccountName.key("adam"))
  }

  @Test(arguments: [
    ("", "Enter a name"), (String(repeating: "a", count: 65), "Use at most 64 characters"),
    (String(repeating: "\u{1F600}", count: 64) + "x", "Use at most 64 characters"),
    (" ada", "Leave no space at the start or the end"),
    ("a\u{202E}b", "Use letters, digits, spaces and punctuation only"),
    ("a\nb", "Use letters, digits, spaces and punctuation only"),
  ])
  func aBadNameSaysWhy(name: String, problem: String) {
    #expect(AccountName.problem(name) == problem)
  }

  @Test func aGoodNameHasNoProblem() {
    #expect(AccountName.problem("Ada Lovelace") == nil)
    #expect(AccountName.problem("grace.hopper@example.com") == nil)
  }
}
