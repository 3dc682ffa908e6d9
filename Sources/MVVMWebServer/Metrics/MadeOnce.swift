import Synchronization

/// Values made the first time their key is asked for and kept: the metric handles per route,
/// status or page. Asking a metrics factory for a handle on every request costs a lookup under
/// its own lock and a new object.
///
/// Inlinable, so that each caller's lookup is compiled for its own key and value types: through
/// the generic code, the dictionary's metadata would be looked up on every call.
package final class MadeOnce<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  @usableFromInline let made = Mutex<[Key: Value]>([:])

  /// An empty table.
  package init() {}

  /// The value for `key`, made by `make` the first time `key` is asked for. `make` runs under the
  /// table's lock, so it must be quick and must not ask the table again.
  @inlinable
  package func value(for key: Key, make: () -> Value) -> Value {
    made.withLock { made in
      if let value = made[key] { return value }
      let value = make()
      made[key] = value
      return value
    }
  }
}
