/// The most common passwords, which `PasswordRules` refuses: SecLists'
/// `Passwords/Common-Credentials/10k-most-common.txt` (github.com/danielmiessler/SecLists, MIT
/// licence: `common-passwords.LICENSE` beside the list), compiled into the module
/// (`embedInCode`), read once on first use into a set of lowercase entries.
enum CommonPasswords {
  /// The list's entries, lowercased.
  static let entries: Set<String> = Set(
    PackageResources.common_passwords_txt.split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self).lowercased()
    })

  /// Whether `password`, ignoring case, is on the list.
  static func contains(_ password: String) -> Bool {
    entries.contains(password.lowercased())
  }
}
