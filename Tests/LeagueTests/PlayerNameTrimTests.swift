import Foundation
import Testing

@testable import League

/// `PlayerName.trimmed` drops what Foundation's `.whitespacesAndNewlines` drops, and only that:
/// the name checked and stored is the one it was before the trim moved out of `NSString`.
@Suite struct PlayerNameTrimTests {
  @Test(arguments: [
    "", " ", "\t\n\r\u{0B}\u{0C}", "  Alice  ", "\u{00A0}Bruno\u{3000}", "\u{2028}Chloé\u{2029}",
    "\u{0085}Dmitri\u{1680}", "\u{2000}\u{200A}Esther\u{202F}\u{205F}",
    "Farouk Al Amin", " \u{0301}accent on a space", "zero\u{200B}width\u{200B}",
    "\u{200B}edge\u{FEFF}", "e\u{0301} ", "👩‍👩‍👧 family ", "\u{1F}control\u{7F}",
    "\u{180E}mongolian\u{180E}",
  ])
  func trimsWhatFoundationTrims(text: String) {
    #expect(PlayerName.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test func keepsTheInsideAsItIs() {
    #expect(PlayerName.trimmed(" \tAna  María\n") == "Ana  María")
    #expect(PlayerName.trimmed("\u{00A0}\u{00A0}") == "")
  }
}
