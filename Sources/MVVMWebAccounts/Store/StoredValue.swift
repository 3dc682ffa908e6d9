import Foundation

// How the account stores write what is not text: one format in SQLite and PostgreSQL alike.

extension Date {
  /// Seconds since Foundation's reference date (2001-01-01 00:00 UTC), the number a `Date`
  /// holds: stored as a double, a time comes back bit for bit. (Seconds since 1970 would move
  /// some by a rounding step on the way.)
  var storedSeconds: Double { timeIntervalSinceReferenceDate }

  /// The time `storedSeconds` gave, or nil for a number no time has.
  init?(storedSeconds seconds: Double) {
    guard seconds.isFinite else { return nil }
    self.init(timeIntervalSinceReferenceDate: seconds)
  }
}

extension ChallengePurpose {
  /// The purpose's name and account, as the `purpose` and `account` columns keep them.
  var stored: (name: String, account: UUID?) {
    switch self {
    case .signIn: ("sign-in", nil)
    case .register(let account): ("register", account)
    }
  }

  /// The purpose `stored` gave, or nil for a name and account that make none.
  init?(stored name: String, account: UUID?) {
    switch (name, account) {
    case ("sign-in", nil): self = .signIn
    case ("register", let account?): self = .register(account: account)
    default: return nil
    }
  }
}

/// A row of an account store that could not be read (a value of the wrong kind or size): the
/// database was damaged or written by something else. Names the table and column, never a
/// value, which may be a hash.
struct UnreadableAccountRow: Error, CustomStringConvertible {
  let table: String
  let column: String

  var description: String { "a row of \(table) has an unreadable \(column)" }
}
