/// Where the fortunes live: the SQLite store is the app's default, the PostgreSQL one shares a
/// database with other instances (and with the benchmark's peer, which reads the same `fortune`
/// table); the in-memory one is for view-model tests.
public protocol FortuneStore: Sendable {
  /// Every fortune, in no particular order, read afresh: TechEmpower's rules ask for one query
  /// per request and no cache of the rows.
  func fortunes() throws -> [Fortune]
}
