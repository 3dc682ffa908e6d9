import MVVMWeb

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
