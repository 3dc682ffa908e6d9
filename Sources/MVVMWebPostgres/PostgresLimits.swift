/// How long a PostgreSQL connection may wait, for each thing it waits for. A stalled server (a
/// stuck disk, a long lock, a paused process) must cost a caller a bounded wait, never a thread
/// held for good.
public struct PostgresLimits: Sendable, Equatable {
  /// Connecting, with the server's start-up answer (libpq's `connect_timeout`; it counts whole
  /// seconds, 2 at least).
  public var connect: Duration
  /// One statement, on the server (`statement_timeout`), and, since a frozen server cannot end
  /// it, on our side too: a connection that has no answer by then is dropped.
  public var statement: Duration

  /// Limits of `connect` to connect and `statement` per statement.
  public init(connect: Duration = .seconds(10), statement: Duration = .seconds(30)) {
    self.connect = connect
    self.statement = statement
  }

  /// libpq's parameters for these limits, and TCP keepalives, so a peer that vanished (a host
  /// gone, a cable cut) is noticed on an idle connection in about 11 s instead of hours.
  var parameters: [(String, String)] {
    [
      ("connect_timeout", String(max(2, Self.milliseconds(connect) / 1000))),
      ("keepalives", "1"), ("keepalives_idle", "5"), ("keepalives_interval", "2"),
      ("keepalives_count", "3"),
      ("options", "-c statement_timeout=\(max(1, Self.milliseconds(statement)))"),
    ]
  }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(clamping: max(0, seconds) * 1000 + max(0, attoseconds) / 1_000_000_000_000_000)
  }
}
