import Foundation

/// One PostgreSQL connection in libpq's pipeline mode, with a thread of its own, for reads that
/// many requests make at once (TechEmpower's Fortunes). A caller hands over a query and what to
/// do with its rows, and is not held: the thread sends every query waiting in one go, with one
/// sync, then reads the results in order and calls each caller's `finish` there.
///
/// Where `PostgresPool` costs each query a store thread woken and a round trip of its own, here
/// one wake-up and one round trip serve every query that came meanwhile. Each query still runs
/// on its own, with its own result: one that fails (a bad parameter) fails its caller only; the
/// others of its turn are sent again.
///
/// Every query is answered within `limits.statement` of being handed over: one not answered by
/// then fails alone, and the connection is dropped only when its whole turn went unanswered,
/// or when it broke, failing the queries sent on it. Those handed over meanwhile, never sent,
/// go out on a new connection. At most `queueLimit` queries wait at once; one more is refused
/// at once. `finish` runs on the pipeline's thread: it may make the page from the rows
/// there, as a store thread would, but must not block. PostgreSQL sends a turn's results when it
/// reaches the sync, so a slow query holds up the others of its turn: a pipeline is for reads
/// that are alike and short.
///
/// The fortunes' store hands it each request's query, its rows read by `fortune` and handed
/// to the page's `finish`:
///
/// ```swift
/// pipeline.query(prepared: Self.statement, Self.query, row: Self.fortune, then: finish)
/// ```
public final class PostgresPipeline: Sendable {
  /// The database the connection opens.
  public let url: String
  /// How long a query may wait, from being handed over to its answer.
  public let limits: PostgresLimits
  private let queue: PipelineQueue

  /// Opens the connection now, so a bad URL, an unreachable server or refused credentials stop
  /// the start rather than the first request. `threadStarted` runs first on the pipeline's
  /// thread (MVVMWeb's `StoreExecutor.adoptCurrentThread`, so answers made there are sent
  /// from there).
  public init(
    url: String, limits: PostgresLimits = PostgresLimits(), queueLimit: Int = 1024,
    threadStarted: @escaping @Sendable () -> Void = {}
  ) throws {
    self.url = url
    self.limits = limits
    let queue = PipelineQueue(limit: queueLimit)
    self.queue = queue
    let worker = PipelineWorker(url: url, limits: limits, queue: queue)
    try worker.connect()
    // The worker is the thread's alone from here on.
    nonisolated(unsafe) let owned = worker
    let thread = Thread {
      threadStarted()
      owned.run()
    }
    thread.name = "mvvmweb-postgres-pipeline"
    thread.start()
  }

  deinit {
    queue.close()
  }

  /// Runs the statement `name` (prepared on the connection the first time) with `parameters`,
  /// and calls `finish` on the pipeline's thread with what `row` made of each row, read in
  /// place, or with the error: the query's own, a lost connection's, no answer within
  /// `limits.statement`, or a full queue (then at once, on the caller's thread).
  /// `name` is the statement's, from the code: one name, one SQL text.
  @inlinable
  public func query<Row>(
    prepared name: String, _ sql: String, _ parameters: [String?] = [],
    row: @escaping @Sendable (PostgresColumns) throws -> Row,
    then finish: @escaping @Sendable (Result<[Row], any Error>) -> Void
  ) {
    // Inlined where it is called, so the rows are gathered in code made for `Row`: here, each
    // row's append went through the generic type's witnesses and its metadata.
    submit(prepared: name, sql, parameters) { outcome in
      switch outcome {
      case .result(let result): finish(Result { try PostgresColumns.rows(of: result, row) })
      case .failure(let error): finish(.failure(error))
      }
    }
  }

  /// Queues the query, `deliver` to be called with its outcome on the pipeline's thread; or
  /// calls it at once with the refusal of a full queue.
  @usableFromInline
  func submit(
    prepared name: String, _ sql: String, _ parameters: [String?],
    deliver: @escaping @Sendable (PipelineOutcome) -> Void
  ) {
    let job = PipelineJob(
      name: name, sql: sql, parameters: parameters, due: .now + limits.statement,
      deliver: deliver)
    if let refusal = queue.submit(job) { deliver(.failure(refusal)) }
  }
}
