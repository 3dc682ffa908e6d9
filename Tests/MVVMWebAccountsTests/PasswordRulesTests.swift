import Testing

@testable import MVVMWebAccounts

/// NIST SP 800-63B's rules, each with the words a person reads.
@Suite struct PasswordRulesTests {
  @Test(arguments: [
    ("", "Use at least 8 characters"),
    ("seven77", "Use at least 8 characters"),
    // Eight code points typed, seven once composed (g and a combining acute are one: ǵ).
    ("abcdefg\u{301}", "Use at least 8 characters"),
    (String(repeating: "a", count: 257), "Use at most 256 characters"),
    ("Ada Lovelace", "Choose a password that is not your name"),
    ("ADA LOVELACE", "Choose a password that is not your name"),
    ("password", "This is one of the most common passwords: choose one that is harder to guess"),
    ("PassWord", "This is one of the most common passwords: choose one that is harder to guess"),
    ("12345678", "This is one of the most common passwords: choose one that is harder to guess"),
    ("iloveyou", "This is one of the most common passwords: choose one that is harder to guess"),
  ])
  func aPasswordThatBreaksARuleSaysWhich(password: String, problem: String) {
    #expect(PasswordRules.problem(password, name: "Ada Lovelace") == problem)
  }

  @Test(arguments: [
    "12345678a", "correct horse battery staple", "        ", "ÅÄÖåäöéè",
    String(repeating: "a", count: 256),
    // 256 characters of four bytes each: 1,024 bytes, the most there may be.
    String(repeating: "\u{1F600}", count: 256),
  ])
  func aPasswordOfAnyCompositionWithinTheBoundsIsAccepted(password: String) {
    #expect(PasswordRules.problem(password, name: "Ada Lovelace") == nil)
  }

  @Test func theCommonListIsTenThousandEntriesFromItsResource() {
    #expect(CommonPasswords.entries.count == 10_000)
    #expect(CommonPasswords.contains("eyphed"))  // The list's last line.
    #expect(!CommonPasswords.contains(""))
  }
}
