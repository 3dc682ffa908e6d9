import Foundation

/// The rules of an account's name: what a person types to sign in, so it is compared as people
/// read it. Two names are the same when they are canonically equivalent and equal ignoring case
/// (`Chloé` written with a combining accent is `CHLOÉ`), and a name is 1 to 64 characters of at
/// most 256 bytes, with no control, format or line-separating characters, and no space at either
/// end.
public enum AccountName {
  /// The key two names are compared by: canonical composition, then case folding.
  public static func key(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
      .precomposedStringWithCanonicalMapping
  }

  /// What is wrong with `name`, in words for a person, or nil when it is a good name.
  public static func problem(_ name: String) -> String? {
    if name.isEmpty { return "Enter a name" }
    if name.count > 64 || name.utf8.count > 256 { return "Use at most 64 characters" }
    if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
      return "Leave no space at the start or the end"
    }
    let refused = name.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
        .privateUse:
        true
      default: false
      }
    }
    return refused ? "Use letters, digits, spaces and punctuation only" : nil
  }
}
