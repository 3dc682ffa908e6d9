import Logging
import MVVMWebServer

/// How a coordinator's work that touches the store runs: on the store's own threads
/// (`StoreExecutor`), never on the server's, and within the store's deadline. The work is the
/// handler's whole synchronous body (the store calls, the view model, the render): its view
/// models stay on one thread, and only the finished answer comes back.
///
/// When no answer comes in time the page is a 503 saying the site is busy (with `Retry-After`,
/// which every 503 error page carries), and the log gets one line.
public struct StoreWork: Sendable {
  let executor: StoreExecutor
  let metrics: AppMetrics

  /// Work for `executor`'s threads; a request it could not answer in time is counted in
  /// `metrics` (`mvvmweb_store_busy_total`).
  public init(executor: StoreExecutor, metrics: AppMetrics) {
    self.executor = executor
    self.metrics = metrics
  }

  /// A request that reads: answered later, from the store's thread (abandoned at the
  /// deadline). The handler returns it at once and holds no thread, nor needs a task:
  ///
  /// ```swift
  /// site.get(Self.route) { request in
  ///   data.read(request) {
  ///     try Self.page(Result { try store.fortunes() }, request, page, metrics)
  ///   }
  /// }
  /// ```
  public func read(
    _ request: Request, _ work: @escaping @Sendable () throws -> Response
  ) -> Response {
    .later { complete in executor.read(work) { complete(answer($0, request)) } }
  }

  /// A request that reads through a store that answers from a thread of its own, holding none
  /// of the executor's (a `PostgresPipeline`): `start` is called at once, on the server's thread,
  /// and must not block; it hands its completion the page, made on the store's thread. The
  /// deadline and its busy page are `read(_:_:)`'s:
  ///
  /// ```swift
  /// data.read(request) { complete in
  ///   store.fortunes { rows in
  ///     complete(Result { try Self.page(rows, request, page, metrics) })
  ///   }
  /// }
  /// ```
  public func read(
    _ request: Request,
    answering start:
      @escaping @Sendable (
        _ complete: @escaping @Sendable (Result<Response, any Error>) -> Void
      ) -> Void
  ) -> Response {
    .later { complete in
      executor.read(answering: start) { complete(answer($0, request)) }
    }
  }

  /// A request that writes: never started after the deadline, waited for once started, so a
  /// 503 always means nothing was stored.
  public func write(
    _ request: Request, _ work: @escaping @Sendable () throws -> Response
  ) -> Response {
    .later { complete in executor.write(work) { complete(answer($0, request)) } }
  }

  /// The answer the work made, or what it threw for the router to answer: the busy page when
  /// the store had no answer in time.
  private func answer(_ result: Result<Response, any Error>, _ request: Request) -> Response {
    switch result {
    case .success(let response): response
    case .failure(let error as StoreUnavailable): .failed(busy(error, request))
    case .failure(let error): .failed(error)
    }
  }

  /// A value read within the deadline (for what is not a page: a live page's elements).
  public func value<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await executor.read(work)
  }

  private func busy(_ error: StoreUnavailable, _ request: Request) -> HTTPError {
    metrics.storeBusy(lane: error.lane)
    Logger(label: "mvvmweb").error(
      "\(request.method) \(request.path): answered 503: \(error)",
      metadata: ["request-id": "\(request.id)"])
    return error.lane == "write" ? Self.notSaved : Self.busyReading
  }

  static let busyReading = HTTPError(
    .serviceUnavailable,
    "The site is busy right now: its data did not answer in time. Please try again in a few seconds."
  )
  static let notSaved = HTTPError(
    .serviceUnavailable,
    "The site is busy right now, so nothing was saved. Go back to the form (what you typed is still there) and send it again in a few seconds."
  )
}
