import GRDB
import GRDBSQLite

/// The columns of the row a statement stands on, read in place with SQLite's own accessors:
/// numbers as SQLite holds them and text as the bytes it holds, without the `DatabaseValue` and
/// the `String` GRDB's decoding makes of every value. For reads that run on every request, where
/// that decoding cost more than the query.
///
/// The league's matches (`SQLiteLeagueStore`):
///
/// ```swift
/// try db.cachedStatement(sql: matchesSQL).forEachRow(arguments: arguments) { columns in
///   let id = try columns.id(at: 0)
///   places[id] = matches.count
///   matches.append(
///     Match(
///       id: id, homePlayers: [], awayPlayers: [],
///       homeGoals: Int(try columns.integer(at: 1)), awayGoals: Int(try columns.integer(at: 2)),
///       createdAt: Date(timeIntervalSince1970: try columns.real(at: 3))))
/// }
/// ```
///
/// where an id is read from the bytes SQLite holds:
///
/// ```swift
/// func id(at index: Int32) throws -> UUID {
///   try text(at: index) { bytes in
///     guard let id = UUID(utf8: bytes) else {
///       throw MalformedID(text: String(decoding: bytes, as: UTF8.self))
///     }
///     return id
///   }
/// }
/// ```
///
/// Only valid inside `forEachRow`'s closure: the bytes belong to SQLite until its next step.
/// A value of another type than asked (a NULL, text for a number) throws, never converts.
public struct SQLiteColumns {
  private let statement: SQLiteStatement

  init(_ statement: SQLiteStatement) {
    self.statement = statement
  }

  /// The integer in column `index`.
  public func integer(at index: Int32) throws(SQLiteColumnError) -> Int64 {
    try expect(SQLITE_INTEGER, at: index)
    return sqlite3_column_int64(statement, index)
  }

  /// The number in column `index`, a real or an integer (which SQLite may keep for a whole
  /// number in a `REAL` column).
  public func real(at index: Int32) throws(SQLiteColumnError) -> Double {
    let type = sqlite3_column_type(statement, index)
    guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else {
      throw SQLiteColumnError(column: index, expected: "a number", found: type)
    }
    return sqlite3_column_double(statement, index)
  }

  /// `body`'s answer for the UTF-8 bytes of the text in column `index`, which are SQLite's
  /// until the statement steps again (copy what is kept).
  public func text<Value>(
    at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Value
  ) throws -> Value {
    try expect(SQLITE_TEXT, at: index)
    // `sqlite3_column_text` before `sqlite3_column_bytes`, as SQLite documents: the count is
    // then the text's, in bytes. Empty text may come back as a null pointer.
    let start = sqlite3_column_text(statement, index)
    let count = Int(sqlite3_column_bytes(statement, index))
    return try body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
  }

  /// The text in column `index`, as a `String`.
  public func string(at index: Int32) throws -> String {
    try text(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether column `index` holds NULL.
  public func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(statement, index) == SQLITE_NULL
  }

  private func expect(_ type: Int32, at index: Int32) throws(SQLiteColumnError) {
    let found = sqlite3_column_type(statement, index)
    guard found == type else {
      throw SQLiteColumnError(
        column: index, expected: type == SQLITE_TEXT ? "text" : "an integer", found: found)
    }
  }
}

/// A column that held another type than the one read: the file was damaged, or written by
/// something else than the app.
public struct SQLiteColumnError: Error, Equatable, CustomStringConvertible {
  /// The column's index in the statement's results.
  public var column: Int32
  /// What was read.
  public var expected: String
  /// SQLite's type code of what the column held (`SQLITE_NULL`, `SQLITE_TEXT`…).
  public var found: Int32

  public var description: String {
    let names = [
      SQLITE_INTEGER: "an integer", SQLITE_FLOAT: "a real", SQLITE_TEXT: "text",
      SQLITE_BLOB: "a blob", SQLITE_NULL: "NULL",
    ]
    return "column \(column) of a row held \(names[found] ?? "type \(found)"), not \(expected)"
  }
}

extension Statement {
  /// Runs the statement with `arguments` and calls `body` with each row's columns, in order.
  public func forEachRow(
    arguments: StatementArguments = StatementArguments(),
    _ body: (SQLiteColumns) throws -> Void
  ) throws {
    let rows = try Row.fetchCursor(self, arguments: arguments)
    while try rows.next() != nil {
      try body(SQLiteColumns(sqliteStatement))
    }
  }
}
