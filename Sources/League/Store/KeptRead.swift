import Synchronization

/// Reads kept until the store's next committed change, by key (a page's place, or one key for a
/// read that has one value). Every `/rankings` between two writes shows the same standings and
/// every `/matches` the same page, so they are read, decoded and sorted once per change instead
/// of once per request (the pages themselves are still rendered per request).
///
/// `forget()` must run after each commit that can change a value and before the change is
/// published, so a live page rebuilt on the news reads afresh. A read that overlaps a commit is
/// returned but not kept: a kept value is never older than the last commit forgotten. At most
/// `capacity` values are kept; a read past that starts the keeping over.
final class KeptRead<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct State {
    var values: [Key: Value] = [:]
    /// Counts the commits forgotten, so a read can tell whether one happened while it ran.
    var generation: UInt64 = 0
  }

  private let state = Mutex(State())
  private let capacity: Int

  init(capacity: Int = 1) {
    self.capacity = max(1, capacity)
  }

  func value(for key: Key, reading read: () throws -> Value) throws -> Value {
    let (kept, generation) = state.withLock { ($0.values[key], $0.generation) }
    if let kept { return kept }
    let value = try read()
    state.withLock { state in
      guard state.generation == generation else { return }
      if state.values.count >= capacity { state.values.removeAll(keepingCapacity: true) }
      state.values[key] = value
    }
    return value
  }

  /// The value kept for `key`, without reading: nil when none is.
  func kept(for key: Key) -> Value? {
    state.withLock { $0.values[key] }
  }

  func forget() {
    state.withLock { state in
      state.values.removeAll(keepingCapacity: true)
      state.generation &+= 1
    }
  }
}

extension KeptRead where Key == Int {
  /// The one value of a read without a key.
  func value(reading read: () throws -> Value) throws -> Value {
    try value(for: 0, reading: read)
  }

  /// The one value, if it is kept.
  var kept: Value? { kept(for: 0) }
}
