/// One query waiting in a `PostgresPipeline`: what to send, by when its caller must hear, and
/// what to do with its result. The row type is erased into `deliver`, so one queue holds every
/// caller's queries. A class: a turn copies each job into its lists, and a copy of a reference
/// is one count where a copy of the fields was one for each of them.
final class PipelineJob: Sendable {
  /// The prepared statement's name, from the code: one name, one SQL text.
  let name: String
  let sql: String
  let parameters: [String?]
  /// When the caller hears at the latest: a result not read by then is not waited for.
  let due: ContinuousClock.Instant
  /// Hands the caller the rows of a result that succeeded (read in place, on the pipeline's
  /// thread, before the result is cleared), or the error.
  let deliver: @Sendable (PipelineOutcome) -> Void

  init(
    name: String, sql: String, parameters: [String?], due: ContinuousClock.Instant,
    deliver: @escaping @Sendable (PipelineOutcome) -> Void
  ) {
    self.name = name
    self.sql = sql
    self.parameters = parameters
    self.due = due
    self.deliver = deliver
  }
}

/// What became of a query: its result (TUPLES_OK or COMMAND_OK, cleared by the pipeline after
/// `deliver`), or why it has none.
@usableFromInline
enum PipelineOutcome {
  case result(OpaquePointer)
  case failure(PostgresError)
}
