import Synchronization

/// A read kept until the store's next committed change. Every `/rankings` between two writes
/// shows the same standings, so they are read, decoded and sorted once per change instead of
/// once per request (the page itself is still rendered per request).
///
/// `forget()` must run after each commit that can change the value and before the change is
/// published, so a live page rebuilt on the news reads afresh. A read that overlaps a commit is
/// returned but not kept: the kept value is never older than the last commit forgotten.
final class KeptRead<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    /// Counts the commits forgotten, so a read can tell whether one happened while it ran.
    var generation: UInt64 = 0
  }

  private let state = Mutex(State())

  func value(reading read: () throws -> Value) throws -> Value {
    let (kept, generation) = state.withLock { ($0.value, $0.generation) }
    if let kept { return kept }
    let value = try read()
    state.withLock { state in
      if state.generation == generation { state.value = value }
    }
    return value
  }

  func forget() {
    state.withLock { state in
      state.value = nil
      state.generation &+= 1
    }
  }
}
