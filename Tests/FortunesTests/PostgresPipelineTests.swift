import Dispatch
import Foundation
import MVVMWebPostgres
import Synchronization
import TestSupport
import Testing

/// The pipeline on a real PostgreSQL server: queries sent together still answer each caller with
/// its own rows, a failure stays its query's, and a lost or frozen connection costs the queries
/// it held, then is replaced.
@Suite struct PostgresPipelineTests {
  /// One query's answer, once it comes.
  final class Answer<Row: Sendable>: Sendable {
    private let result = Mutex<Result<[Row], any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ answer: Result<[Row], any Error>) {
      result.withLock { $0 = answer }
      done.signal()
    }

    /// Whether it came already.
    var hasCome: Bool { result.withLock { $0 != nil } }

    /// The answer, waited for up to `seconds`.
    func get(within seconds: Double = 10) throws -> [Row] {
      guard done.wait(timeout: .now() + seconds) == .success else {
        throw NoAnswer(seconds: seconds)
      }
      done.signal()  // Later `get`s see it too.
      guard let answer = result.withLock({ $0 }) else { throw NoAnswer(seconds: 0) }
      return try answer.get()
    }
  }

  /// No answer came: not a `PostgresError`, so a test that expects the query to fail cannot
  /// pass on a pipeline that hangs.
  struct NoAnswer: Error {
    let seconds: Double
  }

  static func integers(
    _ pipeline: PostgresPipeline, _ name: String, _ sql: String, _ parameters: [String?] = []
  ) -> Answer<Int> {
    let answer = Answer<Int>()
    pipeline.query(prepared: name, sql, parameters, row: { try $0.integer(at: 0) }) {
      answer.finish($0)
    }
    return answer
  }

  static func backendID(_ pipeline: PostgresPipeline) throws -> Int {
    try integers(pipeline, "pid", "SELECT pg_backend_pid()").get().first ?? -1
  }

  static func url() throws -> String {
    try PostgresTestServer.shared.get().freshDatabase()
  }

  /// Keeps the pipeline's thread reading for a while, so the queries handed over meanwhile go
  /// out together in its next turn.
  static func holdTurn(_ pipeline: PostgresPipeline) -> Answer<Int> {
    integers(pipeline, "hold", "SELECT 1 FROM pg_sleep(0.3)")
  }

  @Test func manyConcurrentQueriesEachGetTheirOwnRowsInOrder() throws {
    let pipeline = try PostgresPipeline(url: try Self.url())
    let count = 400
    let answers = (0..<count).map { _ in Answer<Int>() }
    DispatchQueue.concurrentPerform(iterations: count) { number in
      pipeline.query(
        prepared: "three", "SELECT $1::int * 10 + g FROM generate_series(0, 2) AS g",
        [String(number)], row: { try $0.integer(at: 0) }
      ) { answers[number].finish($0) }
    }
    for (number, answer) in answers.enumerated() {
      #expect(try answer.get() == [number * 10, number * 10 + 1, number * 10 + 2])
    }
  }

  /// A bad parameter and a statement that does not parse, in one turn with good queries: each
  /// fails alone; the queries after them (which PostgreSQL skips up to the sync) are sent again.
  @Test func aFailedQueryFailsItsCallerOnly() throws {
    let pipeline = try PostgresPipeline(url: try Self.url())
    let hold = Self.holdTurn(pipeline)
    let echo = "SELECT $1::int"
    let first = Self.integers(pipeline, "echo", echo, ["1"])
    let bad = Self.integers(pipeline, "echo", echo, ["not a number"])
    let second = Self.integers(pipeline, "echo", echo, ["2"])
    let broken = Self.integers(pipeline, "broken", "SELEC 1")
    let third = Self.integers(pipeline, "echo", echo, ["3"])
    #expect(try hold.get() == [1])
    #expect(try first.get() == [1])
    #expect(try second.get() == [2])
    #expect(try third.get() == [3])
    #expect {
      try bad.get()
    } throws: { error in
      (error as? PostgresError)?.sqlState == "22P02"
    }
    #expect {
      try broken.get()
    } throws: { error in
      (error as? PostgresError)?.sqlState == "42601"
    }
    #expect(try Self.integers(pipeline, "echo", echo, ["4"]).get() == [4])
  }

  /// `pg_terminate_backend` mid-turn fails the queries sent on the connection, with an error
  /// and at once; one handed over meanwhile, never sent, runs on a new connection, as does the
  /// next. One ended while idle costs no query.
  @Test func aKilledConnectionFailsWhatWaitedAndIsReplaced() throws {
    let url = try Self.url()
    let pipeline = try PostgresPipeline(url: url)
    let admin = try PostgresConnection(url: url)
    let killed = try Self.backendID(pipeline)
    // A turn held on a lock while the two queries to kill gather, so they go out together.
    try admin.run(script: "CREATE TABLE gate (x int)")
    try admin.query("BEGIN")
    try admin.query("LOCK TABLE gate")
    let gated = Self.integers(pipeline, "gate", "SELECT count(*)::int FROM gate")
    try Self.waitUntil(admin, "wait_event_type = 'Lock'", pid: killed)
    let sleeping = Self.integers(pipeline, "sleep", "SELECT 1 FROM pg_sleep(20)")
    let behind = Self.integers(pipeline, "echo", "SELECT $1::int", ["5"])
    try admin.query("COMMIT")
    #expect(try gated.get() == [0])
    try Self.waitUntil(admin, "query LIKE '%pg_sleep(20)%' AND state = 'active'", pid: killed)
    // Handed over while the thread waits on the sleep: not sent on the connection to be killed.
    let queued = Self.integers(pipeline, "echo", "SELECT $1::int", ["6"])
    let started = ContinuousClock.now
    try admin.query("SELECT pg_terminate_backend($1::int, 5000)", [String(killed)])
    #expect(throws: PostgresError.self) { try sleeping.get() }
    #expect(throws: PostgresError.self) { try behind.get() }
    #expect(try queued.get() == [6])
    #expect(ContinuousClock.now - started < .seconds(5))
    let replacement = try Self.backendID(pipeline)
    #expect(replacement != killed)
    // Ended between two turns: the next one notices before it sends, and opens another.
    try admin.query("SELECT pg_terminate_backend($1::int, 5000)", [String(replacement)])
    #expect(try Self.integers(pipeline, "echo", "SELECT $1::int", ["7"]).get() == [7])
    #expect(try Self.backendID(pipeline) != replacement)
  }

  /// Waits (up to 10 s) until the backend `pid` shows `condition` in `pg_stat_activity`.
  static func waitUntil(_ admin: PostgresConnection, _ condition: String, pid: Int) throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let rows = try admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE pid = $1::int AND \(condition)", [String(pid)])
      if rows.count == 1 { return }
      Thread.sleep(forTimeInterval: 0.01)
    }
    throw NoAnswer(seconds: 10)
  }

  /// A frozen server (its process stopped: it cannot even end its own `statement_timeout`):
  /// the query fails at its deadline, the queue refuses what it cannot hold at once, and once
  /// the connection is dropped the next query runs on a new one.
  @Test func aQueryNotAnsweredInTimeFailsAtItsDeadline() throws {
    let pipeline = try PostgresPipeline(
      url: try Self.url(), limits: PostgresLimits(statement: .milliseconds(500)), queueLimit: 4)
    let frozen = try Self.backendID(pipeline)
    guard let process = pid_t(exactly: frozen) else { throw PostgresError("no backend id") }
    #expect(kill(process, SIGSTOP) == 0)
    defer { kill(process, SIGCONT) }
    let started = ContinuousClock.now
    // Whether each was answered as it was handed over: the four it holds are not; the six beyond
    // are refused on the spot.
    var answeredAtOnce: [Bool] = []
    let answers = (0..<10).map { number in
      let answer = Self.integers(pipeline, "echo", "SELECT $1::int", [String(number)])
      answeredAtOnce.append(answer.hasCome)
      return answer
    }
    #expect(answeredAtOnce == Array(repeating: false, count: 4) + Array(repeating: true, count: 6))
    for answer in answers {
      #expect(throws: PostgresError.self) { try answer.get() }
    }
    let waited = ContinuousClock.now - started
    #expect(waited >= .milliseconds(400))
    #expect(waited < .seconds(3))
    kill(process, SIGCONT)
    #expect(try Self.integers(pipeline, "echo", "SELECT $1::int", ["8"]).get() == [8])
    #expect(try Self.backendID(pipeline) != frozen)
  }
}
