import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import MVVMWebSQLite

/// `SQLiteColumns` on a real file: each value read in place as SQLite holds it, and a value of
/// another type (or NULL) refused with the column and what it held, never converted.
@Suite struct SQLiteColumnsTests {
  let queue: DatabaseQueue

  init() throws {
    queue = try DatabaseQueue(
      path: NSTemporaryDirectory() + "mvvmweb-columns-\(UUID().uuidString.prefix(8)).sqlite")
  }

  /// The columns of `sql`'s one row, read by `body`.
  private func read<Value>(
    _ sql: String, _ body: (SQLiteColumns) throws -> Value
  ) throws -> [Value] {
    try queue.read { db in
      var values: [Value] = []
      try db.makeStatement(sql: sql).forEachRow { values.append(try body($0)) }
      return values
    }
  }

  @Test func integersAtTheirLimits() throws {
    let sql = "SELECT -9223372036854775808, 9223372036854775807, 0, -1"
    let values = try read(sql) { columns in try (0..<4).map { try columns.integer(at: $0) } }
    #expect(values == [[Int64.min, Int64.max, 0, -1]])
  }

  @Test func realsAndWholeNumbersAsReals() throws {
    let values = try read("SELECT 1.5, -0.25, 3, 1e308") { columns in
      try (0..<4).map { try columns.real(at: $0) }
    }
    #expect(values == [[1.5, -0.25, 3, 1e308]])
    // A whole number stored in a REAL column comes back as a real.
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (at REAL NOT NULL); INSERT INTO t VALUES (1700000000)")
    }
    #expect(try read("SELECT at FROM t") { try $0.real(at: 0) } == [1_700_000_000])
  }

  @Test func textAsItsBytesEmptyAndNonASCIIIncluded() throws {
    let values = try read("SELECT '', 'Chloé', 'フレーム', 'a' || char(0) || 'b'") { columns in
      try (0..<4).map { index in try columns.text(at: index) { Array($0) } }
    }
    #expect(
      values == [[[], Array("Chloé".utf8), Array("フレーム".utf8), [0x61, 0, 0x62]]])
    #expect(try read("SELECT 'Eun-ji'") { try $0.string(at: 0) } == ["Eun-ji"])
  }

  @Test func rowsComeInOrderWithTheirArguments() throws {
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE n (v INTEGER); INSERT INTO n VALUES (3), (1), (2)")
    }
    let values = try queue.read { db in
      var values: [Int64] = []
      try db.makeStatement(sql: "SELECT v FROM n WHERE v >= ? ORDER BY v").forEachRow(
        arguments: [2]
      ) { values.append(try $0.integer(at: 0)) }
      return values
    }
    #expect(values == [2, 3])
  }

  @Test(arguments: [
    ("SELECT NULL", "integer", SQLITE_NULL), ("SELECT '7'", "integer", SQLITE_TEXT),
    ("SELECT 7.0", "integer", SQLITE_FLOAT), ("SELECT x'07'", "integer", SQLITE_BLOB),
    ("SELECT 7", "text", SQLITE_INTEGER), ("SELECT NULL", "text", SQLITE_NULL),
    ("SELECT x'41'", "text", SQLITE_BLOB), ("SELECT '7.5'", "real", SQLITE_TEXT),
    ("SELECT NULL", "real", SQLITE_NULL),
  ])
  func anotherTypeIsRefusedNotConverted(sql: String, read kind: String, held: Int32) throws {
    let expected = ["integer": "an integer", "real": "a number", "text": "text"][kind] ?? kind
    #expect(throws: SQLiteColumnError(column: 0, expected: expected, found: held)) {
      _ = try read(sql) { columns in
        switch kind {
        case "integer": _ = try columns.integer(at: 0)
        case "real": _ = try columns.real(at: 0)
        default: _ = try columns.string(at: 0)
        }
      }
    }
    #expect(try read(sql) { $0.isNull(at: 0) } == [held == SQLITE_NULL])
  }

  @Test func theErrorSaysWhatTheColumnHeld() {
    let error = SQLiteColumnError(column: 2, expected: "text", found: SQLITE_NULL)
    #expect(error.description == "column 2 of a row held NULL, not text")
  }
}
