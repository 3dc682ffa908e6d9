import Dispatch
import Synchronization

/// A few connections to one database, shared by a store. A caller takes one, uses it alone and
/// gives it back; a connection that broke is closed instead, and the next caller opens a new
/// one, so a dropped connection costs the call that hit it (a 503), never a hang.
public final class PostgresPool: Sendable {
  /// The database the connections open (`postgres://…`).
  public let url: String
  /// How long each connection may wait.
  public let limits: PostgresLimits
  private let idle: Mutex<[PostgresConnection]>
  private let free: DispatchSemaphore
  private let wait: Duration

  /// Opens one connection now, so a bad URL, an unreachable server or refused credentials stop
  /// the start rather than the first request. `size` connections at most are open at once; a
  /// caller waits up to `wait` for one; each connection waits as `limits` allow.
  public init(
    url: String, size: Int, wait: Duration = .seconds(10),
    limits: PostgresLimits = PostgresLimits()
  ) throws(PostgresError) {
    self.url = url
    self.limits = limits
    idle = Mutex([try PostgresConnection(url: url, limits: limits)])
    free = DispatchSemaphore(value: max(1, size))
    self.wait = wait
  }

  /// Runs `body` with a connection of its own, waiting up to the pool's `wait` for one; throws when
  /// none came free in time. A connection that broke during `body` is closed, not given back.
  public func withConnection<Value>(_ body: (PostgresConnection) throws -> Value) throws -> Value {
    let (seconds, attoseconds) = wait.components
    let timeout =
      DispatchTime.now()
      + .milliseconds(
        Int(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    guard free.wait(timeout: timeout) == .success else {
      throw PostgresError("no database connection came free in time")
    }
    defer { free.signal() }
    let connection =
      try idle.withLock { $0.popLast() } ?? PostgresConnection(url: url, limits: limits)
    defer { if connection.isHealthy { idle.withLock { $0.append(connection) } } }
    return try body(connection)
  }

  /// `body` in one transaction on one connection.
  public func write<Value>(_ body: (PostgresConnection) throws -> Value) throws -> Value {
    try withConnection { connection in try connection.transaction { try body(connection) } }
  }
}
