import CMVVMWebPQ
import Foundation

/// The life of a `PostgresPipeline`'s thread, and everything only that thread touches: the
/// connection in libpq's pipeline mode, the statements prepared on it, the queries to send again.
///
/// Each turn takes every query waiting, sends them all with one sync and one flush, then reads
/// the results in order and hands each to its caller. While it reads, new queries gather for the
/// next turn, so under load one wake-up and one round trip serve many requests.
///
/// Every wait is bounded by the due time of the query it waits for: a query not answered in
/// time fails, with the rest of its turn, and the connection is dropped (what it would read next
/// is unknown), as is one that broke. The next turn opens a new one: a lost connection costs the
/// queries it held, never a hang.
final class PipelineWorker {
  private let url: String
  private let limits: PostgresLimits
  private let queue: PipelineQueue
  private var connection: PostgresConnection?
  /// The statements prepared on `connection`, by name.
  private var prepared: Set<String> = []
  /// Queries that never ran because one before them in their turn failed (PostgreSQL skips the
  /// rest of a pipeline up to its sync after an error): sent first in the next turn, so one bad
  /// query fails its own caller only.
  private var retry: [PipelineJob] = []

  /// What a query waits for: a statement prepared, or its own result.
  private enum Expected {
    case prepare(String)
    case query(PipelineJob)
  }

  init(url: String, limits: PostgresLimits, queue: PipelineQueue) {
    self.url = url
    self.limits = limits
    self.queue = queue
  }

  /// Opens the connection now, so a bad URL or an unreachable server stops the start.
  func connect() throws {
    _ = try openConnection()
  }

  /// The thread's loop, until the pipeline is let go.
  func run() {
    while let taken = queue.take(block: retry.isEmpty) {
      let jobs = retry + taken
      retry = []
      serve(jobs)
    }
    let closed = PostgresError("the database pipeline is closed")
    for job in retry { answer(job, .failure(closed)) }
    retry = []
    drop()
  }

  /// Hands `job` its outcome, counted as answered first: its caller may hand over its next
  /// query from inside `deliver`, and must find its place in the queue free.
  private func answer(_ job: PipelineJob, _ outcome: PipelineOutcome) {
    queue.answered(1)
    job.deliver(outcome)
  }

  /// One turn: every job is answered, or (never run) moved to `retry`.
  private func serve(_ jobs: [PipelineJob]) {
    let now = ContinuousClock.now
    var live: [PipelineJob] = []
    live.reserveCapacity(jobs.count)
    for job in jobs {
      if job.due <= now { answer(job, .failure(late)) } else { live.append(job) }
    }
    // The turn's results are read until its last query is due: one query past its own time
    // fails alone, without dropping a connection that still answers the others.
    guard let lastDue = live.lazy.map(\.due).max() else { return }
    var settled = 0
    do {
      let handle = try openConnection()
      let expected = try send(live, on: handle)
      try flush(handle, until: lastDue)
      var prepareFailures: [String: PostgresError] = [:]
      for entry in expected {
        switch entry {
        case .prepare(let name):
          let result = try commandResult(handle, until: lastDue)
          switch PQresultStatus(result) {
          case PGRES_COMMAND_OK: prepared.insert(name)
          case PGRES_PIPELINE_ABORTED: break  // prepared with its query's retry
          default: prepareFailures[name] = PostgresConnection.error(of: result)
          }
          PQclear(result)
        case .query(let job):
          let result = try commandResult(handle, until: lastDue)
          settled += 1
          switch PQresultStatus(result) {
          case _ where ContinuousClock.now > job.due: answer(job, .failure(late))
          case PGRES_TUPLES_OK, PGRES_COMMAND_OK: answer(job, .result(result))
          case PGRES_PIPELINE_ABORTED:
            if let failure = prepareFailures[job.name] {
              answer(job, .failure(failure))
            } else {
              retry.append(job)
            }
          default: answer(job, .failure(PostgresConnection.error(of: result)))
          }
          PQclear(result)
        }
      }
      // The sync ends the turn; unlike a command's results, no NULL follows it.
      guard let sync = try nextResult(handle, until: lastDue) else { throw outOfStep }
      defer { PQclear(sync) }
      guard PQresultStatus(sync) == PGRES_PIPELINE_SYNC else { throw outOfStep }
    } catch {
      // The connection broke, stalled or lost step: nothing it would say next can be trusted.
      drop()
      let failure = error as? PostgresError ?? PostgresError("\(error)")
      for job in live[settled...] { answer(job, .failure(failure)) }
      for job in retry { answer(job, .failure(failure)) }
      retry = []
    }
  }

  /// Sends every query (preparing the statements this connection lacks) and one sync; returns
  /// what comes back for them, in order.
  private func send(_ jobs: [PipelineJob], on handle: OpaquePointer) throws -> [Expected] {
    var expected: [Expected] = []
    expected.reserveCapacity(jobs.count)
    var preparing: Set<String> = []
    for job in jobs {
      if !prepared.contains(job.name), preparing.insert(job.name).inserted {
        guard PQsendPrepare(handle, job.name, job.sql, 0, nil) == 1 else {
          throw connectionError(handle)
        }
        expected.append(.prepare(job.name))
      }
      let sent = withOptionalCStrings(job.parameters) { values in
        PQsendQueryPrepared(
          handle, job.name, Int32(clamping: values.count), values.baseAddress, nil, nil, 0)
      }
      guard sent == 1 else { throw connectionError(handle) }
      expected.append(.query(job))
    }
    guard PQpipelineSync(handle) == 1 else { throw connectionError(handle) }
    return expected
  }

  /// Sends what libpq holds (the connection does not block: a large turn must not wait on a
  /// server that waits for us to read), reading what arrives meanwhile.
  private func flush(_ handle: OpaquePointer, until due: ContinuousClock.Instant) throws {
    while true {
      let left = PQflush(handle)
      if left == 0 { return }
      guard left > 0 else { throw connectionError(handle) }
      let events = try wait(handle, for: Int16(POLLIN | POLLOUT), until: due)
      if events & Int16(POLLIN) != 0, PQconsumeInput(handle) != 1 {
        throw connectionError(handle)
      }
    }
  }

  /// The next command's result, and the NULL that ends it in pipeline mode: the first failure
  /// if it has several results, else the last. The caller clears it.
  private func commandResult(
    _ handle: OpaquePointer, until due: ContinuousClock.Instant
  ) throws -> OpaquePointer {
    guard var kept = try nextResult(handle, until: due) else { throw outOfStep }
    do {
      while let more = try nextResult(handle, until: due) {
        if PQresultStatus(kept) == PGRES_FATAL_ERROR {
          PQclear(more)
        } else {
          PQclear(kept)
          kept = more
        }
      }
    } catch {
      PQclear(kept)
      throw error
    }
    return kept
  }

  /// `PQgetResult` once it will not block, waiting for input until `due`.
  private func nextResult(
    _ handle: OpaquePointer, until due: ContinuousClock.Instant
  ) throws -> OpaquePointer? {
    while PQisBusy(handle) == 1 {
      _ = try wait(handle, for: Int16(POLLIN), until: due)
      guard PQconsumeInput(handle) == 1 else { throw connectionError(handle) }
    }
    return PQgetResult(handle)
  }

  /// The events of `events` the socket is ready for; throws `late` when `due` passes first.
  private func wait(
    _ handle: OpaquePointer, for events: Int16, until due: ContinuousClock.Instant
  ) throws -> Int16 {
    // libpq closes the socket when it reads the end of the stream (a server that ended the
    // connection): `poll` would then wait on no descriptor until `due`, for nothing.
    let socket = PQsocket(handle)
    guard socket >= 0, PQstatus(handle) == CONNECTION_OK else { throw connectionError(handle) }
    while true {
      let left = PostgresLimits.milliseconds(due - ContinuousClock.now)
      var descriptor = pollfd(fd: socket, events: events, revents: 0)
      let ready = left > 0 ? poll(&descriptor, 1, Int32(clamping: left)) : 0
      if ready > 0 { return descriptor.revents }
      if ready < 0 && errno == EINTR { continue }
      throw ready == 0 ? late : PostgresError("waiting for the database failed (errno \(errno))")
    }
  }

  /// The connection, opened (in pipeline mode, not blocking) if there is none or the one there
  /// was ended while idle.
  private func openConnection() throws -> OpaquePointer {
    if let connection {
      if Self.isStillOpen(connection.handle) { return connection.handle }
      drop()
    }
    let fresh = try PostgresConnection(url: url, limits: limits)
    guard PQenterPipelineMode(fresh.handle) == 1, PQsetnonblocking(fresh.handle, 1) == 0 else {
      throw connectionError(fresh.handle)
    }
    connection = fresh
    return fresh.handle
  }

  /// Whether a connection idle since its last turn still works. A server that ended it
  /// meanwhile (a restart, `pg_terminate_backend`) left its last words and the end of the
  /// stream on the socket; without this look, the next turn's queries would all fail. Polls
  /// without waiting: one call when nothing arrived, as between turns under load.
  private static func isStillOpen(_ handle: OpaquePointer) -> Bool {
    // A few reads at most: the end of the stream keeps the socket readable.
    for _ in 0..<4 {
      guard PQstatus(handle) == CONNECTION_OK else { return false }
      var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { return true }
      guard PQconsumeInput(handle) == 1 else { return false }
    }
    return PQstatus(handle) == CONNECTION_OK
  }

  /// Closes the connection; the next turn opens another.
  private func drop() {
    connection = nil
    prepared = []
  }

  private var late: PostgresError {
    PostgresError(
      "the database did not answer within \(limits.statement)")
  }

  private var outOfStep: PostgresError {
    PostgresError("the database's answers were out of step with the queries sent")
  }

  private func connectionError(_ handle: OpaquePointer) -> PostgresError {
    PostgresError(PostgresConnection.oneLine(String(cString: PQerrorMessage(handle))))
  }
}
