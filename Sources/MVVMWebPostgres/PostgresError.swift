/// What PostgreSQL or libpq refused, with the SQLSTATE code when the server gave one, so a store
/// can tell a broken rule (a taken name, an unknown player) from a failing database.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, as PostgreSQL or libpq said it.
  public let message: String
  /// The five-character SQLSTATE (`23505` unique violation, `23503` foreign key), if any.
  public let sqlState: String?

  /// An error saying `message`, with the server's SQLSTATE when there is one.
  public init(_ message: String, sqlState: String? = nil) {
    self.message = message
    self.sqlState = sqlState
  }

  /// A unique constraint refused the row (SQLSTATE 23505): a taken name, a duplicate key.
  public var isUniqueViolation: Bool { sqlState == "23505" }
  /// A foreign key refused the row (SQLSTATE 23503): it names a row that is not there.
  public var isForeignKeyViolation: Bool { sqlState == "23503" }

  /// The message.
  public var description: String { message }
}
