import CMVVMWebPQ

/// The columns of one row of a result, read in place from libpq's memory as its text: without
/// the `[[String?]]` copy of the whole result `query` makes, so a page read on every request
/// (TechEmpower's Fortunes) allocates nothing per row but the values it keeps.
///
/// Only valid inside the closure `query(prepared:_:_:row:)` calls: the result is cleared after.
/// A NULL, or text that is not the number asked for, throws; nothing traps.
public struct PostgresColumns {
  private let result: OpaquePointer
  private let row: Int32

  @usableFromInline
  init(result: OpaquePointer, row: Int32) {
    self.result = result
    self.row = row
  }

  /// Whether column `column` holds NULL.
  public func isNull(at column: Int32) -> Bool {
    PQgetisnull(result, row, column) == 1
  }

  /// `body`'s answer for the bytes of column `column`'s text, which are libpq's until the
  /// result is cleared (copy what is kept).
  public func text<Value>(
    at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Value
  ) throws -> Value {
    guard column >= 0, column < PQnfields(result), !isNull(at: column),
      let start = PQgetvalue(result, row, column)
    else { throw PostgresError("column \(column) of a row is NULL or missing") }
    let count = Int(PQgetlength(result, row, column))
    return try start.withMemoryRebound(to: UInt8.self, capacity: max(count, 0)) {
      try body(UnsafeBufferPointer(start: $0, count: max(count, 0)))
    }
  }

  /// Column `column`'s text as a `String`.
  public func string(at column: Int32) throws -> String {
    try text(at: column) { String(decoding: $0, as: UTF8.self) }
  }

  /// Column `column`'s text as a whole number (PostgreSQL's text for `integer` and `bigint`).
  public func integer(at column: Int32) throws -> Int {
    try text(at: column) { bytes in
      guard let value = Self.integer(bytes) else {
        throw PostgresError(
          "column \(column) of a row is not a whole number: \(String(decoding: bytes.prefix(40), as: UTF8.self))"
        )
      }
      return value
    }
  }

  /// Decimal digits with an optional `-`, within `Int`'s range: nil for anything else (an empty
  /// text, a sign alone, a space, a number that overflows).
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var digits = bytes[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      // Built negative, so Int.min (whose magnitude Int.max cannot hold) reads too.
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, underflowed) = shifted.subtractingReportingOverflow(digit)
      guard !overflowed, !underflowed else { return nil }
      value = next
    }
    if negative { return value }
    let (positive, overflowed) = (0).subtractingReportingOverflow(value)
    return overflowed ? nil : positive
  }
}

extension PostgresColumns {
  /// What `row` makes of each row of `result`, read in place. Inlinable, so the rows are
  /// gathered in code made for `Row` (`PostgresPipeline.query`).
  @inlinable
  static func rows<Row>(
    of result: OpaquePointer, _ row: (PostgresColumns) throws -> Row
  ) throws -> [Row] {
    let count = rowCount(of: result)
    var rows: [Row] = []
    rows.reserveCapacity(Int(max(count, 0)))
    for index in 0..<max(count, 0) {
      rows.append(try row(PostgresColumns(result: result, row: index)))
    }
    return rows
  }

  @usableFromInline
  static func rowCount(of result: OpaquePointer) -> Int32 {
    PQntuples(result)
  }
}
