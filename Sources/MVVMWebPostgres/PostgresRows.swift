/// A query's answer, copied out of libpq: its rows as text (NULL is nil) and how many rows a
/// command touched.
public struct PostgresRows: Sendable {
  /// The rows, each as its columns' text in the order selected; NULL is nil.
  public let rows: [[String?]]
  /// Rows inserted, updated or deleted by a command (0 for a SELECT or a DDL statement).
  public let affected: Int

  /// How many rows came back.
  public var count: Int { rows.count }
}
