import MVVMWeb

extension Site {
  /// Adds `accounts` to the site: its sign-in, sign-out, account and one-time link pages (whose
  /// templates are the app's: `sign-in.xhtml`, `account.xhtml`, `welcome.xhtml`), and the
  /// reading of every request's session before routing, so the routes' rules know who asks.
  public mutating func addAccounts(_ accounts: Accounts) throws {
    resolveSessions(with: AccountSessions(accounts: accounts))
    try add(AccountsFeature(accounts: accounts))
  }
}
