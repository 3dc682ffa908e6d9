/// What PostgreSQL or libpq refused, with the SQLSTATE code when the server gave one, so a store
/// can tell a broken rule (a taken name, an unknown player) from a failing database.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
  public let message: String
  /// The five-character SQLSTATE (`23505` unique violation, `23503` foreign key), if any.
  public let sqlState: String?

  public init(_ message: String, sqlState: String? = nil) {
    self.message = message
    self.sqlState = sqlState
  }

  public var isUniqueViolation: Bool { sqlState == "23505" }
  public var isForeignKeyViolation: Bool { sqlState == "23503" }

  public var description: String { message }
}
