import CMVVMWebPQ
import Foundation

/// One connection to a PostgreSQL server through libpq. Calls block the calling thread, so the
/// stores make them on their own threads, never on a connection's queue. Parameters travel
/// separately from the SQL text (`$1`, `$2`…), never pasted into it.
///
/// `@unchecked Sendable`: a connection is used by one thread at a time; `PostgresPool` hands it
/// out to one caller and takes it back.
public final class PostgresConnection: @unchecked Sendable {
  let handle: OpaquePointer
  private let limits: PostgresLimits
  /// A statement got no answer in time: what the connection would read next is unknown, so it
  /// is not used again.
  private var abandoned = false
  /// The statements `query(prepared:_:_:)` has prepared on this connection, by name.
  private var prepared: Set<String> = []

  /// Connects to `url` (`postgres://user:pass@host:port/db`, `postgresql:///db?host=/run/postgresql`
  /// or any libpq connection string). A malformed URL, an unreachable server or refused
  /// credentials throw one line naming the host and libpq's reason. Every wait is bounded by
  /// `limits`.
  public init(url: String, limits: PostgresLimits = PostgresLimits()) throws(PostgresError) {
    var parseError: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(url, &parseError) else {
      // libpq's reason quotes the part it could not read, which may be the password: not shown.
      if let parseError { PQfreemem(parseError) }
      throw PostgresError(
        "the database URL is not valid (expected postgres://user:pass@host:port/db or postgresql:///db?host=/run/postgresql)"
      )
    }
    PQconninfoFree(options)
    // The URL may say otherwise: it comes later and wins.
    let keywords = limits.parameters.map(\.0) + ["dbname"]
    let values = limits.parameters.map(\.1) + [url]
    let handle = withCStringArrays(keywords, values) { keywords, values in
      PQconnectdbParams(keywords, values, 1)
    }
    guard let handle else { throw PostgresError("libpq could not allocate a connection") }
    guard PQstatus(handle) == CONNECTION_OK else {
      let reason = Self.oneLine(String(cString: PQerrorMessage(handle)))
      PQfinish(handle)
      throw PostgresError(reason)
    }
    // The server's NOTICE lines ("relation already exists, skipping" at every start) are not
    // for operators; warnings and errors are. Filtered here rather than with a server setting,
    // which a pooler such as PgBouncer may refuse.
    PQsetNoticeReceiver(handle, Self.printWarnings, nil)
    self.handle = handle
    self.limits = limits
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether the connection still works; one that broke is dropped by the pool.
  public var isHealthy: Bool { !abandoned && PQstatus(handle) == CONNECTION_OK }

  /// The socket libpq reads notifications from.
  public var socket: Int32 { PQsocket(handle) }

  /// Runs one statement with text parameters and returns its rows.
  @discardableResult
  public func query(
    _ sql: String, _ parameters: [String?] = []
  ) throws(PostgresError)
    -> PostgresRows
  {
    try rows(
      of: checked(
        awaitingResult(
          sent: withOptionalCStrings(parameters) { values in
            PQsendQueryParams(
              handle, sql, Int32(clamping: values.count), nil, values.baseAddress, nil, nil, 0)
          })))
  }

  /// Runs one statement like `query(_:_:)`, prepared on this connection under `name` the first
  /// time and executed by name after that, so the server parses and plans it once per
  /// connection rather than at every call, where planning is a large share of a short query.
  /// `name` is the statement's, from the code: one name, one SQL text.
  @discardableResult
  public func query(
    prepared name: String, _ sql: String, _ parameters: [String?] = []
  ) throws(PostgresError) -> PostgresRows {
    try rows(of: preparedResult(name, sql, parameters))
  }

  /// The result of the statement `name` (prepared on first use) with `parameters`, which the
  /// caller clears.
  private func preparedResult(
    _ name: String, _ sql: String, _ parameters: [String?]
  ) throws(PostgresError) -> OpaquePointer {
    if !prepared.contains(name) {
      PQclear(try checked(awaitingResult(sent: PQsendPrepare(handle, name, sql, 0, nil))))
      prepared.insert(name)
    }
    return try checked(
      awaitingResult(
        sent: withOptionalCStrings(parameters) { values in
          PQsendQueryPrepared(
            handle, name, Int32(clamping: values.count), values.baseAddress, nil, nil, 0)
        }))
  }

  /// Runs one statement like `query(prepared:_:_:)` and returns what `row` makes of each row,
  /// read in place: no copy of the result as strings first.
  public func query<Row>(
    prepared name: String, _ sql: String, _ parameters: [String?] = [],
    row: (PostgresColumns) throws -> Row
  ) throws -> [Row] {
    let result = try preparedResult(name, sql, parameters)
    defer { PQclear(result) }
    return try PostgresColumns.rows(of: result, row)
  }

  /// The rows of a result that succeeded, copied out as text; the result is cleared.
  private func rows(of result: OpaquePointer) -> PostgresRows {
    defer { PQclear(result) }
    let rowCount = Int(PQntuples(result))
    let columnCount = Int(PQnfields(result))
    var rows: [[String?]] = []
    rows.reserveCapacity(rowCount)
    for row in 0..<rowCount {
      var values: [String?] = []
      values.reserveCapacity(columnCount)
      for column in 0..<columnCount {
        let (r, c) = (Int32(truncatingIfNeeded: row), Int32(truncatingIfNeeded: column))
        values.append(
          PQgetisnull(result, r, c) == 1 ? nil : String(cString: PQgetvalue(result, r, c)))
      }
      rows.append(values)
    }
    let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
    return PostgresRows(rows: rows, affected: affected)
  }

  /// Inserts `rows` into `table` with a few multi-row statements rather than one per row (a
  /// league of 10,000 matches: seconds instead of tens of seconds). `table` and `columns` are
  /// names from the code, never from input; the values travel as parameters.
  public func insert(into table: String, columns: [String], rows: [[String?]]) throws(PostgresError)
  {
    // A statement takes at most 65,535 parameters; 1,000 rows keeps each one small.
    let rowsPerStatement = max(1, min(1_000, 65_535 / max(columns.count, 1)))
    var start = 0
    while start < rows.count {
      let chunk = rows[start..<min(start + rowsPerStatement, rows.count)]
      let tuples = (0..<chunk.count).map { row in
        "(" + (1...columns.count).map { "$\(row * columns.count + $0)" }.joined(separator: ", ")
          + ")"
      }
      try query(
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
          + tuples.joined(separator: ", "), chunk.flatMap { $0 })
      start += chunk.count
    }
  }

  /// Runs a script of several statements without parameters (a migration).
  public func run(script: String) throws(PostgresError) {
    PQclear(try checked(awaitingResult(sent: PQsendQuery(handle, script))))
  }

  /// What a statement sent (`sent` is libpq's answer to sending it) comes back with, as
  /// `PQexec` would give it (the first failure, or else the last result), waited for at most
  /// `limits.statement`: a server that is frozen never ends its own `statement_timeout`.
  private func awaitingResult(sent: Int32) throws(PostgresError) -> OpaquePointer? {
    guard !abandoned else { throw PostgresError("the connection was dropped after a timeout") }
    guard sent == 1 else { throw connectionError }
    let deadline = ContinuousClock.now + limits.statement
    var kept: OpaquePointer?
    while true {
      while PQisBusy(handle) == 1 {
        try waitForInput(until: deadline, clearing: kept)
        guard PQconsumeInput(handle) == 1 else {
          if let kept { PQclear(kept) }
          throw connectionError
        }
      }
      guard let result = PQgetResult(handle) else { return kept }
      if let previous = kept, PQresultStatus(previous) == PGRES_FATAL_ERROR {
        PQclear(result)  // The first failure is the one to report.
      } else {
        if let previous = kept { PQclear(previous) }
        kept = result
      }
    }
  }

  /// Waits until the server's answer can be read, or throws (dropping the connection) when
  /// `deadline` passes first.
  private func waitForInput(
    until deadline: ContinuousClock.Instant, clearing kept: OpaquePointer?
  ) throws(PostgresError) {
    while true {
      let left = PostgresLimits.milliseconds(deadline - ContinuousClock.now)
      var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
      let ready = left > 0 ? poll(&descriptor, 1, Int32(clamping: left)) : 0
      if ready > 0 { return }
      if ready < 0 && errno == EINTR { continue }
      abandoned = true
      if let kept { PQclear(kept) }
      throw PostgresError(
        ready == 0
          ? "the database did not answer within \(limits.statement); the connection was dropped"
          : "waiting for the database failed (errno \(errno))")
    }
  }

  /// A result that succeeded, or the error it (or the connection, when there is none) reports,
  /// with its SQLSTATE. The caller clears a result it gets back.
  private func checked(_ result: OpaquePointer?) throws(PostgresError) -> OpaquePointer {
    guard let result else { throw connectionError }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let error = Self.error(of: result)
      PQclear(result)
      throw error
    }
    return result
  }

  /// The error a failed result reports, with its SQLSTATE.
  static func error(of result: OpaquePointer) -> PostgresError {
    let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
    return PostgresError(
      oneLine(String(cString: PQresultErrorMessage(result))), sqlState: state)
  }

  /// What libpq says went wrong with the connection itself.
  private var connectionError: PostgresError {
    PostgresError(Self.oneLine(String(cString: PQerrorMessage(handle))))
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  public func transaction<Value>(_ body: () throws -> Value) throws -> Value {
    try query("BEGIN")
    do {
      let value = try body()
      try query("COMMIT")
      return value
    } catch {
      _ = try? query("ROLLBACK")
      throw error
    }
  }

  /// Reads what has arrived on the socket and returns the notifications since the last call:
  /// each one's channel and payload.
  public func notifications() throws(PostgresError) -> [(channel: String, payload: String)] {
    guard PQconsumeInput(handle) == 1 else { throw connectionError }
    var notifications: [(channel: String, payload: String)] = []
    while let notification = PQnotifies(handle) {
      notifications.append(
        (
          String(cString: notification.pointee.relname),
          notification.pointee.extra.map { String(cString: $0) } ?? ""
        ))
      PQfreemem(notification)
    }
    return notifications
  }

  /// libpq's notice receiver: a warning (or worse) goes to standard error as one line; notices,
  /// infos and debug lines are dropped.
  private static let printWarnings: PQnoticeReceiver = { _, result in
    guard let result,
      let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V"))).map({
        String(cString: $0)
      }),
      !["NOTICE", "INFO", "DEBUG", "LOG"].contains(severity)
    else { return }
    let line =
      "mvvmweb: PostgreSQL: " + oneLine(String(cString: PQresultErrorMessage(result))) + "\n"
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// libpq's messages end in a newline and may hold several lines; a log line wants one.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
  }
}

/// Calls `body` with NUL-terminated copies of `strings` (nil stays a null pointer), valid only
/// during the call.
func withOptionalCStrings<Result>(
  _ strings: [String?], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
  let copies = strings.map { $0.map { strdup($0) } ?? nil }
  defer { copies.forEach { free($0) } }
  let pointers = copies.map { $0.map { UnsafePointer($0) } }
  return pointers.withUnsafeBufferPointer(body)
}

/// libpq's keyword/value arrays: NULL-terminated lists of C strings.
func withCStringArrays<Result>(
  _ keywords: [String], _ values: [String],
  _ body: (UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
  withOptionalCStrings(keywords + [nil]) { keywords in
    withOptionalCStrings(values + [nil]) { values in
      // trap-ok: arrays of at least one element (the terminating nil) have a base address.
      body(keywords.baseAddress!, values.baseAddress!)
    }
  }
}
