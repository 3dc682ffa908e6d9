import Foundation
import TestSupport
import Testing

@testable import MVVMWebPostgres

/// Rows read in place from libpq's result (`PostgresColumns`), on a private PostgreSQL server:
/// text as its bytes, whole numbers parsed from their text without trapping, NULL refused.
@Suite struct PostgresColumnsTests {
  @Test(arguments: [
    ("0", 0), ("7", 7), ("-7", -7), ("0012", 12), ("9223372036854775807", Int.max),
    ("-9223372036854775808", Int.min),
  ])
  func wholeNumbersToTheirLimits(text: String, value: Int) {
    #expect(Array(text.utf8).withUnsafeBufferPointer { PostgresColumns.integer($0) } == value)
  }

  @Test(arguments: [
    "", "-", "+1", " 1", "1 ", "1a", "1.0", "9223372036854775808", "-9223372036854775809",
    "99999999999999999999", "--1", "١",
  ])
  func anythingElseIsNotANumber(text: String) {
    #expect(Array(text.utf8).withUnsafeBufferPointer { PostgresColumns.integer($0) } == nil)
  }

  @Test func rowsAreReadInPlaceWithTheirNullsRefused() throws {
    let connection = try PostgresConnection(
      url: try PostgresTestServer.shared.get().freshDatabase())
    let rows = try connection.query(
      prepared: "values",
      """
      SELECT * FROM (VALUES (1, 'Chloé'::text), (-9223372036854775808, ''),
        (9223372036854775807, 'フレーム')) AS v (n, t) WHERE n <> $1::bigint ORDER BY n
      """, ["1"]
    ) { row in "\(try row.integer(at: 0)) \(try row.string(at: 1)) \(row.isNull(at: 1))" }
    #expect(rows == ["-9223372036854775808  false", "9223372036854775807 フレーム false"])
    #expect(throws: PostgresError.self) {
      _ = try connection.query(prepared: "null", "SELECT NULL::int") { try $0.integer(at: 0) }
    }
    #expect(throws: PostgresError.self) {
      _ = try connection.query(prepared: "word", "SELECT 'x'::text") { try $0.integer(at: 0) }
    }
    #expect(throws: PostgresError.self) {
      _ = try connection.query(prepared: "past", "SELECT 1") { try $0.string(at: 1) }
    }
    // The connection is still good after a refused row.
    #expect(try connection.query(prepared: "one", "SELECT 1") { try $0.integer(at: 0) } == [1])
  }
}
