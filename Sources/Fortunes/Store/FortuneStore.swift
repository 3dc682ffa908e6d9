/// Where the fortunes live: the SQLite store is the app's default, the PostgreSQL one shares a
/// database with other instances (and with the benchmark's peer, which reads the same `fortune`
/// table); the in-memory one is for view-model tests.
public protocol FortuneStore: Sendable {
  /// Every fortune, in no particular order, read afresh: TechEmpower's rules ask for one query
  /// per request and no cache of the rows.
  func fortunes() throws -> [Fortune]
}

/// A store that reads the fortunes without holding a thread while the database answers (the
/// PostgreSQL one, through a `PostgresPipeline`): the page hands it the request and is
/// answered from the store's own thread, instead of running `fortunes()` on a store thread that
/// waits.
public protocol FortuneStoreAnsweringLater: FortuneStore {
  /// Reads every fortune, afresh, as `fortunes()` does, and hands the rows (or the error) to
  /// `finish` on the store's own thread. Never blocks the caller.
  func fortunes(then finish: @escaping @Sendable (Result<[Fortune], any Error>) -> Void)
}
