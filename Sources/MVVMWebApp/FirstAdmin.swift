import MVVMWeb
import MVVMWebAccounts

/// A site with accounts and none yet: the first start makes an account `admin` and prints its
/// one-time link, so whoever started it can sign in at once and add the others.
enum FirstAdmin {
  /// Makes `admin` when `accounts` has no account and prints its link, at `address` (nil
  /// when the server is reached through a proxy whose address it does not know).
  static func welcome(_ accounts: Accounts, app: String, at address: String?) throws {
    guard try waiting({ try await accounts.isEmpty() }) else { return }
    let (_, link) = try waiting { try await accounts.add(name: "admin", role: .admin) }
    // Printed for the person at the terminal, once; the link works once, for 10 minutes.
    guard let address else {
      return printError(
        """
        \(app): no account yet, so one named admin was made. Print its link, good for 10 \
        minutes, with the site's address: \(app) accounts link admin --url https://…
        """)
    }
    printError(
      """
      \(app): no account yet, so one named admin was made. Set its password within 10 minutes \
      at (a new link: \(app) accounts link admin):
      \(address)\(link.path())
      """)
  }
}
