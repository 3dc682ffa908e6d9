/// What makes a password acceptable, after NIST SP 800-63B (5.1.1.2): length, not composition.
/// At least 8 characters and at most 256 (each Unicode code point of its NFKC form counts as
/// one, as NIST says; so at most 1,024 bytes), any characters at all, and not the account's
/// name nor one of the most common passwords (`CommonPasswords`), ignoring case.
public enum PasswordRules {
  /// The fewest characters a password may have.
  public static let minimumCharacters = 8
  /// The most characters a password may have.
  public static let maximumCharacters = 256
  /// The most bytes (UTF-8, of its NFKC form) a password may have: four per character, so the
  /// character count is the one that speaks; `PasswordHasher` refuses anything longer.
  public static let maximumBytes = 1_024

  /// What is wrong with `password` for the account `name`, in words for a person, or nil when
  /// it is acceptable.
  public static func problem(_ password: String, name: String) -> String? {
    let normalized = password.precomposedStringWithCompatibilityMapping
    let characters = normalized.unicodeScalars.count
    if characters < minimumCharacters { return "Use at least \(minimumCharacters) characters" }
    if characters > maximumCharacters || normalized.utf8.count > maximumBytes {
      return "Use at most \(maximumCharacters) characters"
    }
    if AccountName.key(normalized) == AccountName.key(name) {
      return "Choose a password that is not your name"
    }
    if CommonPasswords.contains(normalized) {
      return "This is one of the most common passwords: choose one that is harder to guess"
    }
    return nil
  }
}
