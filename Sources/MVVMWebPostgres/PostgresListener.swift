import Dispatch
import Logging

/// Follows `NOTIFY` on some channels over a connection of its own, read by a Dispatch source on
/// libpq's socket (no thread waits on it), handing on each one's channel and payload. When the
/// connection drops it reconnects every second until it can, then reports every channel once
/// with no payload: what was missed meanwhile is unknown.
///
/// `@unchecked Sendable`: its mutable state is touched only on `queue`.
package final class PostgresListener: @unchecked Sendable {
  private let url: String
  private let channels: [String]
  private let queue = DispatchQueue(label: "mvvmweb.postgres.listen")
  private let notify: @Sendable (_ channel: String, _ payload: String?) -> Void
  private let logger: Logger
  private var source: DispatchSourceRead?
  private var current: PostgresConnection?
  private var stopped = false
  /// Looks at the connection every second as well: a socket that went away without waking the
  /// read source (closed under it) would otherwise go unnoticed.
  private let watchdog: DispatchSourceTimer

  /// Starts listening now; throws when the first connection cannot be made. Channel names are
  /// plain lowercase words (the change topics), never input.
  package init(
    url: String, channels: [String], logger: Logger,
    notify: @escaping @Sendable (_ channel: String, _ payload: String?) -> Void
  ) throws(PostgresError) {
    self.url = url
    self.channels = channels
    self.notify = notify
    self.logger = logger
    watchdog = DispatchSource.makeTimerSource(queue: queue)
    let connection = try Self.listening(url: url, channels: channels)
    queue.sync { follow(connection) }
    watchdog.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1))
    watchdog.setEventHandler { [weak self] in
      guard let self, let current = self.current else { return }
      self.read(current)
    }
    watchdog.resume()
  }

  /// Stops listening and closes the connection.
  package func stop() {
    queue.sync {
      stopped = true
      watchdog.cancel()
      current = nil
      source?.cancel()
      source = nil
    }
  }

  private static func listening(
    url: String, channels: [String]
  ) throws(PostgresError)
    -> PostgresConnection
  {
    let connection = try PostgresConnection(url: url)
    for channel in channels
    where channel.allSatisfy({ $0.isASCII && ($0.isLowercase || $0 == "_") }) {
      try connection.query("LISTEN \(channel)")
    }
    return connection
  }

  private func follow(_ connection: PostgresConnection) {
    let source = DispatchSource.makeReadSource(fileDescriptor: connection.socket, queue: queue)
    source.setEventHandler { [self] in read(connection) }
    // libpq closes the socket when the connection goes: only after the source let go of it.
    source.setCancelHandler { withExtendedLifetime(connection) {} }
    self.source = source
    current = connection
    source.resume()
  }

  /// Hands on what arrived; a connection that failed or closed is replaced.
  private func read(_ connection: PostgresConnection) {
    guard current === connection else { return }
    do {
      for (channel, payload) in try connection.notifications() { notify(channel, payload) }
      // The server may close the connection in the same read that brought its last words.
      guard connection.isHealthy else { throw PostgresError("the server closed the connection") }
    } catch {
      logger.warning("database notifications stopped: \(error); reconnecting")
      current = nil
      source?.cancel()
      source = nil
      reconnect()
    }
  }

  private func reconnect() {
    queue.asyncAfter(deadline: .now() + .seconds(1)) { [self] in
      guard !stopped else { return }
      do {
        follow(try Self.listening(url: url, channels: channels))
        logger.notice("database notifications resumed")
        for channel in channels { notify(channel, nil) }
      } catch {
        reconnect()
      }
    }
  }
}
