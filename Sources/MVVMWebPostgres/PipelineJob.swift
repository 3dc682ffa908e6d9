/// One query waiting in a `PostgresPipeline`: what to send, by when its caller must hear, and
/// what to do with its result. The row type is erased into `deliver`, so one queue holds every
/// caller's queries.
struct PipelineJob: Sendable {
  /// The prepared statement's name, from the code: one name, one SQL text.
  let name: String
  let sql: String
  let parameters: [String?]
  /// When the caller hears at the latest: a result not read by then is not waited for.
  let due: ContinuousClock.Instant
  /// Hands the caller the rows of a result that succeeded (read in place, on the pipeline's
  /// thread, before the result is cleared), or the error.
  let deliver: @Sendable (PipelineOutcome) -> Void
}

/// What became of a query: its result (TUPLES_OK or COMMAND_OK, cleared by the pipeline after
/// `deliver`), or why it has none.
enum PipelineOutcome {
  case result(OpaquePointer)
  case failure(PostgresError)
}
