import Synchronization

/// What the requests of one connection share: a note a middleware left about the last request
/// on it, kept while the connection is open. A browser sends the same `Cookie` header on every
/// request of a keep-alive connection, so the work that header took (reading a session token
/// and hashing it) is done once per connection, not once per request. Every request on the
/// connection reaches it (`Request.connectionMemo`); nothing else does.
package final class ConnectionMemo: Sendable {
  private let note = Mutex<(key: String, value: any AnyObject & Sendable)?>(nil)

  package init() {}

  /// The value noted under `key`; nil when the last note had another key, or there is none.
  package func value(for key: String) -> (any AnyObject & Sendable)? {
    note.withLock { note in note.flatMap { $0.key == key ? $0.value : nil } }
  }

  /// Notes `value` under `key`, in place of the last note.
  package func note(_ value: any AnyObject & Sendable, for key: String) {
    note.withLock { $0 = (key, value) }
  }
}
