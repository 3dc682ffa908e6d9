import MVVMWeb
import MVVMWebAccounts

extension Site {
  /// The site of `context`'s app, with what every app serves: the public folder's files at
  /// `/static/` (when the app has one), `/metrics` for local scrapers, and `/readyz`, which
  /// asks the database once something has opened it.
  ///
  /// ```swift
  /// var site = try Site(context)
  /// try site.add(HelloFeature(list: GreetingList(changes: site.changes)))
  /// ```
  public init(_ context: AppContext) throws {
    self.init(context.configuration, changes: context.changes)
    if AppFiles.isFolder(context.configuration.publicDirectory) { try staticFiles() }
    metricsPage()
    readiness { [context] in try await context.openedDatabase?.isReachable() }
  }
}

extension Site {
  /// Adds the app's accounts (on its database) to the site: the sign-in, sign-out, account and
  /// one-time link pages, and the sessions every route's rule reads. A site (served or tested)
  /// hears which sessions other processes end (the other instances on a shared PostgreSQL
  /// database, the `accounts` command beside it on SQLite) and closes their live pages too.
  ///
  /// ```swift
  /// try site.addAccounts(context)
  /// ```
  public mutating func addAccounts(_ context: AppContext) throws {
    let accounts = try context.accounts()
    try addAccounts(accounts)
    guard context.purpose != .checking else { return }
    let database = try context.database()
    // A test's SQLite file is its own: no command runs beside it, and hundreds of sites polling
    // their files would slow the suites that run in parallel.
    if case .sqlite = database.storage, context.purpose == .testing { return }
    // Weakly: the database keeps what it calls, and the accounts keep the database.
    try database.listen(to: SessionNotice.channel) { [weak accounts] payload in
      accounts?.endedElsewhere(payload.map(SessionNotice.hashes(in:)))
    }
  }
}
